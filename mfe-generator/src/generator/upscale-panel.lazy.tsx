import { useId, useState } from 'react';
import { ApiError, PLAN_NAMES, cheapestPlanWith, editCost, parseSeconds, upscaleTarget } from '@reelmint/shared';
import type { PlanFeatures, Resolution } from '@reelmint/shared';
import { useGeneratorText } from '../i18n.ts';
import { errorMessage } from './errors.ts';
import { useToolsText } from './tools-text.lazy.ts';
import type { EditRequest, VideoRecord } from './video-api.ts';
import styles from './tools.module.css';

export interface UpscaleProps {
  video: VideoRecord;
  /** The plan's features; null while the plan is not known yet. */
  features: PlanFeatures | null;
  /** A job is being made: the upscale waits for it. */
  jobBusy: boolean;
  onSubmit: (body: EditRequest) => Promise<boolean>;
  onUpgrade: () => void;
  onNeedCredits: (required: number, available: number) => void;
}

/**
 * Upscaling a finished clip to the next resolution its plan makes, at the price of the shared formula; locked on Free
 * (naming the plan that allows it), and a note instead of the button when the clip is at the plan's highest.
 */
export default function UpscalePanel({ video, features, jobBusy, onSubmit, onUpgrade, onNeedCredits }: UpscaleProps) {
  const { t } = useToolsText();
  const generator = useGeneratorText();
  const ids = { heading: useId(), note: useId() };
  const [submitting, setSubmitting] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const from = video.resolution;
  const plan = PLAN_NAMES[cheapestPlanWith('hd720p')];
  const target: Resolution | null = features ? upscaleTarget(from, features) : null;
  const cost = target ? editCost({ kind: 'upscale', seconds: parseSeconds(video.duration) ?? 0, resolution: target }) : 0;

  const upscale = async () => {
    setSubmitting(true);
    setProblem(null);
    try {
      await onSubmit({ kind: 'upscale', videoId: video.id });
    } catch (error) {
      if (error instanceof ApiError && error.code === 'INSUFFICIENT_CREDITS') {
        onNeedCredits(Number(error.details.required ?? cost), Number(error.details.available ?? 0));
      } else if (error instanceof ApiError && error.code === 'PLAN_UPGRADE_REQUIRED') {
        onUpgrade();
      } else if (error instanceof ApiError && error.code === 'UPSCALE_AT_MAXIMUM') {
        setProblem(t('upscale.atMaximum', { resolution: from }));
      } else {
        setProblem(errorMessage(generator.t, error));
      }
    } finally {
      setSubmitting(false);
    }
  };

  const locked = features !== null && !features.hd720p;
  return (
    <section className={styles.upscale} aria-labelledby={ids.heading} aria-busy={features === null || undefined} data-testid="upscale-panel">
      <h3 id={ids.heading} className={styles.heading}>
        {t('upscale.title')}
      </h3>
      {features === null && <p className={styles.note}>{t('upscale.checkingPlan')}</p>}
      {locked && (
        <>
          <p className={styles.note} data-testid="upscale-locked">
            {t('upscale.locked', { plan })}
          </p>
          <div className={styles.actions}>
            <button type="button" className={styles.secondary} onClick={onUpgrade} data-testid="upscale-upgrade">
              {t('upscale.upgrade', { plan })}
            </button>
          </div>
        </>
      )}
      {features !== null && !locked && !target && (
        <p className={styles.note} data-testid="upscale-at-maximum">
          {t('upscale.atMaximum', { resolution: from })}
        </p>
      )}
      {target && (
        <>
          <p id={ids.note} className={styles.note}>
            {t('upscale.how', { from, to: target })}
          </p>
          {problem && (
            <p className={styles.error} role="alert">
              {problem}
            </p>
          )}
          {jobBusy && <p className={styles.note}>{t('upscale.busy')}</p>}
          <div className={styles.actions}>
            <button
              type="button"
              className={styles.primary}
              disabled={submitting || jobBusy}
              aria-busy={submitting}
              aria-describedby={ids.note}
              onClick={() => void upscale()}
              data-testid="upscale-confirm"
            >
              {t('upscale.confirm', { to: target, count: cost })}
            </button>
          </div>
        </>
      )}
    </section>
  );
}
