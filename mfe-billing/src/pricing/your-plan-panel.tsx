import { useEffect, useId, useRef, useState } from 'react';
import { loadSubscription, LocalizedLink, PLAN_NAMES, setSubscription, useActiveLanguage, useCredits, useSubscription } from '@reelmint/shared';
import type { PlanItem, PlanKey } from '@reelmint/shared';
import { useBillingText } from '../i18n.ts';
import { planFeatureKeys } from '../plans/plan-catalogue.ts';
import { ReceiptsDialog } from '../receipts/receipts-dialog.tsx';
import { planChangeApi } from '../subscription/plan-change.ts';
import { SUBSCRIPTION_ERRORS, cancelSubscription, summarizeSubscription } from '../subscription/subscription-state.ts';
import type { SubscriptionError } from '../subscription/subscription-state.ts';
import { Dialog } from '../ui/dialog.tsx';
import { formatDate, formatNumber } from '../ui/format.ts';
import styles from './your-plan-panel.module.css';

type Cancel = { kind: 'idle' } | { kind: 'confirming'; busy: boolean; error: SubscriptionError | null } | { kind: 'done'; effectiveDate: string };

/** Dropping a change that waits for the end of the period. */
type Keep = { kind: 'idle' } | { kind: 'busy' } | { kind: 'failed'; network: boolean } | { kind: 'done' };

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
  const [cancel, setCancel] = useState<Cancel>({ kind: 'idle' });
  const [keep, setKeep] = useState<Keep>({ kind: 'idle' });
  const [receiptsOpen, setReceiptsOpen] = useState(false);
  const doneMessage = useRef<HTMLParagraphElement>(null);
  const cancelled = cancel.kind === 'done';
  useEffect(() => {
    // The Cancel button that opened the dialog is gone, so focus has nowhere to return: put it on the outcome.
    if (cancelled) doneMessage.current?.focus();
  }, [cancelled]);

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
  const name = plans.find((plan) => plan.key === subscription.plan)?.name ?? t(`yourPlan.planName.${subscription.plan}`);
  const endDate = subscription.expiresAt ? formatDate(subscription.expiresAt, locale) : null;
  const state = summary.expiry === 'expired' ? 'expired' : summary.cancelled ? 'cancelled' : summary.expiry === 'expiring-soon' ? 'expiring' : 'active';

  const scheduled = subscription.scheduledChange ?? null;
  const nameOf = (key: PlanKey) => plans.find((plan) => plan.key === key)?.name ?? PLAN_NAMES[key];

  const keepCurrentPlan = async () => {
    setKeep({ kind: 'busy' });
    const outcome = await planChangeApi.keepCurrent();
    if (outcome.ok) {
      setSubscription(outcome.subscription);
      setKeep({ kind: 'done' });
    } else {
      setKeep({ kind: 'failed', network: outcome.failure === 'network' });
    }
  };

  const confirm = async () => {
    setCancel({ kind: 'confirming', busy: true, error: null });
    const outcome = await cancelSubscription();
    if (outcome.success) {
      setCancel({ kind: 'done', effectiveDate: outcome.data.effectiveDate });
      await loadSubscription({ force: true });
    } else {
      setCancel({ kind: 'confirming', busy: false, error: outcome.error });
    }
  };

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
        {endDate && (
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
          <dd>
            {t('yourPlan.credits', { count: subscription.features.creditsPerMonth, formatted: formatNumber(subscription.features.creditsPerMonth, locale) })}
          </dd>
        </div>
        <div>
          <dt>{t('yourPlan.includes')}</dt>
          <dd>
            {planFeatureKeys({ key: subscription.plan, features: subscription.features })
              .map((key) => t(key))
              .join(' · ')}
          </dd>
        </div>
      </dl>

      <div className={styles.actions} aria-live="polite">
        {keep.kind === 'done' && !scheduled && (
          <p className={styles.done} data-testid="keep-done">
            {t('yourPlan.keepDone', { plan: name })}
          </p>
        )}
        {keep.kind === 'failed' && (
          <p role="alert" className={styles.dialogError} data-testid="keep-error">
            {t(keep.network ? 'errors.changeNetwork' : 'errors.changeFailed')}
          </p>
        )}
        {scheduled && (
          <button
            type="button"
            className={styles.keepButton}
            disabled={keep.kind === 'busy'}
            aria-busy={keep.kind === 'busy'}
            onClick={() => void keepCurrentPlan()}
          >
            {t('yourPlan.keepPlan', { plan: name })}
          </button>
        )}
        {cancel.kind === 'done' && (
          <p ref={doneMessage} tabIndex={-1} className={styles.done} data-testid="cancel-done">
            {t('yourPlan.cancelled', { plan: name, date: formatDate(cancel.effectiveDate, locale) })}
          </p>
        )}
        {summary.canCancel && cancel.kind !== 'done' && (
          <button type="button" className={styles.linkButton} onClick={() => setCancel({ kind: 'confirming', busy: false, error: null })}>
            {t('yourPlan.cancel')}
          </button>
        )}
      </div>

      {receiptsOpen && <ReceiptsDialog onClose={() => setReceiptsOpen(false)} />}
      {cancel.kind === 'confirming' && (
        <Dialog
          role="alertdialog"
          variant="alert"
          labelledBy={ids.dialogTitle}
          describedBy={ids.dialogBody}
          initialFocus="[data-keep]"
          testId="cancel-dialog"
          onDismiss={() => !cancel.busy && setCancel({ kind: 'idle' })}
        >
          <div className={styles.dialog}>
            <h2 id={ids.dialogTitle} className={styles.dialogTitle}>
              {t('yourPlan.confirmTitle', { plan: name })}
            </h2>
            <p id={ids.dialogBody} className={styles.dialogBody}>
              {t('yourPlan.confirmBody', { plan: name, date: endDate ?? '' })}
            </p>
            {cancel.error && (
              <p role="alert" className={styles.dialogError} data-code={cancel.error.code}>
                {t(cancel.error.key)}
              </p>
            )}
            <div className={styles.dialogActions}>
              <button type="button" className={styles.keep} data-keep disabled={cancel.busy} onClick={() => setCancel({ kind: 'idle' })}>
                {t('yourPlan.keep')}
              </button>
              <button type="button" className={styles.danger} disabled={cancel.busy} aria-busy={cancel.busy} onClick={() => void confirm()}>
                {cancel.busy ? t('yourPlan.cancelling') : t('yourPlan.confirmCancel')}
              </button>
            </div>
          </div>
        </Dialog>
      )}
    </section>
  );
}
