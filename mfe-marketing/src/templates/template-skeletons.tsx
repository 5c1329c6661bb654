import { useMarketingText } from '../i18n.ts';
import styles from './templates.module.css';

// Apart from the other load states: only the gallery draws these, so they stay out of the home page's first load.

/** Card-shaped placeholders while the catalogue loads, with the loading message for screen readers. */
export function TemplateSkeletons({ count }: { count: number }) {
  const { t } = useMarketingText();
  return (
    <>
      <p role="status" className="rm-visually-hidden">
        {t('templates.loading')}
      </p>
      <ul className={styles.grid} aria-hidden="true" data-testid="templates-loading">
        {Array.from({ length: count }, (_, i) => (
          <li key={i} className={styles.skeleton}>
            <div className={styles.skeletonMedia} />
            <div className={styles.skeletonLine} />
            <div className={styles.skeletonLine} />
          </li>
        ))}
      </ul>
    </>
  );
}
