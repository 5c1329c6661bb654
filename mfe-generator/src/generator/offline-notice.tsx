import { useGeneratorText } from '../i18n.ts';
import styles from './studio.module.css';

/** The balance, plan or history could not be read: what is shown is a stand-in, with a way to ask again. */
export function OfflineNotice({ onRetry }: { onRetry: () => void }) {
  const { t } = useGeneratorText();
  return (
    <div className={styles.offline} role="alert" data-testid="offline-notice">
      <p>{t('offline.notice')}</p>
      <button type="button" className={styles.ghostButton} onClick={onRetry}>
        {t('offline.retry')}
      </button>
    </div>
  );
}
