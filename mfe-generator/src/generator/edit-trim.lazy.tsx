import { useId, useRef } from 'react';
import type { KeyboardEvent } from 'react';
import { useEditText } from './edit-text.lazy.ts';
import { clipLength } from './edit-form.lazy.ts';
import type { EditForm } from './edit-form.lazy.ts';
import type { VideoRecord } from './video-api.ts';
import styles from './edit-panel.module.css';

/** A handle's step: fine by default, and a whole second with Shift held, so a long clip is not 20 presses a second. */
const TRIM_STEP = 0.05;
const TRIM_BIG_STEP = 1;

const seconds = (value: number) => Number(value.toFixed(2));

const ARROWS: Record<string, 1 | -1> = { ArrowRight: 1, ArrowUp: 1, ArrowLeft: -1, ArrowDown: -1 };

interface Props {
  video: VideoRecord;
  form: EditForm;
  update: (change: Partial<EditForm>) => void;
}

/** Trim: a start and an end handle over the clip, with the frame at the handle moved shown above them. */
export function TrimForm({ video, form, update }: Props) {
  const { t } = useEditText();
  const ids = { start: useId(), end: useId(), keys: useId() };
  const preview = useRef<HTMLVideoElement>(null);
  const length = clipLength(video);

  /** The frame preview follows the handle being moved. */
  const showFrame = (time: number) => {
    const element = preview.current;
    if (element && Number.isFinite(time)) element.currentTime = Math.max(0, Math.min(time, length - 0.04));
  };
  const move = (edge: 'start' | 'end', value: number) => {
    update({ [edge]: value });
    showFrame(value);
  };
  const bigStep = (edge: 'start' | 'end', event: KeyboardEvent<HTMLInputElement>) => {
    const direction = ARROWS[event.key];
    if (!event.shiftKey || !direction) return;
    event.preventDefault();
    move(edge, seconds(Math.max(0, Math.min(length, form[edge] + direction * TRIM_BIG_STEP))));
  };

  return (
    <div className={styles.form}>
      <video
        ref={preview}
        className={styles.preview}
        src={video.videoUrl ?? undefined}
        poster={video.posterUrl ?? undefined}
        muted
        playsInline
        preload="auto"
        aria-label={t('edit.trim.previewLabel')}
        data-testid="trim-preview"
      />
      <div className={styles.scrubber} aria-hidden="true">
        <span className={styles.kept} style={{ left: `${(form.start / length) * 100}%`, width: `${(Math.max(0, form.end - form.start) / length) * 100}%` }} />
      </div>
      {(['start', 'end'] as const).map((edge) => (
        <div key={edge} className={styles.range}>
          <label htmlFor={ids[edge]}>{t(`edit.trim.${edge}`, { value: seconds(form[edge]) })}</label>
          <input
            id={ids[edge]}
            type="range"
            min={0}
            max={length}
            step={TRIM_STEP}
            value={form[edge]}
            aria-valuetext={t('edit.secondsValue', { value: seconds(form[edge]) })}
            aria-describedby={ids.keys}
            onChange={(event) => move(edge, Number(event.target.value))}
            onKeyDown={(event) => bigStep(edge, event)}
            onFocus={() => showFrame(form[edge])}
            data-testid={`trim-${edge}`}
          />
        </div>
      ))}
      <p className={styles.note}>{t('edit.trim.keeps', { kept: seconds(Math.max(0, form.end - form.start)), total: seconds(length) })}</p>
      <p id={ids.keys} className={styles.hint}>
        {t('edit.trim.keys', { step: TRIM_STEP, bigStep: TRIM_BIG_STEP })}
      </p>
    </div>
  );
}
