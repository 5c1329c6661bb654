import { useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { api, LocalizedLink, useActiveLanguage } from '@reelmint/shared';
import { requestErrorKey } from './request-error.ts';
import styles from './account-pages.module.css';

type Sent = { email: string; mailMayBeLate: boolean };

/** /forgot-password: asks for the account's email and says the same thing whether or not it has an account. */
export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  const language = useActiveLanguage();
  const [sent, setSent] = useState<Sent | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const ids = { email: useId(), error: useId() };
  // The address typed on the sign-in page, handed over with the move (never in the address bar).
  const handed = (useLocation().state as { email?: unknown } | null)?.email;
  const typedEmail = typeof handed === 'string' ? handed : undefined;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get('email') ?? '').trim();
    setBusy(true);
    setError(null);
    try {
      const reply = await api.forgotPassword(email, language);
      setSent({ email, mailMayBeLate: reply.mailMayBeLate });
      // The form is gone: move focus to the heading that now says what happened.
      requestAnimationFrame(() => heading.current?.focus());
    } catch (failure) {
      setError(t(requestErrorKey(failure)));
    } finally {
      setBusy(false);
    }
  };

  return (
    <main className={styles.page}>
      <section className={styles.card} aria-labelledby="forgot-title" data-testid="forgot-password">
        <h1 id="forgot-title" className={styles.title} ref={heading} tabIndex={-1}>
          {sent ? t('password.sentTitle') : t('password.forgotTitle')}
        </h1>
        {sent ? (
          <div role="status">
            <p className={styles.lead} data-testid="forgot-sent">
              {t('password.sent', { email: sent.email, minutes: 30 })}
            </p>
            {sent.mailMayBeLate && (
              <p className={styles.notice} data-testid="mail-late">
                {t('password.mailLate')}
              </p>
            )}
            <div className={styles.links}>
              <button type="button" className={styles.linkButton} onClick={() => setSent(null)}>
                {t('password.sendAgain')}
              </button>
              <LocalizedLink to="/auth">{t('password.backToSignIn')}</LocalizedLink>
            </div>
          </div>
        ) : (
          <>
            <p className={styles.lead}>{t('password.forgotLead')}</p>
            <form className={styles.form} onSubmit={(event) => void onSubmit(event)} aria-describedby={error ? ids.error : undefined}>
              <div className={styles.field}>
                <label htmlFor={ids.email}>{t('auth.email')}</label>
                <input id={ids.email} name="email" type="email" autoComplete="email" required maxLength={254} defaultValue={typedEmail} />
              </div>
              {error && (
                <p id={ids.error} className={styles.error} role="alert">
                  {error}
                </p>
              )}
              <button type="submit" className={styles.submit} disabled={busy}>
                {busy ? t('auth.working') : t('password.forgotSubmit')}
              </button>
            </form>
            <div className={styles.links}>
              <LocalizedLink to="/auth">{t('password.backToSignIn')}</LocalizedLink>
            </div>
          </>
        )}
      </section>
    </main>
  );
}
