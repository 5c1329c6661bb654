import { useQuery } from '@tanstack/react-query';
import { api, useActiveLanguage } from '@reelmint/shared';
import type { PaymentSession } from '@reelmint/shared';
import { useBillingText } from '../i18n.ts';
import { priceFor } from '../plans/plan-catalogue.ts';
import { billingKeys } from '../server-state/billing-queries.tsx';
import { formatCreditsTaken, formatDate, formatNumber, formatPrice } from '../ui/format.ts';
import styles from './payment.module.css';

/**
 * What the plan costs from its next period, read from the catalogue: the session's amount is only what was charged
 * now, which for a move up in the middle of a period is a one-off prorated sum, not the plan's price. Null until the
 * catalogue is read, when it cannot be, or when nothing renews (a cancelled plan ends with its period).
 */
function useNextCharge(session: PaymentSession) {
  const catalogue = useQuery({ queryKey: billingKeys.plans, queryFn: api.plans, staleTime: Infinity });
  const { subscription } = session;
  // A move down already waiting takes effect at the end of this period: that is what the next payment buys.
  const plan = subscription.scheduledChange?.plan ?? session.plan;
  const cycle = subscription.scheduledChange?.billingCycle ?? session.billingCycle;
  const item = catalogue.data && !catalogue.data.fallback ? catalogue.data.data.find((candidate) => candidate.key === plan) : undefined;
  if (!item || subscription.status === 'canceled' || !subscription.expiresAt) return null;
  return { amount: priceFor(item, cycle).billed, currency: item.currency, cycle, from: subscription.expiresAt };
}

/**
 * The paid session's receipt: what was bought, what was charged today and what comes next, the credits added and those a
 * move up took back, and the balance.
 */
export function PaidReceipt({ session }: { session: PaymentSession }) {
  const { t } = useBillingText();
  const locale = useActiveLanguage();
  const pack = session.kind === 'pack';
  const next = useNextCharge(session);
  const charged = formatPrice(session.amount, session.currency, locale);
  // Only a change of plan is ever prorated: a pack is bought whole, and costing less than the plan proves nothing.
  const prorated = !pack && next !== null && session.amount < next.amount;
  return (
    <dl className={styles.receipt} data-testid="payment-receipt">
      <div>
        <dt>{t(pack ? 'success.pack' : 'success.plan')}</dt>
        <dd data-testid="receipt-plan">
          {pack ? t('packs.credits', { count: session.creditsGranted ?? 0, formatted: formatNumber(session.creditsGranted ?? 0, locale) }) : session.planName}
        </dd>
      </div>
      <div>
        <dt>{t('success.chargedToday')}</dt>
        <dd data-testid="receipt-charged">
          {pack ? t('success.paidOnce', { amount: charged }) : charged}
          {prorated && <small className={styles.ddNote}>{t('success.prorated')}</small>}
        </dd>
      </div>
      {!pack && next && (
        <div>
          <dt>{t('success.then')}</dt>
          <dd data-testid="receipt-next">
            {t(next.cycle === 'yearly' ? 'success.thenYearly' : 'success.thenMonthly', {
              amount: formatPrice(next.amount, next.currency, locale),
              date: formatDate(next.from, locale),
            })}
          </dd>
        </div>
      )}
      {session.creditsGranted !== null && (
        <div>
          <dt>{t('success.creditsAdded')}</dt>
          <dd data-testid="receipt-credits">+{formatNumber(session.creditsGranted, locale)}</dd>
        </div>
      )}
      {/* A move up took the old plan's unused credits back after the grant: said on its own line, so that the credits
          added less these make the new balance below. */}
      {session.creditsTakenBack > 0 && (
        <div>
          <dt>{t('success.creditsTakenBack')}</dt>
          <dd data-testid="receipt-taken-back">{formatCreditsTaken(session.creditsTakenBack, locale)}</dd>
        </div>
      )}
      {/* The end of a cancelled plan; never on a pack's receipt, whose credits do not end with the plan. */}
      {!pack && !next && session.subscription.status === 'canceled' && session.subscription.expiresAt && (
        <div>
          <dt>{t('success.activeUntil')}</dt>
          <dd>{formatDate(session.subscription.expiresAt, locale)}</dd>
        </div>
      )}
      <div>
        <dt>{t('success.balance')}</dt>
        <dd data-testid="receipt-balance">{t('yourPlan.credits', { count: session.balance, formatted: formatNumber(session.balance, locale) })}</dd>
      </div>
    </dl>
  );
}
