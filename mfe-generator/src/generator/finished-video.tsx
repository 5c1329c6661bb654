import { useGeneratorText } from '../i18n.ts';
import { EditedFrom } from './edited-from.tsx';
import { SharePanel } from './share-panel.tsx';
import { lazySlot } from './lazy-slot.tsx';
import type { EditPanelProps } from './edit-panel.lazy.tsx';
import type { UpscaleProps } from './upscale-panel.lazy.tsx';
import type { PlanFeatures } from '@reelmint/shared';

// Upscaling and editing are drawn once their code has come, fetched when a finished video is first shown rather than
// with the studio.
const UpscaleSlot = lazySlot<UpscaleProps>(() => import('./upscale-panel.lazy.tsx'));
const EditPanel = lazySlot<EditPanelProps>(() => import('./edit-panel.lazy.tsx'));
import type { EditRequest, ShareState, VideoRecord } from './video-api.ts';
import styles from './result-panel.module.css';

/** What can be done with a finished video on the stage. */
export interface VideoActions {
  /** The video being downloaded, if any. */
  downloadingId: string | null;
  onDownload: (video: VideoRecord) => void;
  onDelete: (video: VideoRecord) => void;
  /** Puts a finished video's seed into the settings, to make it again with changes. */
  onReuseSeed: (seed: number) => void;
  onShareChange: (state: ShareState) => void;
  /** Editing: null while the plan is unknown. */
  canEdit: boolean | null;
  onEdit: (body: EditRequest) => Promise<boolean>;
  onUpgradeToEdit: () => void;
  /** The plan's features for upscaling; null while the plan is unknown. */
  upscaleFeatures: PlanFeatures | null;
  onUpgradeToUpscale: () => void;
  onNeedCredits: (required: number, available: number) => void;
  /** Puts an edit's source on the stage. */
  onShowSource: (id: string) => void;
}

interface Props {
  video: VideoRecord & { videoUrl: string };
  /** A job is being made meanwhile: an edit of this video waits for it. */
  jobBusy: boolean;
  actions: VideoActions;
}

/** A finished video on the stage: the player, what it was made from, its actions, sharing and editing. */
export function FinishedVideo({ video, jobBusy, actions }: Props) {
  const { t } = useGeneratorText();
  const downloading = actions.downloadingId === video.id;
  return (
    <div className={styles.done}>
      <video
        className={styles.video}
        src={video.videoUrl}
        poster={video.posterUrl ?? undefined}
        controls
        // Clips carry no speech to caption; they start muted and the controls can unmute them.
        muted
        playsInline
        preload="metadata"
        aria-label={t('result.videoLabel', { prompt: video.prompt ?? t('history.noPrompt') })}
        data-testid="result-video"
      />
      <p className={styles.ready}>{t('job.succeeded')}</p>
      {video.engine === 'local' && (
        <p className={styles.previewNote} data-testid="result-preview-note">
          {t('engine.localResult')}
        </p>
      )}
      <p className={styles.meta}>
        <span>{[video.model, video.resolution, video.duration, video.aspectRatio].join(' · ')}</span>
        {video.seed !== null && <span data-testid="result-seed">{t('advanced.resultSeed', { seed: video.seed })}</span>}
        {video.prompt && <span className={styles.prompt}>{video.prompt}</span>}
        {video.negativePrompt && <span>{t('advanced.resultNegative', { text: video.negativePrompt })}</span>}
      </p>
      {video.edit && <EditedFrom video={video} onShowSource={actions.onShowSource} />}
      <div className={styles.actions}>
        <button type="button" className={styles.primary} onClick={() => actions.onDownload(video)} disabled={downloading} aria-busy={downloading}>
          <svg aria-hidden="true" width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
            <path d="M12 4v11m0 0l-4-4m4 4l4-4M5 20h14" />
          </svg>
          {t('result.download')}
        </button>
        {video.seed !== null && (
          <button type="button" className={styles.secondary} onClick={() => video.seed !== null && actions.onReuseSeed(video.seed)} data-testid="reuse-seed">
            {t('advanced.reuseSeed')}
          </button>
        )}
        <button type="button" className={styles.secondary} onClick={() => actions.onDelete(video)}>
          {t('result.delete')}
        </button>
      </div>
      <SharePanel video={video} onChange={actions.onShareChange} />
      <UpscaleSlot
        video={video}
        features={actions.upscaleFeatures}
        jobBusy={jobBusy}
        onSubmit={actions.onEdit}
        onUpgrade={actions.onUpgradeToUpscale}
        onNeedCredits={actions.onNeedCredits}
      />
      <EditPanel
        video={video}
        canEdit={actions.canEdit}
        jobBusy={jobBusy}
        onSubmit={actions.onEdit}
        onUpgrade={actions.onUpgradeToEdit}
        onNeedCredits={actions.onNeedCredits}
      />
    </div>
  );
}
