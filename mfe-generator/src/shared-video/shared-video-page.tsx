import { useEffect, useId, useRef } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router-dom';
import { ApiError, LocalizedLink, useAuth, useLocalizePath } from '@reelmint/shared';
import type { PublicVideo } from '@reelmint/shared';
import { useGeneratorText } from '../i18n.ts';
import { errorMessage } from '../generator/errors.ts';
import { videoApi } from '../generator/video-api.ts';
import { generatorKeys, withGeneratorQueries } from '../server-state/generator-queries.tsx';
import styles from './shared-video-page.module.css';

/** Where a remix opens: the generator in the video's own mode, told which shared video to start from. */
export function remixPath(video: Pick<PublicVideo, 'id' | 'type'>): string {
  const mode = video.type === 'image-to-video' ? '/image-to-video/generator' : '/text-to-video/generator';
  return `${mode}?remix=${encodeURIComponent(video.id)}`;
}

/**
 * /v/:id: a video its owner shared by link, for anyone, signed in or not. Plays it with its poster, says what
 * it was made from, counts the visit, and offers a remix: the generator with its prompt and settings.
 */
function SharedVideoPage() {
  const { t } = useGeneratorText();
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const localize = useLocalizePath();
  const signedIn = useAuth((s) => !!s.token);
  const queryClient = useQueryClient();
  const shared = useQuery({ queryKey: generatorKeys.sharedVideo(id), queryFn: ({ signal }) => videoApi.publicVideo(id, signal) });
  const counted = useRef<string | null>(null);
  const headingId = useId();

  const loaded = shared.isSuccess;
  useEffect(() => {
    // Once per visit of this page, not again when React re-runs the effect in development.
    if (!loaded || counted.current === id) return;
    counted.current = id;
    videoApi.countView(id).then(
      ({ views }) => queryClient.setQueryData<PublicVideo>(generatorKeys.sharedVideo(id), (video) => video && { ...video, views }),
      () => undefined,
    );
  }, [loaded, id, queryClient]);

  const missing = shared.error instanceof ApiError && (shared.error.status === 404 || shared.error.code === 'NOT_FOUND');
  const state = shared.isSuccess
    ? ({ status: 'ready', video: shared.data } as const)
    : shared.isError
      ? missing
        ? ({ status: 'missing' } as const)
        : ({ status: 'error', error: shared.error } as const)
      : ({ status: 'loading' } as const);

  const remix = (video: PublicVideo) => {
    const target = remixPath(video);
    navigate(localize(signedIn ? target : `/auth?returnTo=${encodeURIComponent(target)}`));
  };

  return (
    <main className={styles.page} data-remote="generator" aria-labelledby={headingId} data-testid="shared-video-page">
      <div className={styles.inner}>
        {state.status === 'loading' && <p role="status">{t('shared.loading')}</p>}
        {state.status === 'missing' && (
          <div className={styles.message} data-testid="shared-video-missing">
            <h1 id={headingId} className={styles.title}>
              {t('shared.missingTitle')}
            </h1>
            <p>{t('shared.missingBody')}</p>
            <LocalizedLink to="/text-to-video/generator" className={styles.primary}>
              {t('shared.makeYourOwn')}
            </LocalizedLink>
          </div>
        )}
        {state.status === 'error' && (
          <div className={styles.message} role="alert">
            <h1 id={headingId} className={styles.title}>
              {t('shared.errorTitle')}
            </h1>
            <p>{errorMessage(t, state.error)}</p>
            <button type="button" className={styles.primary} onClick={() => void shared.refetch()}>
              {t('shared.retry')}
            </button>
          </div>
        )}
        {state.status === 'ready' && (
          <>
            <p className={styles.eyebrow}>{t('shared.eyebrow')}</p>
            <h1 id={headingId} className={styles.title} data-testid="shared-video-title">
              {state.video.prompt ?? t('shared.noPrompt')}
            </h1>
            <div className={styles.stage}>
              <video
                className={styles.video}
                data-shape={state.video.aspectRatio}
                src={state.video.videoUrl}
                poster={state.video.posterUrl}
                width={state.video.width}
                height={state.video.height}
                controls
                // Clips carry no speech to caption; they start muted and the controls can unmute them.
                muted
                playsInline
                preload="metadata"
                aria-label={t('result.videoLabel', { prompt: state.video.prompt ?? t('history.noPrompt') })}
                data-testid="shared-video"
              />
            </div>
            <p className={styles.meta}>
              <span>{[state.video.model, state.video.resolution, state.video.duration, state.video.aspectRatio].join(' · ')}</span>
              {state.video.seed !== null && <span>{t('advanced.resultSeed', { seed: state.video.seed })}</span>}
              {state.video.negativePrompt && <span>{t('advanced.resultNegative', { text: state.video.negativePrompt })}</span>}
              <span data-testid="shared-video-views">{t('share.views', { count: state.video.views })}</span>
            </p>
            {state.video.engine === 'local' && <p className={styles.note}>{t('engine.localResult')}</p>}
            <div className={styles.actions}>
              <button type="button" className={styles.primary} onClick={() => remix(state.video)} data-testid="remix">
                {signedIn ? t('shared.remix') : t('shared.signInToRemix')}
              </button>
              <LocalizedLink to="/free-video-templates" className={styles.link}>
                {t('shared.browseTemplates')}
              </LocalizedLink>
            </div>
          </>
        )}
      </div>
    </main>
  );
}

export default withGeneratorQueries(SharedVideoPage);
