import { forwardRef } from 'react';
import type { ReactNode } from 'react';
import { LocalizedLink, START_FREE_PATH, useActiveLanguage } from '@reelmint/shared';
import type { PlanItem } from '@reelmint/shared';
import type { BillingCycle } from '../checkout/checkout.ts';
import { useBillingText } from '../i18n.ts';
import { planFeatureKeys, priceFor } from '../plans/plan-catalogue.ts';
import { usePlanName } from '../plans/use-plans.ts';
import { formatNumber, formatPrice } from '../ui/format.ts';
import styles from './pricing-page.module.css';

/**
 * What the card's button does for this person: upgrade from the free plan or to a dearer
 * plan or yearly billing; move down when the period ends; or show the move already waiting.
 */
export type CardAction = 'current' | 'start-free' | 'sign-in' | 'upgrade' | 'downgrade' | 'scheduled' | 'none';

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
  /** The plan the person is on: a card of that plan on the other cycle offers a change of billing. */
  currentPlanKey?: string | null;
  /** When a scheduled change takes effect, formatted for the reader. */
  startsOn?: string | null;
  onChoose: (plan: PlanItem) => void;
  /** What came of pressing this card's button (a checkout opened, a change made or refused), shown beside it. */
  outcome?: ReactNode;
}

export const PlanCard = forwardRef<HTMLLIElement, Props>(function PlanCard(
  { plan, cycle, action, buildsOn, highlighted, busy, locked, currentPlanKey = null, startsOn = null, onChoose, outcome = null },
  ref,
) {
  const { t } = useBillingText();
  const locale = useActiveLanguage();
  const planName = usePlanName();
  const name = planName(plan);
  const price = priceFor(plan, cycle);
  const headingId = `plan-${plan.key}-name`;
  const paid = plan.price > 0;
  const inherited = buildsOn ? planFeatureKeys(buildsOn) : [];
  const features = planFeatureKeys(plan).filter((key) => !inherited.includes(key));
  const noteId = `plan-${plan.key}-change-note`;
  const buttonLabel = () => {
    if (action === 'sign-in') return t('pricing.choose', { plan: name });
    // The plan in force on the other cycle: the change is the billing, not the plan.
    if (plan.key === currentPlanKey) return t(cycle === 'yearly' ? 'pricing.switchToYearly' : 'pricing.switchToMonthly');
    return t(action === 'upgrade' ? 'pricing.upgradeTo' : 'pricing.switchTo', { plan: name });
  };

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
          {name}
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
        {!paid
          ? t('plan.freeForever')
          : cycle === 'yearly'
            ? t('plan.billedYearly', { amount: formatPrice(price.billed, plan.currency, locale) })
            : t('plan.billedMonthly')}
      </p>

      <p className={styles.credits}>
        {/* The API grants the free plan's credits once, when the account is created; only paid plans add credits every month. */}
        {t(plan.key === 'free' ? 'plan.creditsOnSignUp' : 'plan.creditsPerMonth', { count: plan.credits, formatted: formatNumber(plan.credits, locale) })}
      </p>
      <ul className={styles.features} aria-label={t('plan.includes', { plan: name })}>
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
          <LocalizedLink className={styles.secondaryButton} to={START_FREE_PATH}>
            {t('pricing.startFree')}
          </LocalizedLink>
        )}
        {action === 'scheduled' && (
          <p className={styles.currentNote} data-testid="scheduled-plan-note">
            {t('pricing.startsOn', { date: startsOn ?? '' })}
          </p>
        )}
        {(action === 'sign-in' || action === 'upgrade' || action === 'downgrade') && (
          <button
            type="button"
            className={plan.popular && action !== 'downgrade' ? styles.primaryButton : styles.secondaryButton}
            disabled={busy || locked}
            aria-busy={busy}
            aria-describedby={action === 'downgrade' ? `${headingId} ${noteId}` : headingId}
            onClick={() => onChoose(plan)}
          >
            {busy ? t('modal.processing') : buttonLabel()}
          </button>
        )}
        {action === 'downgrade' && (
          <p id={noteId} className={styles.changeNote}>
            {t('pricing.startsAtPeriodEnd')}
          </p>
        )}
        <div className={styles.live} aria-live="polite">
          {outcome}
        </div>
      </div>
    </li>
  );
});
