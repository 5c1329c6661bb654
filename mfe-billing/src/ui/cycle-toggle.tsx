import type { BillingCycle } from '../checkout/checkout.ts';
import { useBillingText } from '../i18n.ts';
import styles from './cycle-toggle.module.css';

interface Props {
  cycle: BillingCycle;
  onChange: (cycle: BillingCycle) => void;
  disabled?: boolean;
}

/** Monthly or yearly billing; yearly carries the '25% OFF' badge (spec §2). */
export function CycleToggle({ cycle, onChange, disabled = false }: Props) {
  const { t } = useBillingText();
  return (
    <div className={styles.toggle} role="group" aria-label={t('cycle.label')} data-testid="cycle-toggle">
      <button type="button" className={styles.option} aria-pressed={cycle === 'monthly'} disabled={disabled} onClick={() => onChange('monthly')}>
        {t('cycle.monthly')}
      </button>
      <button type="button" className={styles.option} aria-pressed={cycle === 'yearly'} disabled={disabled} onClick={() => onChange('yearly')}>
        {t('cycle.yearly')}
        <span className={styles.badge}>{t('cycle.badge')}</span>
      </button>
    </div>
  );
}
