import { useEffect, useEffectEvent } from 'react';
import { onlineManager } from '@tanstack/react-query';
import { useGeneratorText } from '../i18n.ts';
import styles from './studio.module.css';

/**
 * The balance or plan could not be read: what is shown is a stand-in, with a way to ask again, which is also taken by
 * itself when the browser comes back online.
 */
export function OfflineNotice({ onRetry }: { onRetry: () => void }) {
  const { t } = useGeneratorText();
  const retry = useEffectEvent(onRetry);
  useEffect(() => onlineManager.subscribe((online) => online && retry()), []);
  return (
    <div className={styles.offline} role="alert" data-testid="offline-notice">
      <p>{t('offline.notice')}</p>
      <button type="button" className={styles.ghostButton} onClick={onRetry}>
        {t('offline.retry')}
      </button>
    </div>
  );
}
