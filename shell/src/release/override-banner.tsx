import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { getOverrideReport, setOverrideReport, subscribeOverrideReport } from './override-report.ts';
import { storeRequests } from './overrides.ts';
import type { Refusal } from './overrides.ts';
import styles from './override-banner.module.css';

function refusalKey(refusal: Refusal): string {
  switch (refusal.reason) {
    case 'not-allowed':
      return 'release.refused.notAllowed';
    case 'not-published':
      return 'release.refused.notPublished';
    case 'unknown-remote':
      return 'release.refused.unknownRemote';
    default:
      return 'release.refused.invalid';
  }
}

/**
 * Says, on every page, that this browser runs overridden remote versions, and clears them in one
 * click. Also reports overrides that were refused (and therefore never loaded), and kept ones that
 * could not be checked, so this visit runs the live version instead.
 */
export function OverrideBanner({ reload = () => location.reload() }: { reload?: () => void }) {
  const { t } = useTranslation();
  const report = useSyncExternalStore(subscribeOverrideReport, getOverrideReport);
  if (report.active.length === 0 && report.refused.length === 0 && report.unchecked.length === 0) return null;

  const clear = () => {
    storeRequests([]);
    // Remotes already loaded stay in memory; a reload starts again from the live versions.
    reload();
  };

  return (
    <div className={styles.stack} data-testid="override-banner">
      {report.refused.length > 0 && (
        <section className={`${styles.banner} ${styles.refused}`} role="alert" aria-labelledby="override-refused-title">
          <div className={styles.text}>
            <h2 id="override-refused-title" className={styles.title}>
              {t('release.refused.title')}
            </h2>
            <ul className={styles.list}>
              {report.refused.map((refusal) => (
                <li key={`${refusal.remote}@${refusal.value}`} data-testid="override-refusal" data-reason={refusal.reason}>
                  {t(refusalKey(refusal), { remote: refusal.remote, value: refusal.value })}
                </li>
              ))}
            </ul>
          </div>
          <button type="button" className={styles.secondary} onClick={() => setOverrideReport({ ...report, refused: [] })}>
            {t('release.refused.dismiss')}
          </button>
        </section>
      )}
      {report.unchecked.length > 0 && (
        <section className={styles.banner} role="status" aria-labelledby="override-unchecked-title">
          <div className={styles.text}>
            <h2 id="override-unchecked-title" className={styles.title}>
              {t('release.unchecked.title')}
            </h2>
            <ul className={styles.list}>
              {report.unchecked.map((request) => (
                <li key={request.remote} data-testid="override-unchecked" data-remote={request.remote}>
                  {t('release.unchecked.item', { remote: request.remote, value: request.value })}
                </li>
              ))}
            </ul>
          </div>
          {/* The active section below carries the same button; one per banner stack. */}
          {report.active.length === 0 && (
            <button type="button" className={styles.primary} onClick={clear}>
              {t('release.banner.clear')}
            </button>
          )}
        </section>
      )}
      {report.active.length > 0 && (
        <section className={styles.banner} role="region" aria-labelledby="override-active-title">
          <div className={styles.text}>
            <h2 id="override-active-title" className={styles.title}>
              {t('release.banner.title')}
            </h2>
            <ul className={styles.list}>
              {report.active.map((override) => (
                <li key={override.remote} data-testid="override-active" data-remote={override.remote}>
                  {override.kind === 'url'
                    ? t('release.banner.url', { remote: override.remote, url: override.entry })
                    : t('release.banner.version', { remote: override.remote, version: override.version })}
                </li>
              ))}
            </ul>
          </div>
          <button type="button" className={styles.primary} onClick={clear}>
            {t('release.banner.clear')}
          </button>
        </section>
      )}
    </div>
  );
}
