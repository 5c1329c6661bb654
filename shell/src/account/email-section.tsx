import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { api, useActiveLanguage, useAuth } from '@reelmint/shared';
import type { AccountUser } from '@reelmint/shared';
import { accountKey, accountQuery } from './account-query.ts';
import { ResendVerification } from './resend-verification.tsx';
import { settingsErrorKey } from './settings-errors.ts';
import { SectionStatus } from './section-status.tsx';
import type { Status } from './section-status.tsx';
import styles from './account-page.module.css';

/** The account's address, whether it is confirmed, and a change that takes effect once the new address confirms. */
export function EmailSection({ user, onSaved }: { user: AccountUser; onSaved: (user: AccountUser) => void }) {
  const { t } = useTranslation();
  const language = useActiveLanguage();
  const session = useAuth((s) => s.token);
  const queryClient = useQueryClient();
  const ids = { email: useId(), password: useId() };
  const [status, setStatus] = useState<Status>(null);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const email = String(data.get('email') ?? '').trim();
    const password = user.hasPassword ? String(data.get('password') ?? '') : undefined;
    setBusy(true);
    setStatus(null);
    try {
      const reply = await api.changeEmail(email, password, language);
      form.reset();
      setStatus(
        reply.mailMayBeLate
          ? { kind: 'warning', text: `${t('settings.email.sent', { email: reply.pendingEmail })} ${t('verify.mailLate')}` }
          : { kind: 'done', text: t('settings.email.sent', { email: reply.pendingEmail }) },
      );
      // The account read again, with the address waiting for its confirmation: a read in flight began before the change.
      await queryClient.cancelQueries({ queryKey: accountKey(session), exact: true });
      onSaved(await queryClient.fetchQuery(accountQuery(session)));
    } catch (failure) {
      setStatus({ kind: 'error', text: t(settingsErrorKey(failure)) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className={styles.card} aria-labelledby="settings-email">
      <h2 id="settings-email" className={styles.cardTitle}>
        {t('settings.email.title')}
      </h2>
      <p className={styles.text} data-testid="settings-email">
        {t('settings.email.current', { email: user.email })}{' '}
        <span className={user.emailVerified ? styles.badgeOk : styles.badgeWarn}>
          {user.emailVerified ? t('settings.email.verified') : t('settings.email.unverified')}
        </span>
      </p>
      {user.emailVerified === false && (
        <div className={styles.inline}>
          <ResendVerification compact />
        </div>
      )}
      {user.pendingEmail && <p className={styles.warning}>{t('settings.email.pending', { email: user.pendingEmail })}</p>}
      <form className={styles.form} onSubmit={(event) => void onSubmit(event)}>
        <div className={styles.field}>
          <label htmlFor={ids.email}>{t('settings.email.newEmail')}</label>
          <input id={ids.email} name="email" type="email" autoComplete="email" required maxLength={254} />
        </div>
        {user.hasPassword && (
          <div className={styles.field}>
            <label htmlFor={ids.password}>{t('settings.email.currentPassword')}</label>
            <input id={ids.password} name="password" type="password" autoComplete="current-password" required maxLength={256} />
          </div>
        )}
        <button type="submit" className={styles.primary} disabled={busy}>
          {busy ? t('auth.working') : t('settings.email.submit')}
        </button>
        <SectionStatus status={status} testId="email-status" />
      </form>
    </section>
  );
}
