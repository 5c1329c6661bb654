import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, isPaymentDue, loadSubscription, LocalizedLink, useActiveLanguage, useSubscription } from '@reelmint/shared';
import type { SubscriptionStatus } from '@reelmint/shared';
import styles from './account-page.module.css';
import { UpdatePaymentButton } from './payment-due.tsx';

function longDate(iso: string, lng: string): string {
  return formatDate(iso, lng, { dateStyle: 'long' });
}

/** Whether the plan renews, ends or has ended, and when; null on the free plan, which never ends. */
function periodLine(subscription: SubscriptionStatus, lng: string, t: (key: string, options: Record<string, string>) => string): string | null {
  // A renewal that failed has its own notice: the period neither renews nor has ended while it is paid.
  if (subscription.plan === 'free' || !subscription.expiresAt || isPaymentDue(subscription.status)) return null;
  const date = longDate(subscription.expiresAt, lng);
  if (Date.parse(subscription.expiresAt) <= Date.now() || subscription.status === 'expired') return t('settings.plan.ended', { date });
  return t(subscription.status === 'canceled' ? 'settings.plan.ends' : 'settings.plan.renews', { date });
}

/**
 * Plan and billing on /account: the plan, how it is billed, when it renews or ends and a change waiting for then,
 * with the ways to change or cancel it (pricing's plan panel), the receipts and the credits history.
 */
export function PlanSection() {
  const { t } = useTranslation();
  const lng = useActiveLanguage();
  const { subscription, status, fallback } = useSubscription((s) => s);
  useEffect(() => {
    void loadSubscription();
  }, []);

  const body = () => {
    if (status === 'error' || fallback) {
      return (
        <div role="alert" className={styles.notice}>
          <p>{t('settings.plan.error')}</p>
          <button type="button" className={styles.secondary} onClick={() => void loadSubscription({ force: true })}>
            {t('settings.retry')}
          </button>
        </div>
      );
    }
    if (!subscription) return <p role="status">{t('settings.plan.loading')}</p>;
    const paid = subscription.plan !== 'free';
    const period = periodLine(subscription, lng, t);
    const waiting = subscription.scheduledChange;
    return (
      <>
        <p className={styles.text}>
          <strong data-testid="plan-name">{t(`plans.${subscription.plan}`)}</strong>
          {paid && subscription.billingCycle && <> · {t(`settings.plan.${subscription.billingCycle}`)}</>}
        </p>
        {period && (
          <p className={styles.hint} data-testid="plan-period">
            {period}
          </p>
        )}
        {isPaymentDue(subscription.status) && (
          <div role="status" className={styles.notice} data-testid="plan-payment-due">
            <p>{t('settings.plan.paymentDue')}</p>
            <UpdatePaymentButton className={styles.secondary} />
          </div>
        )}
        {waiting && (
          <p className={styles.hint} data-testid="plan-waiting">
            {t('settings.plan.waiting', { plan: t(`plans.${waiting.plan}`), date: longDate(waiting.effectiveDate, lng) })}
          </p>
        )}
        <LocalizedLink className={styles.secondary} to="/pricing">
          {paid ? t('settings.plan.change') : t('settings.plan.upgrade')}
        </LocalizedLink>
        <p className={styles.planLinks}>
          <LocalizedLink to="/pricing?show=receipts">{t('settings.plan.receipts')}</LocalizedLink>
          <LocalizedLink to="/credits">{t('account.history')}</LocalizedLink>
        </p>
      </>
    );
  };

  return (
    <section className={styles.card} aria-labelledby="settings-plan" data-testid="plan-section">
      <h2 id="settings-plan" className={styles.cardTitle}>
        {t('settings.plan.title')}
      </h2>
      {body()}
    </section>
  );
}
