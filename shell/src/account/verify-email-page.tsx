import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { api, ApiError, authStore, LocalizedLink, updateUser, useAuth } from '@reelmint/shared';
import type { VerifyEmailReply } from '@reelmint/shared';
import { ResendVerification } from './resend-verification.tsx';
import { refreshAccount } from './account-query.ts';
import { requestErrorKey } from './request-error.ts';
import styles from './account-pages.module.css';

type Broken = 'invalid' | 'expired' | 'used' | 'taken';
type PageState =
  { kind: 'checking' } | { kind: 'done'; reply: VerifyEmailReply } | { kind: 'broken'; reason: Broken } | { kind: 'unreachable'; message: string };

/** Why a confirmation link did nothing, from the API's code; null when the failure is not about the link. */
export function brokenVerifyReason(failure: unknown): Broken | null {
  if (!(failure instanceof ApiError)) return null;
  switch (failure.code) {
    case 'VERIFY_LINK_EXPIRED':
      return 'expired';
    case 'VERIFY_LINK_USED':
      return 'used';
    case 'EMAIL_TAKEN':
      return 'taken';
    // A malformed token is refused by the API's schema before it is looked up: a broken link too.
    case 'VERIFY_LINK_INVALID':
    case 'VALIDATION_ERROR':
      return 'invalid';
    default:
      return null;
  }
}

/**
 * One request per token for the life of the page: a link can be used once, and React's
 * development mode runs effects twice, which would show a fresh link as already used.
 */
const attempts = new Map<string, Promise<VerifyEmailReply>>();

/** What a confirmed link changes in this browser's session, when it is the same account's. */
function applyToSession(reply: VerifyEmailReply): void {
  const user = authStore.getState().user;
  if (!user) return;
  if (reply.purpose === 'change') {
    // Only the signed-in account can have asked to move to this address: the account is read again to be sure.
    void refreshAccount();
  } else if (user.email === reply.email) {
    updateUser({ emailVerified: true });
  }
}

/** /verify-email?token=…: the page confirmation mails link to. */
export default function VerifyEmailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const signedIn = useAuth((s) => !!s.token);
  const unverified = useAuth((s) => s.user?.emailVerified === false);
  const [state, setState] = useState<PageState>(token ? { kind: 'checking' } : { kind: 'broken', reason: 'invalid' });

  useEffect(() => {
    if (!token) return;
    let live = true;
    let attempt = attempts.get(token);
    if (!attempt) {
      attempt = api.verifyEmail(token);
      attempts.set(token, attempt);
      attempt.then(applyToSession, () => undefined);
    }
    attempt.then(
      (reply) => live && setState({ kind: 'done', reply }),
      (failure: unknown) => {
        if (!live) return;
        const reason = brokenVerifyReason(failure);
        // A network failure may be retried with the same link on the next visit.
        if (!reason) attempts.delete(token);
        setState(reason ? { kind: 'broken', reason } : { kind: 'unreachable', message: requestErrorKey(failure) });
      },
    );
    return () => {
      live = false;
    };
  }, [token]);

  return (
    <main className={styles.page}>
      <section className={styles.card} aria-labelledby="verify-title" data-testid="verify-email" aria-busy={state.kind === 'checking'}>
        {state.kind === 'checking' && (
          <>
            <h1 id="verify-title" className={styles.title}>
              {t('verify.title')}
            </h1>
            <p className={styles.lead} role="status">
              {t('verify.checking')}
            </p>
          </>
        )}
        {state.kind === 'unreachable' && (
          <>
            <h1 id="verify-title" className={styles.title}>
              {t('verify.title')}
            </h1>
            <p className={styles.notice} role="alert">
              {t(state.message)}
            </p>
          </>
        )}
        {state.kind === 'done' && (
          <div role="status">
            <h1 id="verify-title" className={styles.title}>
              {state.reply.purpose === 'change' ? t('verify.changedTitle') : t('verify.doneTitle')}
            </h1>
            <p className={styles.lead}>
              {state.reply.purpose === 'change' ? t('verify.changed', { email: state.reply.email }) : t('verify.done', { email: state.reply.email })}
            </p>
            <LocalizedLink className={styles.submit} to={signedIn ? '/' : '/auth'}>
              {signedIn ? t('verify.continue') : t('verify.signIn')}
            </LocalizedLink>
          </div>
        )}
        {state.kind === 'broken' && (
          <div data-testid="verify-link-broken">
            <h1 id="verify-title" className={styles.title}>
              {t('password.brokenTitle')}
            </h1>
            <p className={styles.lead}>{t(`verify.broken.${state.reason}`, { hours: 24 })}</p>
            {signedIn && unverified ? (
              <ResendVerification />
            ) : (
              <p className={styles.lead}>{signedIn ? t('verify.nothingChanged') : t('verify.askAfterSignIn')}</p>
            )}
            {!signedIn && (
              <LocalizedLink className={styles.submit} to="/auth">
                {t('verify.signIn')}
              </LocalizedLink>
            )}
          </div>
        )}
      </section>
    </main>
  );
}
