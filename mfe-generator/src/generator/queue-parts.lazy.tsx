import { useId, useState } from 'react';
import { ApiError, formatNumber, notify, runCost, setCreditBalance, VARIATIONS_MAX } from '@reelmint/shared';
import type { GenerationConfig } from '@reelmint/shared';
import { useGeneratorText } from '../i18n.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { errorMessage } from './errors.ts';
import type { RunCancel } from './use-generation.ts';
import { videoApi } from './video-api.ts';
import type { VideoRecord } from './video-api.ts';
import studio from './studio.module.css';
import styles from './queue-parts.module.css';

// The studio's queue controls: how many variations a run makes, where a waiting job stands, and cancelling one.
// Fetched after the studio's first paint (see queue-parts.tsx), so its first load carries none of this.

const COUNTS = Array.from({ length: VARIATIONS_MAX }, (_, i) => i + 1);

interface VariationsProps {
  value: number;
  config: GenerationConfig;
  /** On the relaxed queue a run makes one video: the choice is shown but cannot be changed. */
  relaxed: boolean;
  disabled: boolean;
  onChange: (value: number) => void;
}

/** One to four videos from one prompt, each its own job; the run's cost shown as the price of one times the count. */
export function VariationsControl({ value, config, relaxed, disabled, onChange }: VariationsProps) {
  const { t, i18n } = useGeneratorText();
  const labelId = useId();
  const hintId = useId();
  const number = (n: number) => formatNumber(n, i18n.resolvedLanguage ?? 'en');
  const count = relaxed ? 1 : value;
  return (
    <div className={studio.settingGroup} role="group" aria-labelledby={labelId} aria-describedby={hintId} data-testid="variations">
      <span id={labelId} className={studio.settingLabel}>
        {t('jobQueue.variationsLabel')}
      </span>
      <div className={studio.segments}>
        {COUNTS.map((n) => (
          <button
            key={n}
            type="button"
            className={studio.segment}
            aria-pressed={count === n}
            disabled={disabled || (relaxed && n > 1)}
            onClick={() => onChange(n)}
          >
            {number(n)}
          </button>
        ))}
      </div>
      <p id={hintId} className={studio.queueHint} aria-live="polite" data-testid="variations-cost">
        {relaxed
          ? t('jobQueue.variationsRelaxed')
          : t('jobQueue.variationsCost', { each: number(runCost(config, 1)), n: number(count), total: number(runCost(config, count)) })}
      </p>
    </div>
  );
}

/** "Place 3 in the queue · expected start in about 2 min (10:42)". */
function useWaitingText(video: VideoRecord): string | null {
  const { t, i18n } = useGeneratorText();
  if (video.status !== 'queued' || video.queuePosition === null) return null;
  const lang = i18n.resolvedLanguage ?? 'en';
  const place = t('jobQueue.place', { place: formatNumber(video.queuePosition, lang) });
  const seconds = video.expectedStartSeconds ?? 0;
  if (seconds < 30 || !video.expectedStartAt) return `${place} · ${t('jobQueue.startsNow')}`;
  const minutes = formatNumber(Math.max(1, Math.round(seconds / 60)), lang);
  const time = new Intl.DateTimeFormat(lang, { timeStyle: 'short' }).format(new Date(video.expectedStartAt));
  return `${place} · ${t('jobQueue.startsIn', { minutes, time })}`;
}

/** Cancels a job after asking; the balance and the caller hear of the credits that came back. */
function useCancel(video: VideoRecord, onCancelled: (video: VideoRecord) => void) {
  const { t, i18n } = useGeneratorText();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      const reply = await videoApi.cancel(video.id);
      setCreditBalance(reply.newBalance);
      notify('success', t('jobQueue.cancelDone', { credits: formatNumber(reply.refunded, i18n.resolvedLanguage ?? 'en') }));
    } catch (error) {
      notify('error', errorMessage(t, error));
    } finally {
      setBusy(false);
      setAsking(false);
      // Finished or cancelled meanwhile: either way the caller reads the job again.
      onCancelled(video);
    }
  };
  const dialog = asking ? (
    <ConfirmDialog
      title={t('jobQueue.cancelTitle')}
      body={video.cost > 0 ? t('jobQueue.cancelBody') : t('jobQueue.cancelBodyFree')}
      confirmLabel={t('jobQueue.cancelConfirm')}
      cancelLabel={t('jobQueue.keep')}
      busy={busy}
      onConfirm={() => void confirm()}
      onCancel={() => setAsking(false)}
    />
  ) : null;
  return { ask: () => setAsking(true), dialog };
}

/**
 * Cancels every video in `ids`, one call each and all at once (the API cancels one video per call). A video that
 * finished before its cancel arrived is counted apart, and a call that fails does not stop the others.
 */
async function cancelEach(ids: readonly string[], explain: (error: unknown) => string): Promise<{ outcome: RunCancel; newBalance: number | null }> {
  const results = await Promise.allSettled(ids.map((id) => videoApi.cancel(id)));
  const outcome: RunCancel = { cancelled: 0, refunded: 0, finished: 0, failed: 0, reason: null };
  let newBalance: number | null = null;
  for (const result of results) {
    if (result.status === 'fulfilled') {
      outcome.cancelled += 1;
      outcome.refunded += result.value.refunded;
      // Each reply carries the balance after its own refund, and refunds only add: the largest is the one after all.
      newBalance = Math.max(newBalance ?? 0, result.value.newBalance);
    } else if (result.reason instanceof ApiError && result.reason.code === 'ALREADY_FINISHED') {
      outcome.finished += 1;
    } else {
      outcome.failed += 1;
      outcome.reason ??= explain(result.reason);
    }
  }
  return { outcome, newBalance };
}

/**
 * The stage's Cancel. A job alone is cancelled as a history item is; a job of a run of several videos is cancelled
 * with the run's other videos still being made, all asked about at once: cancelling only the one on the stage left the
 * others rendering, and charged, out of sight. The videos asked about are the ones cancelled, even if one finishes
 * while the question is open (the API then says it had finished, and the stage says so).
 */
function useStageCancel(props: StageProps) {
  const { video, others, inRun, onCancelled, onRunCancelled } = props;
  const { t } = useGeneratorText();
  const single = useCancel(video, onCancelled);
  const [asking, setAsking] = useState<readonly string[] | null>(null);
  const [busy, setBusy] = useState(false);
  const confirm = async (ids: readonly string[]) => {
    setBusy(true);
    const { outcome, newBalance } = await cancelEach(ids, (error) => errorMessage(t, error));
    if (newBalance !== null) setCreditBalance(newBalance);
    setBusy(false);
    setAsking(null);
    // The stage says what happened to each video, in place of a toast over the stage the person is looking at.
    onRunCancelled(outcome);
  };
  if (!inRun) return single;
  const count = asking?.length ?? 0;
  const dialog = asking ? (
    <ConfirmDialog
      title={count > 1 ? t('jobQueue.cancelRunTitle', { count }) : t('jobQueue.cancelTitle')}
      body={count > 1 ? t('jobQueue.cancelRunBody') : t('jobQueue.cancelBody')}
      confirmLabel={count > 1 ? t('jobQueue.cancelRunConfirm', { count }) : t('jobQueue.cancelConfirm')}
      cancelLabel={t('jobQueue.keep')}
      busy={busy}
      onConfirm={() => void confirm(asking)}
      onCancel={() => setAsking(null)}
    />
  ) : null;
  return { ask: () => setAsking([video.id, ...others]), dialog };
}

interface JobProps {
  video: VideoRecord;
  onCancelled: (video: VideoRecord) => void;
}

interface StageProps extends JobProps {
  /** The other videos of the job's run still queued or rendering: the stage's Cancel stops them too. */
  others: readonly string[];
  /** Whether the job is one of a run of several videos (whether or not the others are still being made). */
  inRun: boolean;
  onRunCancelled: (outcome: RunCancel) => void;
}

/** Under the stage's progress: the job's place and expected start while it waits, and Cancel while it is unfinished. */
export function StageQueue(props: StageProps) {
  const { video } = props;
  const { t } = useGeneratorText();
  const waiting = useWaitingText(video);
  const cancel = useStageCancel(props);
  if (video.status !== 'queued' && video.status !== 'processing') return null;
  return (
    <div className={styles.stage}>
      {waiting && (
        <p className={styles.waiting} data-testid="queue-place">
          {waiting}
        </p>
      )}
      <button type="button" className={styles.cancel} onClick={cancel.ask} data-testid="cancel-job">
        {t('jobQueue.cancel')}
      </button>
      {cancel.dialog}
    </div>
  );
}

/** The same for a history item: its place while it waits, and a Cancel button named after its prompt. */
export function HistoryQueue({ video, onCancelled, prompt }: JobProps & { prompt: string }) {
  const { t } = useGeneratorText();
  const waiting = useWaitingText(video);
  const cancel = useCancel(video, onCancelled);
  if (video.status !== 'queued' && video.status !== 'processing') return null;
  return (
    <>
      {waiting && (
        <p className={styles.historyWaiting} data-testid="history-queue-place">
          {waiting}
        </p>
      )}
      <button
        type="button"
        className={styles.historyCancel}
        onClick={cancel.ask}
        aria-label={t('jobQueue.cancelLabel', { prompt })}
        data-testid="history-cancel"
      >
        {t('jobQueue.cancel')}
      </button>
      {cancel.dialog}
    </>
  );
}
