import { useId, useState } from 'react';
import { creditCost, durationSeconds, LocalizedLink } from '@reelmint/shared';
import type { VideoTemplate } from '@reelmint/shared';
import { useMarketingText } from '../i18n.ts';
import { TemplateMedia } from './template-media.tsx';
import { generatorPathFor, useCategoryName } from './template-text.ts';
import styles from './templates.module.css';

/**
 * One template: poster, title, prompt (both in the page's language, as the API gives them) and settings. The card is
 * one link into the generator, pre-filled from the template, apart from the play button over the poster: a click, a
 * tap or a key press there plays or pauses the template's motion and opens nothing. Nothing moves until asked to.
 */
export function TemplateCard({
  template,
  headingLevel = 'h2',
  loading = 'lazy',
}: {
  template: VideoTemplate;
  headingLevel?: 'h2' | 'h3';
  /** 'eager' for a card above the fold: its poster is fetched with the page. */
  loading?: 'lazy' | 'eager';
}) {
  const { t } = useMarketingText();
  const categoryName = useCategoryName();
  const [playing, setPlaying] = useState(false);
  const titleId = useId();
  const Heading = headingLevel;
  const { settings } = template;

  return (
    <article className={styles.card} data-testid="template-card">
      <TemplateMedia template={template} playing={playing} loading={loading} onToggle={() => setPlaying(!playing)} />
      <div className={styles.cardBody}>
        <p className={styles.category}>{categoryName(template.category)}</p>
        <Heading id={titleId} className={styles.cardTitle}>
          {template.title}
        </Heading>
        <p className={styles.prompt}>{template.prompt}</p>
        <p className={styles.meta}>
          <span>{settings.model}</span>
          <span>{settings.resolution}</span>
          <span>{t('common.seconds', { count: durationSeconds(settings.duration) })}</span>
          <span>{t('common.credits', { count: creditCost(settings) })}</span>
        </p>
        <LocalizedLink className={styles.use} to={generatorPathFor(template)} aria-describedby={titleId}>
          {t('templates.use')}
          <span aria-hidden="true"> →</span>
        </LocalizedLink>
      </div>
    </article>
  );
}
