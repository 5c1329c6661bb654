import { useGeneratorText } from '../i18n.ts';
import type { GenerationState } from './use-generation.ts';
import styles from './result-panel.module.css';

interface Props {
  state: GenerationState;
  /** Puts the job back on the stage, in place of the video watched meanwhile. */
  onShow: () => void;
}

/**
 * The job being made, in one line above a past video watched meanwhile: how far it is, then that it is ready (or
 * failed), with a way back to it. Nothing once the stage has nothing of its own to come back to.
 */
export function JobBar({ state, onShow }: Props) {
  const { t } = useGeneratorText();
  const { phase, video } = state;
  const busy = phase === 'submitting' || phase === 'running';
  if (!busy && (phase === 'idle' || state.picked)) return null;
  const progress = video?.progress ?? 0;
  const queued = phase === 'submitting' || (phase === 'running' && (!video || video.status === 'queued'));
  let status = t('job.processing', { percent: progress });
  if (queued) status = t('job.queued');
  else if (phase === 'succeeded') status = t('job.succeeded');
  else if (phase === 'failed') status = video?.status === 'cancelled' ? t('jobQueue.cancelledTitle') : t('job.failedTitle');

  return (
    <div className={styles.jobBar} data-testid="job-bar" data-phase={phase}>
      <div className={styles.jobBarText}>
        <p>{status}</p>
        {busy && (
          <div className={styles.track} role="progressbar" aria-label={t('job.progressLabel')} aria-valuemin={0} aria-valuemax={100} aria-valuenow={progress}>
            <span className={styles.bar} style={{ width: `${Math.max(progress, 3)}%` }} />
          </div>
        )}
      </div>
      <button type="button" className={styles.secondary} onClick={onShow}>
        {busy ? t('job.showProgress') : t('job.showNew')}
      </button>
    </div>
  );
}
