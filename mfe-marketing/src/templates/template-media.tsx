import { useState } from 'react';
import type { VideoTemplate } from '@reelmint/shared';
import { useMarketingText } from '../i18n.ts';
import { usePrefersReducedMotion } from '../ui/use-reduced-motion.ts';
import styles from './template-media.module.css';

/** Template posters and clips are rendered at 512p (912 x 512); set so the page never shifts as they load. */
export const MEDIA_WIDTH = 912;
export const MEDIA_HEIGHT = 512;

interface TemplateMediaProps {
  template: VideoTemplate;
  /** True while the preview clip should play (a hover, or its play button pressed). */
  playing: boolean;
  /**
   * Makes the play mark a real play/pause button, for touch and keyboard. With it the owner decides when to play,
   * reduced motion included (a press is motion asked for); without it the mark is decoration.
   */
  onToggle?: () => void;
  /** Text alternative of the poster; empty when the card's title already says what it shows. */
  alt?: string;
  /** Shows the "coming soon" or play badge over the poster. */
  badges?: boolean;
  /** 'eager' for a poster above the fold, which is then also fetched first; lists below it stay lazy. */
  loading?: 'lazy' | 'eager';
}

/**
 * A template's poster at a fixed 16:9 size, with its preview clip over it while playing (never when
 * the person asked for reduced motion). Before the clip is rendered (previewReady false) the poster
 * stays; if the poster itself cannot be had, a tinted placeholder keeps the card's shape.
 */
export function TemplateMedia({ template, playing, onToggle, alt = '', badges = true, loading = 'lazy' }: TemplateMediaProps) {
  const { t } = useMarketingText();
  const [posterFailed, setPosterFailed] = useState(false);
  const [clipFailed, setClipFailed] = useState(false);
  const reducedMotion = usePrefersReducedMotion();
  const clipReady = template.previewReady !== false && !!template.previewUrl && !clipFailed;
  const showClip = playing && clipReady && (!reducedMotion || !!onToggle);

  return (
    <div className={styles.media} data-testid="template-media">
      {posterFailed || !template.posterUrl ? (
        <div className={styles.placeholder} role={alt ? 'img' : undefined} aria-label={alt || undefined} aria-hidden={alt ? undefined : true}>
          <span className={styles.placeholderMark}>▶</span>
        </div>
      ) : (
        <img
          className={styles.poster}
          src={template.posterUrl}
          alt={alt}
          width={MEDIA_WIDTH}
          height={MEDIA_HEIGHT}
          loading={loading}
          fetchPriority={loading === 'eager' ? 'high' : undefined}
          decoding="async"
          onError={() => setPosterFailed(true)}
        />
      )}
      {showClip && (
        <video
          className={styles.clip}
          src={template.previewUrl}
          width={MEDIA_WIDTH}
          height={MEDIA_HEIGHT}
          muted
          loop
          autoPlay
          playsInline
          preload="none"
          aria-hidden="true"
          onError={() => setClipFailed(true)}
        />
      )}
      {badges && template.previewReady === false && <span className={styles.pending}>{t('templates.previewSoon')}</span>}
      {onToggle && clipReady ? (
        <button
          type="button"
          className={styles.play}
          onClick={onToggle}
          aria-label={t(showClip ? 'templates.pausePreview' : 'templates.playPreview', { title: template.title })}
          data-testid="preview-toggle"
        >
          <span aria-hidden="true">{showClip ? '❚❚' : '▶'}</span>
        </button>
      ) : (
        badges &&
        clipReady &&
        !playing && (
          <span className={styles.play} aria-hidden="true">
            ▶
          </span>
        )
      )}
    </div>
  );
}
