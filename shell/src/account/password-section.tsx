import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { api, useActiveLanguage } from '@reelmint/shared';
import type { AccountUser } from '@reelmint/shared';
import { PasswordStrengthMeter, useNewPassword, weaknessText, weakPasswordRefusal } from './password-strength-meter.tsx';
import { settingsErrorKey } from './settings-errors.ts';
import { SectionStatus } from './section-status.tsx';
import type { Status } from './section-status.tsx';
import styles from './account-page.module.css';

/** Password change with the current password; an account made with Google sets its first one by mail. */
export function PasswordSection({ user }: { user: AccountUser }) {
  const { t } = useTranslation();
  const language = useActiveLanguage();
  const ids = { current: useId(), next: useId(), confirm: useId(), hint: useId(), strength: useId() };
  const [status, setStatus] = useState<Status>(null);
  const [busy, setBusy] = useState(false);
  const newPassword = useNewPassword([user.name, user.email]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const next = String(data.get('next') ?? '');
    // One problem at a time, the first that applies: each try says what is wrong now, never what was wrong before.
    const weakness = newPassword.verdict?.weakness;
    if (weakness) {
      setStatus({ kind: 'error', text: weaknessText(t, weakness) });
      return;
    }
    if (next !== String(data.get('confirm') ?? '')) {
      setStatus({ kind: 'error', text: t('password.mismatch') });
      return;
    }
    setBusy(true);
    setStatus(null);
    try {
      await api.changePassword(String(data.get('current') ?? ''), next);
      form.reset();
      newPassword.reset();
      setStatus({ kind: 'done', text: t('settings.password.changed') });
    } catch (failure) {
      setStatus({ kind: 'error', text: weakPasswordRefusal(t, failure) ?? t(settingsErrorKey(failure)) });
    } finally {
      setBusy(false);
    }
  };

  const sendSetLink = async () => {
    setBusy(true);
    setStatus(null);
    try {
      const reply = await api.forgotPassword(user.email, language);
      setStatus(
        reply.mailMayBeLate ? { kind: 'warning', text: t('verify.mailLate') } : { kind: 'done', text: t('settings.password.linkSent', { email: user.email }) },
      );
    } catch (failure) {
      setStatus({ kind: 'error', text: t(settingsErrorKey(failure)) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className={styles.card} aria-labelledby="settings-password">
      <h2 id="settings-password" className={styles.cardTitle}>
        {t('settings.password.title')}
      </h2>
      {user.hasPassword ? (
        <form
          className={styles.form}
          onSubmit={(event) => void onSubmit(event)}
          onChange={() => setStatus((current) => (current?.kind === 'error' ? null : current))}
        >
          <input type="email" name="username" autoComplete="username" value={user.email} readOnly hidden />
          <div className={styles.field}>
            <label htmlFor={ids.current}>{t('settings.password.current')}</label>
            <input id={ids.current} name="current" type="password" autoComplete="current-password" required maxLength={256} />
          </div>
          <div className={styles.field}>
            <label htmlFor={ids.next}>{t('settings.password.new')}</label>
            <input
              id={ids.next}
              name="next"
              type="password"
              autoComplete="new-password"
              required
              minLength={8}
              maxLength={256}
              aria-describedby={`${ids.hint} ${ids.strength}`}
              {...newPassword.input}
            />
            <small id={ids.hint} className={styles.hint}>
              {t('auth.passwordHint')}
            </small>
            <PasswordStrengthMeter verdict={newPassword.verdict} id={ids.strength} />
          </div>
          <div className={styles.field}>
            <label htmlFor={ids.confirm}>{t('settings.password.confirm')}</label>
            <input id={ids.confirm} name="confirm" type="password" autoComplete="new-password" required minLength={8} maxLength={256} />
          </div>
          <button type="submit" className={styles.primary} disabled={busy}>
            {busy ? t('auth.working') : t('settings.password.submit')}
          </button>
          <SectionStatus status={status} testId="password-status" />
        </form>
      ) : (
        <>
          <p className={styles.text}>{t('settings.password.none')}</p>
          <button type="button" className={styles.secondary} onClick={() => void sendSetLink()} disabled={busy}>
            {busy ? t('auth.working') : t('settings.password.setOne')}
          </button>
          <SectionStatus status={status} testId="password-status" />
        </>
      )}
    </section>
  );
}
