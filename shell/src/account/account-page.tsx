import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError, clearSession, LocalizedLink, useAuth } from '@reelmint/shared';
import type { AccountUser } from '@reelmint/shared';
import { applyAccountUser } from './account-user.ts';
import { accountKey } from './account-query.ts';
import { useAccount } from './use-account.ts';
import { withShellQueries } from '../server-state/shell-queries.tsx';
import { ProfileSection } from './profile-section.tsx';
import { EmailSection } from './email-section.tsx';
import { PasswordSection } from './password-section.tsx';
import { PlanSection } from './plan-section.tsx';
import { SessionsSection } from './sessions-section.tsx';
import { NotificationsSection } from './notifications-section.tsx';
import { DataSection } from './data-section.tsx';
import { DeleteSection } from './delete-section.tsx';
import styles from './account-page.module.css';

type Load = { kind: 'loading' } | { kind: 'ready'; user: AccountUser } | { kind: 'failed'; serverDown: boolean };

/** /account: the signed-in person's settings. Each section saves on its own and says what happened. */
function AccountPage() {
  const { t } = useTranslation();
  const session = useAuth((s) => s.token);
  const signedIn = session !== null;
  const account = useAccount();
  const queryClient = useQueryClient();
  // A read that failed shows its notice until Try again is pressed; a session the API no longer knows ends on the
  // spot (account-query.ts), and the page asks to sign in.
  const load: Load = account.data
    ? { kind: 'ready', user: account.data }
    : account.isError && !account.isFetching
      ? { kind: 'failed', serverDown: account.error instanceof ApiError && account.error.isNetworkError }
      : { kind: 'loading' };
  const [deleted, setDeleted] = useState<{ email: string; mailMayBeLate: boolean } | null>(null);
  const deletedHeading = useRef<HTMLHeadingElement>(null);

  // The confirmation replaces a long page the person had scrolled down: show it from its top, and
  // move focus there so keyboard and screen-reader users land on what happened.
  useEffect(() => {
    if (!deleted) return;
    window.scrollTo(0, 0);
    deletedHeading.current?.focus();
  }, [deleted]);

  /** A section saved: the page and the header show the account as the API now has it. */
  const onSaved = useCallback(
    (user: AccountUser) => {
      applyAccountUser(user);
      queryClient.setQueryData(accountKey(session), user);
    },
    [queryClient, session],
  );

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
          <button type="button" className={styles.secondary} onClick={() => void account.refetch()}>
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
          <NotificationsSection />
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

export default withShellQueries(AccountPage);
