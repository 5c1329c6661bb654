import { useActiveLanguage } from '@reelmint/shared';
import type { PlanItem } from '@reelmint/shared';
import { useBillingText } from '../i18n.ts';
import { planFeatureKeys, priceFor } from '../plans/plan-catalogue.ts';
import { formatNumber, formatPrice } from '../ui/format.ts';
import styles from './subscription-modal.module.css';

interface PlanOptionProps {
  plan: PlanItem;
  cycle: 'monthly' | 'yearly';
  checked: boolean;
  current: boolean;
  onChoose: () => void;
}

/** One plan of the modal, a radio with its price on the chosen cycle, credits and first features. */
export function PlanOption({ plan, cycle, checked, current, onChoose }: PlanOptionProps) {
  const { t } = useBillingText();
  const locale = useActiveLanguage();
  const price = priceFor(plan, cycle);
  const features = planFeatureKeys(plan).slice(0, 3);
  return (
    <label className={styles.plan} data-plan={plan.key} data-checked={checked} data-current={current}>
      <input type="radio" name="subscription-modal-plan" value={plan.key} checked={checked} disabled={current} onChange={onChoose} className={styles.radio} />
      <span className={styles.planMain}>
        <span className={styles.planName}>
          {plan.name}
          {plan.popular && <span className={styles.popular}>{t('modal.popular')}</span>}
          {current && <span className={styles.current}>{t('pricing.currentPlan')}</span>}
        </span>
        <span className={styles.planCredits}>{t('plan.creditsPerMonth', { count: plan.credits, formatted: formatNumber(plan.credits, locale) })}</span>
        <span className={styles.planFeatures}>{features.map((key) => t(key)).join(' · ')}</span>
      </span>
      <span className={styles.planPrice}>
        {price.original !== null && (
          <s className={styles.original}>
            <span className="rm-visually-hidden">{t('plan.wasPrice')} </span>
            {formatPrice(price.original, plan.currency, locale)}
          </s>
        )}
        <strong className={styles.amount}>{formatPrice(price.perMonth, plan.currency, locale)}</strong>
        <span className={styles.per}>{t('plan.perMonth')}</span>
        <span className={styles.billed}>
          {cycle === 'yearly' ? t('plan.billedYearly', { amount: formatPrice(price.billed, plan.currency, locale) }) : t('plan.billedMonthly')}
        </span>
      </span>
    </label>
  );
}
