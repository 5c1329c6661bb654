import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, ApiError, useActiveLanguage } from '@reelmint/shared';
import { requestErrorKey } from './request-error.ts';
import styles from './account-pages.module.css';

type Outcome = { kind: 'sent'; email: string; mailMayBeLate: boolean } | { kind: 'error'; key: string };

/** The sentence for a refused resend, in the page's language. */
export function resendErrorKey(failure: unknown): string {
  if (failure instanceof ApiError && failure.code === 'TOO_MANY_MAILS') return 'verify.tooMany';
  return requestErrorKey(failure);
}

/** 'Resend': mails a new confirmation link to the signed-in person and says what happened. */
export function ResendVerification({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const language = useActiveLanguage();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const resend = async () => {
    setBusy(true);
    try {
      const reply = await api.resendVerification(language);
      setOutcome({ kind: 'sent', email: reply.email, mailMayBeLate: reply.mailMayBeLate });
    } catch (failure) {
      setOutcome({ kind: 'error', key: resendErrorKey(failure) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <button type="button" className={compact ? styles.linkButton : styles.submit} onClick={() => void resend()} disabled={busy} aria-busy={busy}>
        {busy ? t('auth.working') : t('verify.resend')}
      </button>
      <span role="status" className={compact ? undefined : styles.outcome} data-testid="verify-resend-outcome">
        {outcome?.kind === 'sent' && (outcome.mailMayBeLate ? t('verify.mailLate') : t('verify.sent', { email: outcome.email }))}
        {outcome?.kind === 'error' && t(outcome.key)}
      </span>
    </>
  );
}
