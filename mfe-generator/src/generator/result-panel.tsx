import { useId, useLayoutEffect, useRef } from 'react';
import type { TFunction } from 'i18next';
import { useGeneratorText } from '../i18n.ts';
import type { GenerationState, RunCancel } from './use-generation.ts';
import { failureReason } from './failure-reason.ts';
import { FinishedVideo } from './finished-video.tsx';
import type { VideoActions } from './finished-video.tsx';
import { JobBar } from './job-bar.tsx';
import { QueuePart } from './queue-parts.tsx';
import { revealStage } from './reveal-stage.ts';
import type { VideoRecord } from './video-api.ts';
import styles from './result-panel.module.css';

interface Props {
  /** The job being made or last made (or a video put on the stage when none runs). */
  state: GenerationState;
  /** The other videos of the job's run (its variations) still queued or rendering. */
  othersInProgress: readonly string[];
  /** A past video watched while a job is being made: the stage shows it, the job in one line above it. */
  viewing: VideoRecord | null;
  onBackToJob: () => void;
  headingId: string;
  /**
   * Goes up each time something new is put on the stage (a job started, a video played): the panel then brings itself
   * into view and takes focus, on the job's progress while it shows, else on its heading.
   */
  reveal: number;
  actions: VideoActions;
  /** A job cancelled from the stage: the history reads it again. */
  onCancelled: () => void;
  /** The videos of a run cancelled from the stage, and what happened to each. */
  onRunCancelled: (outcome: RunCancel) => void;
}

/** The stage: what the current job is doing, and the finished video with its actions. */
export function ResultPanel({ state, othersInProgress, viewing, onBackToJob, headingId, reveal, actions, onCancelled, onRunCancelled }: Props) {
  const { t } = useGeneratorText();
  const { phase, video } = state;
  const progress = video?.progress ?? 0;
  const queued = phase === 'submitting' || (phase === 'running' && (!video || video.status === 'queued'));
  const busy = phase === 'submitting' || phase === 'running';
  // What the stage shows: the video watched meanwhile, else the job's finished video.
  const shown = viewing ?? (phase === 'succeeded' || phase === 'failed' ? video : null);
  // What the run's Cancel did, said for all its videos at once (in place of one cancelled video's note), and how many
  // of the run's other videos are still being made: both about the job's run, not a past video watched meanwhile.
  const cancelled = viewing ? null : state.cancelled;
  const othersMade = viewing ? 0 : othersInProgress.length;
  const cancelledLines = cancelled ? runCancelLines(t, cancelled) : [];
  const statusId = useId();
  const section = useRef<HTMLElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const progressBar = useRef<HTMLDivElement>(null);

  // Measured once the stage is drawn with what was put there: scrolling before that measured the old stage (a video
  // with its edit form, far taller than a progress bar) and left the page on the history below it.
  useLayoutEffect(() => {
    const target = progressBar.current ?? heading.current;
    if (reveal > 0 && section.current && target) revealStage(section.current, target);
  }, [reveal]);

  // The progress bar goes when the job ends; focus on it would fall to the page's body. It goes to the stage's
  // heading instead, right above the video or the reason it failed (the live region below says which), and the stage,
  // now as tall as its video and forms, is brought into view from its top if that went off screen.
  const wasBusy = useRef(busy);
  useLayoutEffect(() => {
    const lost = !document.activeElement || document.activeElement === document.body;
    if (wasBusy.current && !busy && lost && section.current && heading.current) revealStage(section.current, heading.current);
    wasBusy.current = busy;
  }, [busy]);

  // One live region that is always in the page and changes only with the phase, so screen readers
  // hear "waiting", "rendering", "ready" or "failed" once each; the percentage stays on the progressbar. After the
  // run's Cancel it says what that did instead, once, whatever the run's videos do next.
  let announcement = '';
  if (cancelledLines[0]) announcement = cancelledLines[0][1];
  else if (queued) announcement = t('job.queued');
  else if (phase === 'running') announcement = t('job.rendering');
  else if (phase === 'succeeded' && !state.picked) announcement = t('job.succeeded');
  else if (phase === 'failed' && !state.picked) announcement = video?.status === 'cancelled' ? t('jobQueue.cancelledTitle') : t('job.failedTitle');
  else if (phase === 'idle' && state.lost) announcement = t('job.lost');

  return (
    <section ref={section} className={styles.panel} aria-labelledby={headingId} data-testid="result-panel" data-phase={phase}>
      <h2 ref={heading} id={headingId} className={styles.heading} tabIndex={-1}>
        {t('result.title')}
      </h2>
      <p className="rm-visually-hidden" role="status" aria-live="polite" data-testid="job-announcement">
        {announcement}
      </p>

      {viewing && <JobBar state={state} onShow={onBackToJob} />}

      {cancelledLines.length > 0 && (
        <div className={styles.failed} data-testid="run-cancelled">
          {cancelledLines.map(([name, line], index) => (index === 0 ? <strong key={name}>{line}</strong> : <p key={name}>{line}</p>))}
        </div>
      )}

      {othersMade > 0 && (
        <p className={styles.note} data-testid="run-others">
          {t('jobQueue.moreRendering', { count: othersMade })}
        </p>
      )}

      {busy && !viewing && (
        <div className={styles.stage}>
          <div className={styles.working} aria-hidden="true">
            <span className={styles.orb} />
          </div>
          <div className={styles.progressBlock}>
            <p id={statusId} className={styles.status} data-testid="job-status">
              {queued ? t('job.queued') : t('job.processing', { percent: progress })}
            </p>
            <div
              ref={progressBar}
              className={styles.track}
              role="progressbar"
              tabIndex={-1}
              aria-label={t('job.progressLabel')}
              aria-describedby={statusId}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={progress}
            >
              <span className={styles.bar} style={{ width: `${Math.max(progress, 3)}%` }} />
            </div>
            <p className={styles.note}>{state.connectionLost ? t('job.connectionLost') : state.resumed ? t('job.resumed') : t('job.canLeave')}</p>
            {video && (
              <QueuePart>
                {(parts) => (
                  <parts.StageQueue
                    video={video}
                    others={othersInProgress}
                    inRun={state.others.length > 0}
                    onCancelled={onCancelled}
                    onRunCancelled={onRunCancelled}
                  />
                )}
              </QueuePart>
            )}
          </div>
        </div>
      )}

      {shown?.status === 'succeeded' && shown.videoUrl && (
        // Keyed by the video: another one gets a fresh player and edit form, never the last one's position or settings.
        <FinishedVideo key={shown.id} video={{ ...shown, videoUrl: shown.videoUrl }} jobBusy={busy} actions={actions} />
      )}

      {shown?.status === 'failed' && (
        <div className={styles.failed} data-testid="job-failed">
          <strong>{t('job.failedTitle')}</strong>
          <p>{t('job.failed', { reason: failureReason(t, shown) })}</p>
          {shown.refunded && <p>{t('job.refunded', { count: shown.cost })}</p>}
        </div>
      )}

      {shown?.status === 'cancelled' && !cancelled && (
        <div className={styles.failed} data-testid="job-cancelled">
          <strong>{t('jobQueue.cancelledTitle')}</strong>
          {shown.refunded && shown.cost > 0 && <p>{t('jobQueue.cancelledRefund', { credits: shown.cost })}</p>}
        </div>
      )}

      {phase === 'idle' && !viewing && (
        <div className={styles.empty}>
          <div className={styles.emptyArt} aria-hidden="true">
            <svg width="44" height="44" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.4">
              <rect x="2.5" y="5" width="14" height="14" rx="2.5" />
              <path d="M16.5 10l5-3v10l-5-3" />
            </svg>
          </div>
          {state.lost && (
            <p className={styles.lost} data-testid="job-lost">
              {t('job.lost')}
            </p>
          )}
          <p className={styles.emptyTitle}>{t('result.empty')}</p>
          <p className={styles.emptyHint}>{t('result.emptyHint')}</p>
        </div>
      )}
    </section>
  );
}

/** What the run's Cancel did, one sentence each: the videos stopped, their credits, those that finished first, those it could not stop. */
function runCancelLines(t: TFunction, outcome: RunCancel): Array<[name: string, text: string]> {
  const lines: Array<[string, string]> = [];
  if (outcome.cancelled > 0) lines.push(['cancelled', t('jobQueue.runCancelled', { count: outcome.cancelled })]);
  if (outcome.refunded > 0) lines.push(['refunded', t('jobQueue.cancelledRefund', { credits: outcome.refunded })]);
  if (outcome.finished > 0) lines.push(['finished', t('jobQueue.runFinishedFirst', { count: outcome.finished })]);
  if (outcome.failed > 0) lines.push(['failed', t('jobQueue.runCancelFailed', { count: outcome.failed, reason: outcome.reason ?? '' })]);
  return lines;
}
