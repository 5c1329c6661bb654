import type { BillingCycle } from '../checkout/checkout.ts';
import { formatPercent, useActiveLanguage } from '@reelmint/shared';
import { useBillingText } from '../i18n.ts';
import styles from './cycle-toggle.module.css';

interface Props {
  cycle: BillingCycle;
  onChange: (cycle: BillingCycle) => void;
  /** What yearly billing saves (0.23 for 23%), from the catalogue's prices; null shows no badge. */
  saving: number | null;
  disabled?: boolean;
}

/** Monthly or yearly billing; yearly carries the 'OFF' badge with the saving the prices really give. */
export function CycleToggle({ cycle, onChange, saving, disabled = false }: Props) {
  const { t } = useBillingText();
  const locale = useActiveLanguage();
  return (
    <div className={styles.toggle} role="group" aria-label={t('cycle.label')} data-testid="cycle-toggle">
      <button type="button" className={styles.option} aria-pressed={cycle === 'monthly'} disabled={disabled} onClick={() => onChange('monthly')}>
        {t('cycle.monthly')}
      </button>
      <button type="button" className={styles.option} aria-pressed={cycle === 'yearly'} disabled={disabled} onClick={() => onChange('yearly')}>
        {t('cycle.yearly')}
        {saving !== null && (
          <span className={styles.badge} data-testid="yearly-saving">
            {t('cycle.badge', { percent: formatPercent(saving, locale) })}
          </span>
        )}
      </button>
    </div>
  );
}
