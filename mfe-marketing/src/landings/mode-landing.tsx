import { useState } from 'react';
import { LocalizedLink } from '@reelmint/shared';
import type { VideoTemplate } from '@reelmint/shared';
import { useMarketingText } from '../i18n.ts';
import { useLandingText } from './landing-text.ts';
import { SimplePage } from '../ui/simple-page.tsx';
import pageStyles from '../ui/page.module.css';
import { TemplatesError, TemplatesOffline } from '../templates/load-states.tsx';
import { TemplateMedia } from '../templates/template-media.tsx';
import { generatorPathFor } from '../templates/template-text.ts';
import { useCatalogue } from '../templates/templates-queries.tsx';
import { SettingsGuide } from './settings-guide.tsx';
import styles from './landing.module.css';

export type Mode = 'text' | 'image';

const GENERATOR: Record<Mode, string> = { text: '/text-to-video/generator', image: '/image-to-video/generator' };
const NS: Record<Mode, 'textLanding' | 'imageLanding'> = { text: 'textLanding', image: 'imageLanding' };
const EXAMPLE_COUNT = 3;

/** One template from each of the first categories, so the examples show range. */
function pickExamples(templates: VideoTemplate[]): VideoTemplate[] {
  const seen = new Set<string>();
  return templates.filter((t) => !seen.has(t.category) && seen.add(t.category)).slice(0, EXAMPLE_COUNT);
}

/** A landing page for one way of creating: what it does, examples, the settings, and the way in. */
export function ModeLanding({ mode }: { mode: Mode }) {
  const { t } = useMarketingText();
  const { t: tl } = useLandingText();
  const ns = NS[mode];
  const cta = (
    <LocalizedLink className={pageStyles.cta} to={GENERATOR[mode]}>
      {tl(`${ns}.cta`)}
      <span aria-hidden="true">→</span>
    </LocalizedLink>
  );

  return (
    <SimplePage
      eyebrow={t('home.eyebrow')}
      title={tl(`${ns}.title`)}
      lead={tl(`${ns}.lead`)}
      actions={
        <>
          {cta}
          <LocalizedLink className={pageStyles.ghost} to="/pricing">
            {tl('landing.pricingLink')}
          </LocalizedLink>
        </>
      }
    >
      <section className={pageStyles.section} aria-labelledby="what-title">
        <h2 id="what-title" className={pageStyles.sectionTitle}>
          {tl('landing.whatTitle')}
        </h2>
        <ol className={styles.points}>
          {(['what1', 'what2', 'what3'] as const).map((key, index) => (
            <li key={key} className={styles.point}>
              <span className={styles.pointNumber} aria-hidden="true">
                {index + 1}
              </span>
              <p>{tl(`${ns}.${key}`)}</p>
            </li>
          ))}
        </ol>
      </section>
      <Examples mode={mode} />
      {mode === 'image' && (
        <section className={pageStyles.section} aria-labelledby="tips-title">
          <h2 id="tips-title" className={pageStyles.sectionTitle}>
            {tl('imageLanding.tipsTitle')}
          </h2>
          <ul className={styles.tips}>
            {(['tip1', 'tip2', 'tip3'] as const).map((key) => (
              <li key={key}>{tl(`imageLanding.${key}`)}</li>
            ))}
          </ul>
        </section>
      )}
      <SettingsGuide />
      <section className={pageStyles.band}>
        <div>
          <h2>{tl('landing.ctaTitle')}</h2>
        </div>
        <LocalizedLink className={pageStyles.bandCta} to={GENERATOR[mode]}>
          {tl(`${ns}.cta`)}
        </LocalizedLink>
      </section>
    </SimplePage>
  );
}

function Examples({ mode }: { mode: Mode }) {
  const { t } = useMarketingText();
  const { t: tl } = useLandingText();
  const { state, retry } = useCatalogue();
  const ns = NS[mode];
  return (
    <section className={pageStyles.section} aria-labelledby="examples-title">
      <h2 id="examples-title" className={pageStyles.sectionTitle}>
        {tl('landing.examplesTitle')}
      </h2>
      <p className={pageStyles.sectionLead}>{tl(`${ns}.examplesLead`)}</p>
      {state.kind === 'loading' && (
        <p role="status" className={styles.loading}>
          {t('templates.loading')}
        </p>
      )}
      {state.kind === 'error' && <TemplatesError error={state.error} onRetry={retry} />}
      {state.kind === 'ready' && state.value.fallback && <TemplatesOffline onRetry={retry} />}
      {state.kind === 'ready' && state.value.data.length > 0 && (
        <ul className={styles.examples}>
          {pickExamples(state.value.data).map((template) => (
            <li key={template.id}>{mode === 'text' ? <PromptExample template={template} /> : <PictureExample template={template} />}</li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** A prompt and the clip it made; the link opens the generator with that prompt. */
function PromptExample({ template }: { template: VideoTemplate }) {
  const { t: tl } = useLandingText();
  const [playing, setPlaying] = useState(false);
  return (
    <LocalizedLink
      className={styles.example}
      to={generatorPathFor(template)}
      onMouseEnter={() => setPlaying(true)}
      onMouseLeave={() => setPlaying(false)}
      onFocus={() => setPlaying(true)}
      onBlur={() => setPlaying(false)}
    >
      <span className={styles.exampleLabel}>{tl('textLanding.prompt')}</span>
      <q className={styles.examplePrompt}>{template.prompt}</q>
      <TemplateMedia template={template} playing={playing} />
      <span className={styles.exampleAction}>
        {tl('textLanding.useExample')} <span aria-hidden="true">→</span>
      </span>
    </LocalizedLink>
  );
}

/**
 * The slow camera move the image generator gives a picture, with the still picture inset: the
 * push-in is the one the engine renders (a 1 to 1.18 zoom), shown here over the template's poster.
 */
function PictureExample({ template }: { template: VideoTemplate }) {
  const { t } = useMarketingText();
  const { t: tl } = useLandingText();
  const { title } = template;
  return (
    <LocalizedLink className={`${styles.example} ${styles.pictureExample}`} to={GENERATOR.image}>
      <span className={styles.pictureStage}>
        <span className={styles.moving}>
          <TemplateMedia template={template} playing={false} badges={false} />
        </span>
        <span className={styles.stageLabel}>{tl('imageLanding.result')}</span>
        <span className={styles.inset}>
          <TemplateMedia template={template} playing={false} alt={t('templates.posterAlt', { title })} badges={false} />
          <span className={styles.insetLabel}>{tl('imageLanding.picture')}</span>
        </span>
      </span>
      <span className={styles.exampleTitle}>{title}</span>
      <span className={styles.exampleAction}>
        {tl('imageLanding.cta')} <span aria-hidden="true">→</span>
      </span>
    </LocalizedLink>
  );
}
