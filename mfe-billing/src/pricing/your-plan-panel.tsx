import { useEffect, useId, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { isPaymentDue, loadSubscription, LocalizedLink, PLAN_FEATURES, PLAN_NAMES, useActiveLanguage, useCredits, useSubscription } from '@reelmint/shared';
import type { PlanItem, PlanKey } from '@reelmint/shared';
import { useBillingText } from '../i18n.ts';
import { planFeatureKeys } from '../plans/plan-catalogue.ts';
import { usePlanName } from '../plans/use-plans.ts';
import { ReceiptsDialog } from '../receipts/receipts-dialog.tsx';
import { useCancellation, useKeepCurrentPlan, useResumePlan } from '../subscription/plan-mutations.ts';
import { SUBSCRIPTION_ERRORS, summarizeSubscription } from '../subscription/subscription-state.ts';
import { Dialog } from '../ui/dialog.tsx';
import { formatDate, formatNumber } from '../ui/format.ts';
import { UpdatePayment } from './update-payment.tsx';
import styles from './your-plan-panel.module.css';

/**
 * "Your plan" for signed-in people: plan, status, what it includes, balance and when it ends
 * (expired at 0 days left or less, expiring soon at 7 or fewer), with cancellation.
 */
export function YourPlanPanel({ plans }: { plans: PlanItem[] }) {
  const { t } = useBillingText();
  const locale = useActiveLanguage();
  const ids = { title: useId(), dialogTitle: useId(), dialogBody: useId() };
  const { subscription, status, fallback } = useSubscription((s) => s);
  const balance = useCredits((s) => s.balance);
  const planName = usePlanName();
  // The cancel dialog is open (until the cancellation succeeds, when its outcome takes the dialog's place).
  const [confirming, setConfirming] = useState(false);
  const cancellation = useCancellation();
  const keeping = useKeepCurrentPlan();
  const resuming = useResumePlan();
  // The account page's Receipts link comes here with ?show=receipts.
  const [params] = useSearchParams();
  const [receiptsOpen, setReceiptsOpen] = useState(() => params.get('show') === 'receipts');
  const doneMessage = useRef<HTMLParagraphElement>(null);
  const resumedMessage = useRef<HTMLParagraphElement>(null);
  const cancelled = cancellation.isSuccess;
  const cancelling = cancellation.isPending;
  const resumed = resuming.isSuccess;
  useEffect(() => {
    // The Cancel button that opened the dialog is gone, so focus has nowhere to return: put it on the outcome.
    if (cancelled) doneMessage.current?.focus();
  }, [cancelled]);
  useEffect(() => {
    // So is the button that undid the cancellation.
    if (resumed) resumedMessage.current?.focus();
  }, [resumed]);

  if (status === 'error') {
    return (
      <section className={styles.panel} aria-labelledby={ids.title} data-testid="your-plan">
        <h2 id={ids.title} className={styles.heading}>
          {t('yourPlan.title')}
        </h2>
        <div role="alert" className={styles.problem} data-code={SUBSCRIPTION_ERRORS.VALIDATION_ERROR.code}>
          <p>{t(SUBSCRIPTION_ERRORS.VALIDATION_ERROR.key)}</p>
          <button type="button" className={styles.linkButton} onClick={() => void loadSubscription({ force: true })}>
            {t('pricing.retry')}
          </button>
        </div>
      </section>
    );
  }
  if (!subscription) {
    return <section className={styles.panel} aria-busy="true" aria-label={t('yourPlan.title')} data-testid="your-plan" data-state="loading" />;
  }

  const summary = summarizeSubscription(subscription);
  // Named as the catalogue names it, or, before it is read, by the plan's usual name.
  const nameOf = (key: PlanKey) => planName({ key, name: plans.find((plan) => plan.key === key)?.name ?? PLAN_NAMES[key] });
  const name = nameOf(subscription.plan);
  const endDate = subscription.expiresAt ? formatDate(subscription.expiresAt, locale) : null;
  const paymentDue = isPaymentDue(subscription.status);
  // What the plan includes: its own features, also while they are paused (the notice says so), not Free's stand-ins.
  const includes = paymentDue ? PLAN_FEATURES[subscription.plan] : subscription.features;
  const state = paymentDue
    ? 'paymentDue'
    : summary.expiry === 'expired'
      ? 'expired'
      : summary.cancelled
        ? 'cancelled'
        : summary.expiry === 'expiring-soon'
          ? 'expiring'
          : 'active';

  const scheduled = subscription.scheduledChange ?? null;

  // Each opening of the dialog starts without the last attempt's error.
  const askToCancel = () => {
    cancellation.reset();
    setConfirming(true);
  };
  // Only what the latest action came to is said: an earlier outcome would contradict it (a plan kept "as before",
  // then cancelled).
  const keepPlan = () =>
    keeping.mutate(undefined, {
      onSuccess: () => {
        cancellation.reset();
        resuming.reset();
      },
    });
  const cancel = () =>
    cancellation.mutate(undefined, {
      onSuccess: () => {
        keeping.reset();
        resuming.reset();
      },
    });
  const resume = () =>
    resuming.mutate(undefined, {
      onSuccess: () => {
        cancellation.reset();
        keeping.reset();
      },
    });

  return (
    <section className={styles.panel} aria-labelledby={ids.title} data-testid="your-plan" data-plan={subscription.plan} data-state={state}>
      <div className={styles.summary}>
        <h2 id={ids.title} className={styles.heading}>
          {t('yourPlan.title')}
        </h2>
        <p className={styles.planLine}>
          <strong className={styles.planName}>{name}</strong>
          <span className={styles.status} data-state={state}>
            {t(`yourPlan.status.${state}`)}
          </span>
        </p>
        {endDate && !paymentDue && (
          <p className={styles.when} data-testid="plan-ends">
            {state === 'expired' && t('yourPlan.expiredOn', { date: endDate })}
            {state === 'cancelled' && t('yourPlan.endsOn', { date: endDate })}
            {state === 'expiring' && t('yourPlan.expiresIn', { count: summary.daysLeft ?? 0, date: endDate })}
            {state === 'active' && t('yourPlan.paidThrough', { date: endDate })}
          </p>
        )}
        {scheduled && (
          <p className={styles.scheduled} data-testid="scheduled-change">
            {t('yourPlan.scheduledChange', {
              plan: nameOf(scheduled.plan),
              billing: t(scheduled.billingCycle === 'yearly' ? 'yourPlan.billedYearly' : 'yourPlan.billedMonthly'),
              date: formatDate(scheduled.effectiveDate, locale),
              current: name,
            })}
          </p>
        )}
        {fallback && <p className={styles.notice}>{t('yourPlan.offline')}</p>}
      </div>

      {paymentDue && (
        <div className={styles.paymentDue} data-testid="plan-payment-due">
          <p>{t('yourPlan.paymentDue', { plan: name })}</p>
          <UpdatePayment />
        </div>
      )}

      <dl className={styles.facts}>
        <div>
          <dt>{t('yourPlan.balance')}</dt>
          <dd>
            <span data-testid="plan-balance">
              {balance === null ? '…' : t('yourPlan.credits', { count: balance, formatted: formatNumber(balance, locale) })}
            </span>{' '}
            <LocalizedLink className={styles.historyLink} to="/credits" data-testid="credits-history-link">
              {t('history.title')}
            </LocalizedLink>
            <button type="button" className={styles.historyLink} onClick={() => setReceiptsOpen(true)} data-testid="receipts-button">
              {t('receipts.open')}
            </button>
          </dd>
        </div>
        <div>
          {/* Free accounts got their credits once at sign-up; only paid plans renew them monthly. */}
          <dt>{t(subscription.plan === 'free' ? 'yourPlan.signUpCredits' : 'yourPlan.monthlyCredits')}</dt>
          <dd>{t('yourPlan.credits', { count: includes.creditsPerMonth, formatted: formatNumber(includes.creditsPerMonth, locale) })}</dd>
        </div>
        <div>
          <dt>{t('yourPlan.includes')}</dt>
          <dd>
            {planFeatureKeys({ key: subscription.plan, features: includes })
              .map((key) => t(key))
              .join(' · ')}
          </dd>
        </div>
      </dl>

      <div className={styles.actions} aria-live="polite">
        {keeping.isSuccess && !scheduled && (
          <p className={styles.done} data-testid="keep-done">
            {t('yourPlan.keepDone', { plan: name })}
          </p>
        )}
        {keeping.error && (
          <p role="alert" className={styles.dialogError} data-testid="keep-error">
            {t(keeping.error.key)}
          </p>
        )}
        {scheduled && (
          <button type="button" className={styles.keepButton} disabled={keeping.isPending} aria-busy={keeping.isPending} onClick={keepPlan}>
            {t('yourPlan.keepPlan', { plan: name })}
          </button>
        )}
        {resumed && (
          <p ref={resumedMessage} tabIndex={-1} className={styles.done} data-testid="resume-done">
            {t('yourPlan.keepDone', { plan: name })}
          </p>
        )}
        {resuming.error && (
          <p role="alert" className={styles.dialogError} data-testid="resume-error">
            {t(resuming.error.key)}
          </p>
        )}
        {state === 'cancelled' && (
          <button type="button" className={styles.keepButton} disabled={resuming.isPending} aria-busy={resuming.isPending} onClick={resume}>
            {t('yourPlan.keepPlan', { plan: name })}
          </button>
        )}
        {cancellation.isSuccess && (
          <p ref={doneMessage} tabIndex={-1} className={styles.done} data-testid="cancel-done">
            {t('yourPlan.cancelled', { plan: name, date: formatDate(cancellation.data.effectiveDate, locale) })}
          </p>
        )}
        {summary.canCancel && !cancelled && (
          <button type="button" className={styles.linkButton} onClick={askToCancel}>
            {t('yourPlan.cancel')}
          </button>
        )}
      </div>

      {receiptsOpen && <ReceiptsDialog onClose={() => setReceiptsOpen(false)} />}
      {confirming && !cancelled && (
        <Dialog
          role="alertdialog"
          variant="alert"
          labelledBy={ids.dialogTitle}
          describedBy={ids.dialogBody}
          initialFocus="[data-keep]"
          testId="cancel-dialog"
          onDismiss={() => !cancelling && setConfirming(false)}
        >
          <div className={styles.dialog}>
            <h2 id={ids.dialogTitle} className={styles.dialogTitle}>
              {t('yourPlan.confirmTitle', { plan: name })}
            </h2>
            <p id={ids.dialogBody} className={styles.dialogBody}>
              {t('yourPlan.confirmBody', { plan: name, date: endDate ?? '' })}
            </p>
            {cancellation.error && (
              <p role="alert" className={styles.dialogError} data-code={cancellation.error.code}>
                {t(cancellation.error.key)}
              </p>
            )}
            <div className={styles.dialogActions}>
              <button type="button" className={styles.keep} data-keep disabled={cancelling} onClick={() => setConfirming(false)}>
                {t('yourPlan.keep')}
              </button>
              <button type="button" className={styles.danger} disabled={cancelling} aria-busy={cancelling} onClick={cancel}>
                {cancelling ? t('yourPlan.cancelling') : t('yourPlan.confirmCancel')}
              </button>
            </div>
          </div>
        </Dialog>
      )}
    </section>
  );
}
