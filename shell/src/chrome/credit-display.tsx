import { useTranslation } from 'react-i18next';
import { FALLBACK_LANGUAGE, LocalizedLink, creditLevel, formatCredits, formatNumber, useCredits } from '@reelmint/shared';
import { useChrome } from './deferred-chrome.tsx';
import styles from './header.module.css';

/**
 * The signed-in balance in the header, a link to the credits history; 'Credits unavailable' when it
 * cannot be loaded. Being a link, it takes keyboard focus, which also opens its tooltip.
 */
export function CreditDisplay() {
  const { t, i18n } = useTranslation();
  const { balance, status, fallback } = useCredits((s) => s);
  const chrome = useChrome();

  if (status === 'error' || fallback) {
    return (
      <span className={styles.credits} data-testid="credit-display" data-state="unavailable" title={t('credits.loadFailed')}>
        {t('credits.unavailable')}
      </span>
    );
  }
  if (balance === null) {
    return (
      <span className={styles.credits} data-testid="credit-display" data-state="loading" aria-busy="true">
        …
      </span>
    );
  }
  const lng = i18n.resolvedLanguage;
  const exact = t('credits.count', { count: balance, formatted: formatNumber(balance, lng ?? FALLBACK_LANGUAGE) });
  const shown = t('credits.count', { count: balance, formatted: formatCredits(balance, lng) });
  const abbreviated = shown !== exact;
  const link = (
    <LocalizedLink to="/credits" className={styles.credits} data-testid="credit-display" data-level={creditLevel(balance)}>
      <svg aria-hidden="true" className={styles.creditIcon} width="14" height="14" viewBox="0 0 24 24" fill="currentColor">
        <path d="M12 2l2.6 7.4L22 12l-7.4 2.6L12 22l-2.6-7.4L2 12l7.4-2.6z" />
      </svg>
      {abbreviated ? (
        <>
          {/* Above 999 the header abbreviates; screen readers get the exact balance instead, as the tooltip shows it. */}
          <span aria-hidden="true">{shown}</span>
          <span className="rm-visually-hidden" data-testid="credit-exact">
            {exact}
          </span>
        </>
      ) : (
        shown
      )}
    </LocalizedLink>
  );
  // The tooltip comes with the header's Radix parts (signed-in visitors get them at once, see Header).
  if (!chrome) return link;
  return (
    <chrome.WithTooltip
      className={styles.tooltip}
      content={
        <>
          <strong className={styles.tooltipBalance}>{exact}</strong> {t('credits.tooltip')}
        </>
      }
    >
      {link}
    </chrome.WithTooltip>
  );
}
