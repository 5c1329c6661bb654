import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, ApiError, clearSession, LocalizedLink, useAuth } from '@reelmint/shared';
import type { AccountUser } from '@reelmint/shared';
import { applyAccountUser } from './account-user.ts';
import { ProfileSection } from './profile-section.tsx';
import { EmailSection } from './email-section.tsx';
import { PasswordSection } from './password-section.tsx';
import { PlanSection } from './plan-section.tsx';
import { SessionsSection } from './sessions-section.tsx';
import { DataSection } from './data-section.tsx';
import { DeleteSection } from './delete-section.tsx';
import styles from './account-page.module.css';

type Load = { kind: 'loading' } | { kind: 'ready'; user: AccountUser } | { kind: 'failed'; serverDown: boolean };

/** /account: the signed-in person's settings. Each section saves on its own and says what happened. */
export default function AccountPage() {
  const { t } = useTranslation();
  const signedIn = useAuth((s) => !!s.token);
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  const [deleted, setDeleted] = useState<{ email: string; mailMayBeLate: boolean } | null>(null);
  const deletedHeading = useRef<HTMLHeadingElement>(null);

  // The confirmation replaces a long page the person had scrolled down: show it from its top, and
  // move focus there so keyboard and screen-reader users land on what happened.
  useEffect(() => {
    if (!deleted) return;
    window.scrollTo(0, 0);
    deletedHeading.current?.focus();
  }, [deleted]);

  const fetchUser = useCallback(() => {
    setLoad({ kind: 'loading' });
    api.me().then(
      (user) => {
        applyAccountUser(user);
        setLoad({ kind: 'ready', user });
      },
      (failure: unknown) => {
        // The session ended elsewhere: this browser is signed out too, and the page asks to sign in.
        if (failure instanceof ApiError && failure.status === 401) clearSession();
        else setLoad({ kind: 'failed', serverDown: failure instanceof ApiError && failure.isNetworkError });
      },
    );
  }, []);

  useEffect(() => {
    if (signedIn) fetchUser();
  }, [signedIn, fetchUser]);

  /** A section saved: the page and the header show the account as the API now has it. */
  const onSaved = useCallback((user: AccountUser) => {
    applyAccountUser(user);
    setLoad({ kind: 'ready', user });
  }, []);

  if (deleted) {
    return (
      <main className={styles.page} data-testid="account-deleted">
        <h1 ref={deletedHeading} tabIndex={-1} className={styles.title}>
          {t('settings.delete.doneTitle')}
        </h1>
        <p className={styles.lead} role="status">
          {t('settings.delete.done', { email: deleted.email })}
        </p>
        {deleted.mailMayBeLate && <p className={styles.warning}>{t('verify.mailLate')}</p>}
        <LocalizedLink className={styles.primary} to="/">
          {t('settings.delete.home')}
        </LocalizedLink>
      </main>
    );
  }

  if (!signedIn) {
    return (
      <main className={styles.page}>
        <h1 className={styles.title}>{t('settings.title')}</h1>
        <p className={styles.lead}>{t('settings.signInNeeded')}</p>
        <LocalizedLink className={styles.primary} to={`/auth?${new URLSearchParams({ returnTo: '/account' }).toString()}`}>
          {t('header.login')}
        </LocalizedLink>
      </main>
    );
  }

  return (
    <main className={styles.page} aria-busy={load.kind === 'loading'} data-testid="account-page">
      <h1 className={styles.title}>{t('settings.title')}</h1>
      <p className={styles.lead}>{t('settings.lead')}</p>
      {load.kind === 'loading' && (
        <p role="status" className={styles.lead}>
          {t('settings.loading')}
        </p>
      )}
      {load.kind === 'failed' && (
        <div role="alert" className={styles.notice}>
          <p>{load.serverDown ? t('auth.serverDown') : t('auth.genericError')}</p>
          <button type="button" className={styles.secondary} onClick={fetchUser}>
            {t('settings.retry')}
          </button>
        </div>
      )}
      {load.kind === 'ready' && (
        <div className={styles.sections}>
          <ProfileSection user={load.user} onSaved={onSaved} />
          <EmailSection user={load.user} onSaved={onSaved} />
          <PlanSection />
          <PasswordSection user={load.user} />
          <SessionsSection />
          <DataSection />
          <DeleteSection
            user={load.user}
            onDeleted={(reply) => {
              // The server has ended every session; this browser forgets its token too.
              setDeleted({ email: load.user.email, mailMayBeLate: reply.mailMayBeLate });
              clearSession();
            }}
          />
        </div>
      )}
    </main>
  );
}
