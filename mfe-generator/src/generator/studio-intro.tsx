import type { VideoEngineName } from '@reelmint/shared';
import { useGeneratorText } from '../i18n.ts';
import styles from './studio.module.css';

/** The studio's title and lead; with the local engine, the notice that its clips are previews made without a model. */
export function StudioIntro({ engine }: { engine: VideoEngineName | null | undefined }) {
  const { t } = useGeneratorText();
  return (
    <header className={styles.intro}>
      <h1 className={styles.title}>{t('title')}</h1>
      <p className={styles.lead}>{t('lead')}</p>
      {engine === 'local' && (
        <p className={styles.previewNotice} data-testid="preview-notice">
          {t('engine.localNotice')}
        </p>
      )}
    </header>
  );
}
