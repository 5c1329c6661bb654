import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { ApiError, LocalizedLink, useActiveLanguage, useAuth } from '@reelmint/shared';
import { announceCheckoutEnded } from '../checkout/checkout-end.ts';
import { applyAccountState, refreshAccount } from '../checkout/checkout-return.ts';
import { useBillingText } from '../i18n.ts';
import { billingKeys, withBillingQueries } from '../server-state/billing-queries.tsx';
import { formatNumber } from '../ui/format.ts';
import { PaidReceipt } from './paid-receipt.tsx';
import { CONFIRM_ATTEMPTS, CONFIRM_INTERVAL_MS, fetchPaymentSession } from './payment-session.ts';
import type { PaymentSession } from './payment-session.ts';
import styles from './payment.module.css';

type View =
  | { kind: 'confirming' }
  | { kind: 'paid'; session: PaymentSession }
  | { kind: 'pending' }
  /** Paid with a delayed method (a bank debit): the money is on its way, for days. */
  | { kind: 'processing' }
  /** That delayed payment failed: nothing was charged. */
  | { kind: 'failed' }
  | { kind: 'canceled' }
  | { kind: 'not-found' }
  | { kind: 'error' }
  /**
   * No session id in the address (typed or bookmarked): nothing says a payment was made, so it is told like an unknown
   * session, never as a success; plan and balance are still refreshed in case a payment did go through.
   */
  | { kind: 'missing' }
  /** A session id, but not signed in here, so it cannot be confirmed: thank the person and refresh what we can. */
  | { kind: 'generic' };

/**
 * /payment/success: where the checkout sends a person after paying. Confirms with the server which
 * session was paid, shows the new plan and credits, and shares them with every app so the header
 * updates without a reload.
 */
function PaymentSuccessPage() {
  const { t } = useBillingText();
  const locale = useActiveLanguage();
  const [params] = useSearchParams();
  const sessionId = params.get('session_id');
  const signedIn = useAuth((s) => Boolean(s.token));
  const confirming = Boolean(sessionId && signedIn);
  const [attempt, setAttempt] = useState(0);

  // Each Try again asks from the start: a key of its own, with its own count of answers.
  const queryClient = useQueryClient();
  const key = billingKeys.paymentSession(sessionId, attempt);
  const confirmation = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => fetchPaymentSession(sessionId!, signal),
    enabled: confirming,
    // A session still open is asked about again, every CONFIRM_INTERVAL_MS, until CONFIRM_ATTEMPTS answers in all.
    refetchInterval: (query) => (query.state.data?.status === 'open' && query.state.dataUpdateCount < CONFIRM_ATTEMPTS ? CONFIRM_INTERVAL_MS : false),
    refetchIntervalInBackground: true,
    gcTime: 0,
  });
  const session = confirmation.data;
  // How many answers came (each read of dataUpdatedAt makes every answer, even an unchanged one, draw this again).
  const answers = confirmation.dataUpdatedAt > 0 ? (queryClient.getQueryState(key)?.dataUpdateCount ?? 0) : 0;
  const view: View = !sessionId
    ? { kind: 'missing' }
    : !confirming
      ? { kind: 'generic' }
      : confirmation.isError
        ? { kind: confirmation.error instanceof ApiError && confirmation.error.status === 404 ? 'not-found' : 'error' }
        : !session
          ? { kind: 'confirming' }
          : session.status === 'paid'
            ? { kind: 'paid', session }
            : session.status === 'open'
              ? { kind: answers < CONFIRM_ATTEMPTS ? 'confirming' : 'pending' }
              : session.status === 'pending'
                ? { kind: 'processing' }
                : { kind: session.status === 'canceled' ? 'canceled' : session.status === 'failed' ? 'failed' : 'error' };

  const paidSession = view.kind === 'paid' ? view.session : null;
  useEffect(() => {
    if (paidSession) applyAccountState(paidSession.subscription, paidSession.balance);
  }, [paidSession]);
  // The window the checkout was opened from stops saying that it is open.
  // A delayed payment's checkout is done too (the money follows); one that failed ends like a cancelled one.
  const ended = view.kind === 'paid' || view.kind === 'processing' ? 'paid' : view.kind === 'canceled' || view.kind === 'failed' ? 'canceled' : null;
  useEffect(() => {
    if (ended) announceCheckoutEnded(sessionId, ended);
  }, [ended, sessionId]);

  // No session to confirm (none named, or not signed in here): refresh what can be refreshed, once a visit and on each Try again.
  const refresh = useQuery({ queryKey: billingKeys.accountRefresh(attempt), queryFn: refreshAccount, enabled: !confirming, gcTime: 0 });
  const refreshFailed = refresh.data === false;

  const again = () => setAttempt((n) => n + 1);

  if (view.kind === 'confirming') {
    return (
      <main className={styles.page} data-remote="billing" data-state="confirming">
        <div className={styles.icon} data-tone="pending" aria-hidden="true">
          <span className={styles.spinner} />
        </div>
        <h1 className={styles.title}>{t('success.confirmingTitle')}</h1>
        <p className={styles.lead} role="status">
          {t('success.confirming')}
        </p>
      </main>
    );
  }

  if (view.kind === 'paid') {
    const { session } = view;
    const pack = session.kind === 'pack';
    return (
      <main className={styles.page} data-remote="billing" data-state="paid">
        <SuccessIcon />
        <h1 className={styles.title}>{t('success.title')}</h1>
        <p className={styles.lead} role="status">
          {pack
            ? t('success.packWelcome', { count: session.creditsGranted ?? 0, formatted: formatNumber(session.creditsGranted ?? 0, locale) })
            : t('success.welcome', { plan: session.planName })}
        </p>
        <PaidReceipt session={session} />
        <div className={styles.ctas}>
          <LocalizedLink className={styles.cta} to="/text-to-video/generator">
            {t('success.cta')}
          </LocalizedLink>
          <LocalizedLink className={styles.secondary} to="/pricing">
            {t('success.viewPlan')}
          </LocalizedLink>
        </div>
      </main>
    );
  }

  if (view.kind === 'missing' || view.kind === 'generic') {
    // Nothing confirmed either way: with no session id it is told like an unknown session (the same title, words and
    // way on to pricing), never as a success; signed out with one, the person is thanked. Both refresh what they can
    // and offer Try again when that failed. The words are there from the first paint, not an answer, so no alert.
    const missing = view.kind === 'missing';
    return (
      <main className={styles.page} data-remote="billing" data-state={view.kind}>
        {missing ? <WarningIcon /> : <SuccessIcon />}
        <h1 className={styles.title}>{t(missing ? 'success.notFoundTitle' : 'success.title')}</h1>
        <p className={styles.lead}>{t(missing ? 'success.notFound' : 'success.lead')}</p>
        {refreshFailed && (
          <p className={styles.lead} role="alert" data-testid="refresh-failed">
            {t('success.refreshFailed')}
          </p>
        )}
        <div className={styles.ctas}>
          <LocalizedLink className={styles.cta} to={missing ? '/pricing' : '/text-to-video/generator'}>
            {t(missing ? 'cancel.back' : 'success.cta')}
          </LocalizedLink>
          {refreshFailed && (
            <button type="button" className={styles.secondary} onClick={again}>
              {t('pricing.retry')}
            </button>
          )}
        </div>
      </main>
    );
  }

  const problem = {
    pending: { title: 'success.pendingTitle', body: 'success.pending', retry: true },
    processing: { title: 'success.processingTitle', body: 'success.processing', retry: true },
    failed: { title: 'success.failedTitle', body: 'success.failed', retry: false },
    canceled: { title: 'success.canceledTitle', body: 'success.canceled', retry: false },
    'not-found': { title: 'success.notFoundTitle', body: 'success.notFound', retry: false },
    error: { title: 'success.errorTitle', body: 'success.error', retry: true },
  }[view.kind];
  return (
    <main className={styles.page} data-remote="billing" data-state={view.kind}>
      <WarningIcon />
      <h1 className={styles.title}>{t(problem.title)}</h1>
      <p className={styles.lead} role="alert">
        {t(problem.body)}
      </p>
      <div className={styles.ctas}>
        {problem.retry && (
          <button type="button" className={styles.cta} onClick={again}>
            {t('pricing.retry')}
          </button>
        )}
        <LocalizedLink className={problem.retry ? styles.secondary : styles.cta} to="/pricing">
          {t('cancel.back')}
        </LocalizedLink>
      </div>
    </main>
  );
}

function WarningIcon() {
  return (
    <div className={styles.icon} data-tone="warning" aria-hidden="true">
      !
    </div>
  );
}

function SuccessIcon() {
  return (
    <div className={styles.icon} data-tone="success" aria-hidden="true">
      <svg width="30" height="30" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round">
        <path d="M5 12.5l4.5 4.5L19 7.5" />
      </svg>
    </div>
  );
}

export default withBillingQueries(PaymentSuccessPage);
