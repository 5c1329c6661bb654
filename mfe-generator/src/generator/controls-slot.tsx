import { useEffect, useState } from 'react';
import { lazyModule } from '@reelmint/shared/lazy-module';
import { useGeneratorText } from '../i18n.ts';
// Types only: the panel itself is fetched by the dynamic import below, the first time the settings are opened.
import type * as PanelModule from './controls-panel.lazy.tsx';
import type { ControlsPanelProps } from './controls-panel.lazy.tsx';
import styles from './studio.module.css';

const panelModule = lazyModule<typeof PanelModule>(() => import('./controls-panel.lazy.tsx'));

/**
 * Keyframes, camera motion and sound, drawn once "More settings" is first opened: their code is not part of the
 * studio's first load. Says so while it arrives, and offers another try when it cannot be fetched.
 */
export function ControlsSlot(props: ControlsPanelProps) {
  const { t } = useGeneratorText();
  const panel = panelModule.useLoaded();
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    panelModule.load().catch(() => {
      if (live) setFailed(true);
    });
    return () => {
      live = false;
    };
  }, [attempt]);

  if (panel) return <panel.default {...props} />;
  if (!failed) {
    return (
      <p className={styles.hint} role="status">
        {t('controls.loading')}
      </p>
    );
  }
  return (
    <p className={styles.errorText} role="alert">
      {t('controls.loadFailed')}{' '}
      <button
        type="button"
        className={styles.ghostButton}
        onClick={() => {
          setFailed(false);
          setAttempt((n) => n + 1);
        }}
      >
        {t('controls.retry')}
      </button>
    </p>
  );
}
