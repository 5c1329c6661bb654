import { useState } from 'react';
import { LocalizedLink, PLAN_FEATURES, PLAN_KEYS } from '@reelmint/shared';
import type { PlanKey, VideoTemplate } from '@reelmint/shared';
import { useMarketingText } from '../i18n.ts';
import { useFaqItems } from '../company/faq-items.tsx';
import { Accordion } from '../ui/accordion.tsx';
import pageStyles from '../ui/page.module.css';
import { usePrefersReducedMotion } from '../ui/use-reduced-motion.ts';
import { TemplatesError, TemplatesOffline } from '../templates/load-states.tsx';
import { TemplateCard } from '../templates/template-card.tsx';
import { TemplateMedia } from '../templates/template-media.tsx';
import { useHomeTemplates } from '../templates/use-templates.ts';
import styles from './home-page.module.css';

const STRIP_SIZE = 8;
const STEPS = ['step1', 'step2', 'step3'] as const;

/** The best resolution and model each plan includes, read from the shared plan features. */
function planHighlights(plan: PlanKey) {
  const features = PLAN_FEATURES[plan];
  return {
    resolution: features.hd1080p ? '1080p' : features.hd720p ? '720p' : '512p',
    model: features.v2Model ? 'v1.0 · v2.0' : 'v1.0',
    credits: features.creditsPerMonth,
  };
}

/** /: the front door. Sits under the transparent header, so the hero is dark from the very top. */
export default function HomePage() {
  const { t } = useMarketingText();
  const { state, retry } = useHomeTemplates();
  const templates = state.kind === 'ready' ? state.value.data : [];
  const heroTemplate = templates.find((template) => template.previewReady) ?? templates[0];

  return (
    <main data-remote="marketing" className={styles.home}>
      <section className={styles.hero} aria-labelledby="home-title">
        <div className={styles.heroInner}>
          <div className={styles.heroCopy}>
            <p className={styles.eyebrow}>{t('home.eyebrow')}</p>
            <h1 id="home-title" className={styles.title}>
              {t('home.title')}
            </h1>
            <p className={styles.lead}>{t('home.lead')}</p>
            <div className={styles.actions}>
              <LocalizedLink className={styles.cta} to="/text-to-video/generator">
                {t('home.cta')}
                <span aria-hidden="true">→</span>
              </LocalizedLink>
              <LocalizedLink className={styles.ghost} to="/pricing">
                {t('home.secondary')}
              </LocalizedLink>
            </div>
            <p className={styles.freeNote}>{t('home.freeNote', { count: PLAN_FEATURES.free.creditsPerMonth })}</p>
          </div>
          <HeroPreview template={heroTemplate} />
        </div>
      </section>

      <section className={styles.ways} aria-labelledby="ways-title">
        <h2 id="ways-title" className="rm-visually-hidden">
          {t('home.waysTitle')}
        </h2>
        <LocalizedLink className={styles.way} to="/text-to-video">
          <span className={styles.wayIcon} aria-hidden="true">
            Aa
          </span>
          <h3>{t('home.textCard')}</h3>
          <p>{t('home.textCardBody')}</p>
          <span className={styles.wayMore}>
            {t('home.learnMore')} <span aria-hidden="true">→</span>
          </span>
        </LocalizedLink>
        <LocalizedLink className={styles.way} to="/image-to-video">
          <span className={`${styles.wayIcon} ${styles.wayIconImage}`} aria-hidden="true">
            ◩
          </span>
          <h3>{t('home.imageCard')}</h3>
          <p>{t('home.imageCardBody')}</p>
          <span className={styles.wayMore}>
            {t('home.learnMore')} <span aria-hidden="true">→</span>
          </span>
        </LocalizedLink>
      </section>

      <section className={styles.section} aria-labelledby="examples-title">
        <div className={styles.sectionHead}>
          <div>
            <h2 id="examples-title" className={pageStyles.sectionTitle}>
              {t('home.examplesTitle')}
            </h2>
            <p className={styles.sectionLead}>{t('home.examplesLead')}</p>
          </div>
          <LocalizedLink className={pageStyles.textLink} to="/free-video-templates">
            {t('home.examplesAll')} <span aria-hidden="true">→</span>
          </LocalizedLink>
        </div>
        {state.kind === 'loading' && (
          <p role="status" className={styles.stripLoading}>
            {t('templates.loading')}
          </p>
        )}
        {state.kind === 'error' && <TemplatesError error={state.error} onRetry={retry} />}
        {state.kind === 'ready' && state.value.fallback && <TemplatesOffline onRetry={retry} />}
        {templates.length > 0 && (
          <ul className={styles.strip}>
            {templates.slice(0, STRIP_SIZE).map((template) => (
              <li key={template.id}>
                <TemplateCard template={template} headingLevel="h3" />
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className={`${styles.section} ${styles.steps}`} aria-labelledby="steps-title">
        <h2 id="steps-title" className={pageStyles.sectionTitle}>
          {t('home.stepsTitle')}
        </h2>
        <ol className={styles.stepList}>
          {STEPS.map((step, index) => (
            <li key={step} className={styles.step}>
              <span className={styles.stepNumber} aria-hidden="true">
                {index + 1}
              </span>
              <h3>{t(`home.${step}Title`)}</h3>
              <p>{t(`home.${step}Body`)}</p>
            </li>
          ))}
        </ol>
      </section>

      <section className={styles.section} aria-labelledby="plans-title">
        <div className={styles.sectionHead}>
          <div>
            <h2 id="plans-title" className={pageStyles.sectionTitle}>
              {t('home.plansTitle')}
            </h2>
            <p className={styles.sectionLead}>{t('home.plansLead')}</p>
          </div>
        </div>
        <ul className={styles.plans}>
          {PLAN_KEYS.map((plan) => {
            const highlight = planHighlights(plan);
            return (
              <li key={plan} className={styles.plan} data-plan={plan}>
                <h3>{t(`common.plans.${plan}`)}</h3>
                <p className={styles.planCredits}>
                  {plan === 'free' ? t('common.signupCredits', { count: highlight.credits }) : t('common.creditsPerMonth', { count: highlight.credits })}
                </p>
                <ul className={styles.planFacts}>
                  <li>{t('home.plansBest', { resolution: highlight.resolution })}</li>
                  <li>{highlight.model}</li>
                </ul>
              </li>
            );
          })}
        </ul>
        <LocalizedLink className={pageStyles.cta} to="/pricing">
          {t('home.plansCta')}
        </LocalizedLink>
      </section>

      <section className={`${styles.section} ${styles.faq}`} aria-labelledby="faq-title">
        <div>
          <h2 id="faq-title" className={pageStyles.sectionTitle}>
            {t('home.faqTitle')}
          </h2>
          <LocalizedLink className={pageStyles.textLink} to="/faqs">
            {t('home.faqAll')} <span aria-hidden="true">→</span>
          </LocalizedLink>
        </div>
        <FaqTeaser />
      </section>

      <section className={styles.section}>
        <div className={pageStyles.band}>
          <div>
            <h2>{t('home.ctaTitle')}</h2>
            <p>{t('home.freeNote', { count: PLAN_FEATURES.free.creditsPerMonth })}</p>
          </div>
          <LocalizedLink className={pageStyles.bandCta} to="/text-to-video/generator">
            {t('home.cta')}
          </LocalizedLink>
        </div>
      </section>
    </main>
  );
}

function FaqTeaser() {
  const items = useFaqItems(['credits', 'plans', 'refunds']);
  return <Accordion items={items} headingLevel="h3" />;
}

/**
 * A real template in a player frame: its clip plays when rendered, else its poster shows. The clip
 * loops, so a visible button pauses it (WCAG 2.2.2); with reduced motion asked for, it never starts.
 */
function HeroPreview({ template }: { template: VideoTemplate | undefined }) {
  const { t } = useMarketingText();
  const [paused, setPaused] = useState(false);
  const reducedMotion = usePrefersReducedMotion();
  const canPlay = !!template && template.previewReady !== false && !!template.previewUrl && !reducedMotion;
  return (
    <div className={styles.heroVisual}>
      <div className={styles.player}>
        <div className={styles.playerBar}>
          <span className={styles.playerDots} aria-hidden="true">
            <span />
            <span />
            <span />
          </span>
          {template && (
            <span className={styles.playerSample} data-testid="hero-sample-note">
              {t('home.heroSample')}
            </span>
          )}
          {canPlay && (
            <button type="button" className={styles.playerToggle} onClick={() => setPaused((was) => !was)}>
              <span aria-hidden="true">{paused ? '▶' : '❚❚'}</span>
              {paused ? t('home.previewPlay') : t('home.previewPause')}
            </button>
          )}
        </div>
        <div className={styles.playerScreen} aria-hidden="true">
          {template ? <TemplateMedia template={template} playing={!paused} badges={false} loading="eager" /> : <div className={styles.playerEmpty} />}
        </div>
        {/* Always there, two lines tall, so the frame keeps its height when the template arrives. */}
        <p className={styles.playerPrompt} aria-hidden="true">
          {template && (
            <>
              <span>{t('home.templatePrompt')}</span> {template.prompt}
            </>
          )}
        </p>
      </div>
    </div>
  );
}
