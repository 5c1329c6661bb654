import { useActiveLanguage } from '@reelmint/shared';
import { useBillingText } from '../i18n.ts';
import type { PlanActionFailure, PlanChoice } from '../subscription/plan-mutations.ts';
import { formatDate } from '../ui/format.ts';
import styles from './pricing-page.module.css';

/** What pressing a plan card's button led to, drawn under that button: a checkout open in a new window, a change, a refusal. */
export function ChoiceOutcome({ outcome, failure }: { outcome: PlanChoice | null; failure: PlanActionFailure | null }) {
  const { t } = useBillingText();
  const locale = useActiveLanguage();
  if (failure) {
    return (
      <p role="alert" className={styles.failure} data-testid="checkout-error" data-code={failure.code}>
        {t(failure.key, failure.values)}
      </p>
    );
  }
  if (outcome?.kind === 'checkout') {
    return (
      <div className={styles.opened} data-testid="checkout-opened">
        <p>{t('pricing.checkoutOpened', { plan: outcome.plan })}</p>
        {/* The window opens after a request, when the browser may no longer count it as the click's popup. */}
        <p>
          {t('checkout.notOpened')}{' '}
          <a href={outcome.checkoutUrl} target="_blank" rel="noopener noreferrer" data-testid="checkout-link">
            {t('checkout.openLink')}
            <span className="rm-visually-hidden"> {t('modal.newTab')}</span>
          </a>
        </p>
      </div>
    );
  }
  if (outcome?.kind === 'changed') {
    return (
      <p className={styles.opened} data-testid="plan-changed">
        {t('pricing.changed', { plan: outcome.plan })}
      </p>
    );
  }
  if (outcome?.kind === 'scheduled') {
    return (
      <p className={styles.opened} data-testid="plan-scheduled">
        {t('pricing.scheduled', { plan: outcome.plan, date: formatDate(outcome.effectiveDate, locale) })}
      </p>
    );
  }
  return null;
}
