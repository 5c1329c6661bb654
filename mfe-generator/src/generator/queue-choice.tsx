import { useId } from 'react';
import { useGeneratorText } from '../i18n.ts';
import styles from './studio.module.css';

export type GenerationQueue = 'priority' | 'relaxed';

interface Props {
  queue: GenerationQueue;
  disabled: boolean;
  onChange: (queue: GenerationQueue) => void;
}

const QUEUES: GenerationQueue[] = ['priority', 'relaxed'];

/**
 * Max's choice between a video now for credits and one on the relaxed queue for none (one at a
 * time, after the paid ones; api/README "Video generation"). Shown only to plans that include it.
 */
export function QueueChoice({ queue, disabled, onChange }: Props) {
  const { t } = useGeneratorText();
  const labelId = useId();
  const hintId = useId();
  return (
    <div className={styles.settingGroup} role="group" aria-labelledby={labelId} aria-describedby={hintId} data-testid="queue-choice">
      <span id={labelId} className={styles.settingLabel}>
        {t('queue.label')}
      </span>
      <div className={styles.segments}>
        {QUEUES.map((value) => (
          <button key={value} type="button" className={styles.segment} aria-pressed={queue === value} disabled={disabled} onClick={() => onChange(value)}>
            {t(`queue.${value}`)}
            <span className={styles.segmentNote}>{t(`queue.${value}Note`)}</span>
          </button>
        ))}
      </div>
      <p id={hintId} className={styles.queueHint} aria-live="polite">
        {t(`queue.${queue}Hint`)}
      </p>
    </div>
  );
}
