import { forwardRef } from 'react';
import { LocalizedLink, useActiveLanguage } from '@reelmint/shared';
import type { PlanItem } from '@reelmint/shared';
import type { BillingCycle } from '../checkout/checkout.ts';
import { useBillingText } from '../i18n.ts';
import { planFeatureKeys, priceFor } from '../plans/plan-catalogue.ts';
import { formatNumber, formatPrice } from '../ui/format.ts';
import styles from './pricing-page.module.css';

/** What the card's button does for this person: upgrade from the free plan or to a dearer plan. */
export type CardAction = 'current' | 'start-free' | 'sign-in' | 'upgrade' | 'none';

interface Props {
  plan: PlanItem;
  cycle: BillingCycle;
  action: CardAction;
  /** The plan below this one: its features are summed up as 'Everything in {plan}'. */
  buildsOn?: PlanItem | undefined;
  highlighted: boolean;
  busy: boolean;
  /** Another card's checkout is starting. */
  locked: boolean;
  onChoose: (plan: PlanItem) => void;
}

export const PlanCard = forwardRef<HTMLLIElement, Props>(function PlanCard({ plan, cycle, action, buildsOn, highlighted, busy, locked, onChoose }, ref) {
  const { t } = useBillingText();
  const locale = useActiveLanguage();
  const price = priceFor(plan, cycle);
  const headingId = `plan-${plan.key}-name`;
  const paid = plan.price > 0;
  const inherited = buildsOn ? planFeatureKeys(buildsOn) : [];
  const features = planFeatureKeys(plan).filter((key) => !inherited.includes(key));

  return (
    <li
      ref={ref}
      className={styles.card}
      data-plan={plan.key}
      data-popular={plan.popular || undefined}
      data-highlighted={highlighted || undefined}
      data-current={action === 'current' || undefined}
      aria-labelledby={headingId}
      aria-current={action === 'current' ? 'true' : undefined}
      data-testid={`plan-card-${plan.key}`}
    >
      <div className={styles.cardTop}>
        <h2 id={headingId} className={styles.cardName}>
          {plan.name}
        </h2>
        {action === 'current' ? (
          <span className={styles.currentBadge}>{t('pricing.currentPlan')}</span>
        ) : (
          plan.popular && <span className={styles.popularBadge}>{t('modal.popular')}</span>
        )}
      </div>
      <p className={styles.cardDescription}>{t(`plan.description.${plan.key}`, { defaultValue: plan.description })}</p>

      <p className={styles.priceLine}>
        {price.original !== null && (
          <s className={styles.original}>
            <span className="rm-visually-hidden">{t('plan.wasPrice')} </span>
            {formatPrice(price.original, plan.currency, locale)}
          </s>
        )}
        <span className={styles.amount}>{formatPrice(price.perMonth, plan.currency, locale)}</span>
        <span className={styles.per}>{t('plan.perMonth')}</span>
      </p>
      <p className={styles.billed}>
        {!paid ? t('plan.freeForever') : cycle === 'yearly' ? t('plan.billedYearly', { amount: formatPrice(price.billed, plan.currency, locale) }) : t('plan.billedMonthly')}
      </p>

      <p className={styles.credits}>
        {/* The API grants the free plan's credits once, when the account is created; only paid plans add credits every month. */}
        {t(plan.key === 'free' ? 'plan.creditsOnSignUp' : 'plan.creditsPerMonth', { count: plan.credits, formatted: formatNumber(plan.credits, locale) })}
      </p>
      <ul className={styles.features} aria-label={t('plan.includes', { plan: plan.name })}>
        {buildsOn && <li className={styles.inherited}>{t('features.everythingIn', { plan: buildsOn.name })}</li>}
        {features.map((key) => (
          <li key={key}>{t(key)}</li>
        ))}
      </ul>

      <div className={styles.cardAction}>
        {action === 'current' && (
          <p className={styles.currentNote} data-testid="current-plan-note">
            {t('pricing.youAreOnThisPlan')}
          </p>
        )}
        {action === 'start-free' && (
          <LocalizedLink className={styles.secondaryButton} to="/image-to-video/generator">
            {t('pricing.startFree')}
          </LocalizedLink>
        )}
        {(action === 'sign-in' || action === 'upgrade') && (
          <button
            type="button"
            className={plan.popular ? styles.primaryButton : styles.secondaryButton}
            disabled={busy || locked}
            aria-busy={busy}
            aria-describedby={headingId}
            onClick={() => onChoose(plan)}
          >
            {busy ? t('modal.processing') : action === 'upgrade' ? t('pricing.upgradeTo', { plan: plan.name }) : t('pricing.choose', { plan: plan.name })}
          </button>
        )}
      </div>
    </li>
  );
});
