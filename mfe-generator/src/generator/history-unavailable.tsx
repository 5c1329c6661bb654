import { useSyncExternalStore } from 'react';
import { onlineManager } from '@tanstack/react-query';
import { useGeneratorText } from '../i18n.ts';
import { errorMessage } from './errors.ts';
import styles from './history-panel.module.css';

const subscribe = (onChange: () => void) => onlineManager.subscribe(onChange);

interface Props {
  /** The server's refusal, or null when it could not be reached. */
  error: unknown;
  /** Whether the list of before is still shown under this note. */
  kept: boolean;
  onRetry: () => void;
}

/**
 * Why the history could not be read, above the list shown before (kept rather than emptied), with a way to ask again.
 * Offline, it says the list is read again once the browser is back online, which the history's query does by itself.
 */
export function HistoryUnavailable({ error, kept, onRetry }: Props) {
  const { t } = useGeneratorText();
  const online = useSyncExternalStore(
    subscribe,
    () => onlineManager.isOnline(),
    () => true,
  );
  const reason = error === null ? t('errors.network') : errorMessage(t, error);
  let message: string;
  if (!online) message = t('history.offline');
  else if (kept) message = t('history.refreshFailed', { message: reason });
  else message = t('history.error', { message: reason });

  return (
    <div className={styles.unavailable} role="alert" data-testid="history-unavailable">
      <div className={styles.unavailableText}>
        <p>{message}</p>
        {kept && <p className={styles.kept}>{t('history.kept')}</p>}
      </div>
      <button type="button" className={styles.button} onClick={onRetry}>
        {t('history.retry')}
      </button>
    </div>
  );
}
