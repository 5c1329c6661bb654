import { ApiError } from '@reelmint/shared';
import { useMarketingText } from '../i18n.ts';
import pageStyles from '../ui/page.module.css';
import styles from './templates.module.css';

/** The catalogue could not be loaded: what happened, and a retry that does not reload the page. */
export function TemplatesError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useMarketingText();
  const message = error instanceof ApiError ? error.message : '';
  return (
    <div role="alert" className={`${pageStyles.error} ${styles.stateGap}`}>
      <p>{t('templates.error', { message })}</p>
      <button type="button" className={pageStyles.ghost} onClick={onRetry}>
        {t('templates.retry')}
      </button>
    </div>
  );
}

/** The server could not be reached (the client's fallback is an empty list): say so, never show it as "no templates". */
export function TemplatesOffline({ onRetry }: { onRetry: () => void }) {
  const { t } = useMarketingText();
  return (
    <div role="status" className={`${pageStyles.notice} ${styles.stateGap}`}>
      <p>{t('templates.offline')}</p>
      <button type="button" className={pageStyles.ghost} onClick={onRetry}>
        {t('templates.retry')}
      </button>
    </div>
  );
}
