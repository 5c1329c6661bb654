import { useSyncExternalStore } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { getOverrideReport, isQuietReport, NO_OVERRIDES, setOverrideReport, subscribeOverrideReport } from './override-report.ts';
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
  // A page the server drew has no banner; the browser adds it right after taking the page over.
  const report = useSyncExternalStore(subscribeOverrideReport, getOverrideReport, () => NO_OVERRIDES);
  if (isQuietReport(report)) return null;

  const clear = () => {
    storeRequests([]);
    // Remotes already loaded stay in memory; a reload starts again from the live versions.
    reload();
  };
  const clearButton = (
    <button type="button" className={styles.primary} onClick={clear}>
      {t('release.banner.clear')}
    </button>
  );

  return (
    <div className={styles.stack} data-testid="override-banner">
      {report.refused.length > 0 && (
        <BannerSection
          id="override-refused-title"
          role="alert"
          className={styles.refused}
          title={t('release.refused.title')}
          items={report.refused.map((refusal) => (
            <li key={`${refusal.remote}@${refusal.value}`} data-testid="override-refusal" data-reason={refusal.reason}>
              {t(refusalKey(refusal), { remote: refusal.remote, value: refusal.value })}
            </li>
          ))}
          action={
            <button type="button" className={styles.secondary} onClick={() => setOverrideReport({ ...report, refused: [] })}>
              {t('release.refused.dismiss')}
            </button>
          }
        />
      )}
      {report.unchecked.length > 0 && (
        <BannerSection
          id="override-unchecked-title"
          role="status"
          title={t('release.unchecked.title')}
          items={report.unchecked.map((request) => (
            <li key={request.remote} data-testid="override-unchecked" data-remote={request.remote}>
              {t('release.unchecked.item', { remote: request.remote, value: request.value })}
            </li>
          ))}
          // The active banner below carries the same button; one per stack.
          action={report.active.length === 0 && clearButton}
        />
      )}
      {report.active.length > 0 && (
        <BannerSection
          id="override-active-title"
          role="region"
          title={t('release.banner.title')}
          items={report.active.map((override) => (
            <li key={override.remote} data-testid="override-active" data-remote={override.remote}>
              {override.kind === 'url'
                ? t('release.banner.url', { remote: override.remote, url: override.entry })
                : t('release.banner.version', { remote: override.remote, version: override.version })}
            </li>
          ))}
          action={clearButton}
        />
      )}
    </div>
  );
}

interface BannerSectionProps {
  id: string;
  role: 'alert' | 'status' | 'region';
  className?: string;
  title: string;
  items: ReactNode;
  action: ReactNode;
}

/** One banner of the stack: a title, the list of what it is about, and its button. */
function BannerSection({ id, role, className, title, items, action }: BannerSectionProps) {
  return (
    <section className={className ? `${styles.banner} ${className}` : styles.banner} role={role} aria-labelledby={id}>
      <div className={styles.text}>
        <h2 id={id} className={styles.title}>
          {title}
        </h2>
        <ul className={styles.list}>{items}</ul>
      </div>
      {action}
    </section>
  );
}
