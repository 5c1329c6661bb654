import { formatNumber } from '@reelmint/shared';
import type { CreditLevel } from '@reelmint/shared';
import { useGeneratorText } from '../i18n.ts';
import styles from './studio.module.css';

interface Props {
  /** What Generate spends: one video's cost times `videos`. */
  cost: number;
  /** How many videos Generate makes (its variations). */
  videos?: number;
  /** On Max's relaxed queue: the video costs no credits. */
  relaxed?: boolean;
  /** Null for visitors and while the balance loads. */
  balance: number | null;
  level: CreditLevel | null;
  enough: boolean;
  critical: boolean;
  onGetCredits: () => void;
}

/** The live cost of the current settings next to the balance it comes out of. */
export function CreditsPanel({ cost, videos = 1, relaxed = false, balance, level, enough, critical, onGetCredits }: Props) {
  const { t, i18n } = useGeneratorText();
  // As useNamespace resolves it: the shell's language even before i18next has resources for it.
  const lng = i18n.resolvedLanguage ?? i18n.language;
  const number = { format: (value: number) => formatNumber(value, lng) };

  return (
    <div className={styles.credits}>
      <div className={styles.costRow} data-relaxed={relaxed || undefined}>
        <span className={styles.costLabel}>{videos > 1 ? t('cost.labelRun', { videos }) : t('cost.label')}</span>
        <strong className={styles.costValue} data-testid="generation-cost" aria-live="polite">
          {relaxed ? t('cost.relaxed') : t('cost.value', { count: cost, formatted: number.format(cost) })}
        </strong>
      </div>
      {balance !== null && level !== null && (
        <div className={styles.balanceRow} data-testid="generator-balance" data-level={level}>
          <span className={styles.levelDot} aria-hidden="true" />
          <span>
            {t('balance.value', { count: balance, formatted: number.format(balance) })}
            <span className={styles.levelText}> · {t(`balance.levels.${level}`)}</span>
          </span>
        </div>
      )}
      {balance !== null && !enough && !relaxed && (
        <p className={styles.shortfall} data-testid="credits-shortfall">
          {t('balance.shortfall', { cost: number.format(cost), balance: number.format(balance) })}
        </p>
      )}
      {balance !== null && critical && (
        <div className={styles.lowPanel} role="note" data-testid="low-credit-panel">
          <strong>{t('lowPanel.title')}</strong>
          <p>{t('lowPanel.body')}</p>
          <button type="button" className={styles.lowPanelAction} onClick={onGetCredits}>
            {t('lowPanel.action')}
          </button>
        </div>
      )}
    </div>
  );
}
