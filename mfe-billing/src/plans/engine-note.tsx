import type { VideoEngineName } from '@reelmint/shared';
import { useSiteConfig } from '../checkout/test-checkout-note.tsx';
import { useBillingText } from '../i18n.ts';
import styles from './engine-note.module.css';

/** How each hosted engine is named to people; the local engine is described, not named. */
const PROVIDER_NAMES: Record<Exclude<VideoEngineName, 'local'>, string> = { fal: 'fal', runway: 'Runway', luma: 'Luma' };

/**
 * What each model makes with the engine this site runs (GET /api/config `videoEngine`), wherever models are sold: with
 * the local engine both are previews rendered without an AI model, and v2.0 costs more for the same preview. Nothing
 * until the site has said which engine it runs.
 */
export function EngineNote({ compact = false }: { compact?: boolean }) {
  const { t } = useBillingText();
  const engine = useSiteConfig()?.videoEngine;
  if (!engine) return null;
  const provider = engine === 'local' ? null : PROVIDER_NAMES[engine];
  if (compact) {
    return (
      <p className={styles.compact} data-testid="engine-note" data-engine={engine}>
        {provider ? t('engine.modalHosted', { provider }) : t('engine.modalLocal')}
      </p>
    );
  }
  const kind = provider ? 'hosted' : 'local';
  return (
    <section className={styles.note} data-testid="engine-note" data-engine={engine} aria-labelledby="engine-note-title">
      <h2 id="engine-note-title" className={styles.title}>
        {t('engine.title')}
      </h2>
      <dl className={styles.models}>
        <div>
          <dt>{t('features.modelV1')}</dt>
          <dd>{t(`engine.${kind}.v1`, { provider })}</dd>
        </div>
        <div>
          <dt>{t('features.modelV2')}</dt>
          <dd>{t(`engine.${kind}.v2`, { provider })}</dd>
        </div>
      </dl>
    </section>
  );
}
