import { useId, useState } from 'react';
import { ApiError, DURATIONS, EDIT_KINDS, EDIT_SPEEDS, MERGE_MAX_CLIPS, PLAN_NAMES, cheapestPlanWith } from '@reelmint/shared';
import { useEditText } from './edit-text.lazy.ts';
import { EditChoice } from './edit-choice.lazy.tsx';
import { editRequest, initialForm } from './edit-form.lazy.ts';
import type { EditForm } from './edit-form.lazy.ts';
import { MergeForm } from './edit-merge.lazy.tsx';
import { ReframeForm } from './edit-reframe.lazy.tsx';
import { editRefusal } from './edit-refusal.lazy.ts';
import { TrimForm } from './edit-trim.lazy.tsx';
import { useEditEstimate } from './use-edit-estimate.lazy.ts';
import type { EditRequest, VideoRecord } from './video-api.ts';
import styles from './edit-panel.module.css';

/** Upscaling has its own panel (upscale-panel.lazy.tsx): Pro members may upscale without the other edits. */
const PANEL_KINDS = EDIT_KINDS.filter((kind) => kind !== 'upscale');

export interface EditPanelProps {
  video: VideoRecord;
  /** Null while the plan is not known yet. */
  canEdit: boolean | null;
  /** True while a job is being made: an edit waits for it (one at a time), the form stays usable. */
  jobBusy: boolean;
  /** Queues the edit; resolves true once it is on its way, rejects with the server's refusal. */
  onSubmit: (body: EditRequest) => Promise<boolean>;
  onUpgrade: () => void;
  onNeedCredits: (required: number, available: number) => void;
}

/**
 * Editing the finished video on the stage: trim, reframe, speed, merge or extend. Max members only; others see the
 * lock with the way to upgrade. Fetched when a finished video is first shown (finished-video.tsx), not with the studio.
 */
export default function EditPanel({ canEdit, ...props }: EditPanelProps) {
  const { t } = useEditText();
  const heading = useId();
  const plan = PLAN_NAMES[cheapestPlanWith('advancedEditing')];
  if (canEdit === true) return <EditForms {...props} plan={plan} />;
  return (
    <section
      className={styles.panel}
      aria-labelledby={heading}
      aria-busy={canEdit === null || undefined}
      data-testid="edit-panel"
      data-locked={canEdit === false || undefined}
    >
      <h3 id={heading} className={styles.heading}>
        {canEdit === false && (
          <svg aria-hidden="true" width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
            <rect x="5" y="11" width="14" height="10" rx="2" />
            <path d="M8 11V7a4 4 0 0 1 8 0v4" />
          </svg>
        )}
        {t('edit.title')}
      </h3>
      {canEdit === null ? (
        <p className={styles.note}>{t('edit.checkingPlan')}</p>
      ) : (
        <>
          <p className={styles.note} data-testid="edit-locked">
            {t('edit.locked', { plan })}
          </p>
          <div>
            <button type="button" className={styles.confirm} onClick={props.onUpgrade} data-testid="edit-upgrade">
              {t('edit.upgrade', { plan })}
            </button>
          </div>
        </>
      )}
    </section>
  );
}

/**
 * The kinds of edit and the form of the one chosen; each form asks the server what the edit costs before the button
 * offers it.
 */
function EditForms({ video, jobBusy, onSubmit, onUpgrade, onNeedCredits, plan }: Omit<EditPanelProps, 'canEdit'> & { plan: string }) {
  const { t } = useEditText();
  const ids = { heading: useId(), kind: useId(), estimate: useId(), busy: useId() };
  const [form, setForm] = useState<EditForm>(() => initialForm(video));
  const [submitting, setSubmitting] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const update = (change: Partial<EditForm>) => {
    setProblem(null);
    setForm((current) => ({ ...current, ...change }));
  };

  const built = editRequest(video, form);
  const estimate = useEditEstimate('request' in built ? built.request : null);

  const confirm = async () => {
    if (!('request' in built) || estimate.status !== 'ready') return;
    if (!estimate.value.enough) {
      onNeedCredits(estimate.value.cost, estimate.value.balance);
      return;
    }
    setSubmitting(true);
    setProblem(null);
    try {
      await onSubmit(built.request);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'INSUFFICIENT_CREDITS') {
        onNeedCredits(Number(error.details.required ?? estimate.value.cost), Number(error.details.available ?? 0));
      } else if (error instanceof ApiError && error.code === 'PLAN_UPGRADE_REQUIRED') {
        onUpgrade();
      } else {
        setProblem(editRefusal(t, error, plan));
      }
    } finally {
      setSubmitting(false);
    }
  };

  const localProblem = 'problem' in built ? t(`edit.errors.${built.problem}`, { min: 2, max: MERGE_MAX_CLIPS }) : null;
  const ready = estimate.status === 'ready' && !submitting && !jobBusy;

  return (
    <section className={styles.panel} aria-labelledby={ids.heading} data-testid="edit-panel">
      <h3 id={ids.heading} className={styles.heading}>
        {t('edit.title')}
      </h3>
      <p className={styles.note}>{t('edit.lead')}</p>

      <fieldset className={styles.kinds}>
        <legend className="rm-visually-hidden">{t('edit.kindLabel')}</legend>
        {PANEL_KINDS.map((kind) => (
          <label key={kind} className={styles.kind} data-checked={form.kind === kind || undefined}>
            <input type="radio" name={ids.kind} value={kind} checked={form.kind === kind} onChange={() => update({ kind })} data-testid={`edit-kind-${kind}`} />
            {t(`edit.kinds.${kind}`)}
          </label>
        ))}
      </fieldset>

      {form.kind === 'trim' && <TrimForm video={video} form={form} update={update} />}
      {form.kind === 'reframe' && <ReframeForm video={video} form={form} update={update} />}
      {form.kind === 'speed' && (
        <EditChoice
          legend={t('edit.speed.label')}
          name={`${ids.kind}-speed`}
          values={EDIT_SPEEDS}
          chosen={form.speed}
          label={(speed) => t('edit.speed.factor', { value: speed })}
          onChoose={(speed) => update({ speed })}
          testId={(speed) => `speed-${speed}`}
        />
      )}
      {form.kind === 'merge' && <MergeForm video={video} form={form} update={update} />}
      {form.kind === 'extend' && (
        <div className={styles.form}>
          <p className={styles.note}>{t('edit.extend.hint')}</p>
          <EditChoice
            legend={t('edit.extend.label')}
            name={`${ids.kind}-duration`}
            values={DURATIONS}
            chosen={form.duration}
            label={(duration) => t('edit.extend.adds', { value: duration.replace('s', '') })}
            onChoose={(duration) => update({ duration })}
          />
        </div>
      )}

      <div id={ids.estimate} className={styles.estimate} aria-live="polite" data-testid="edit-estimate">
        {localProblem && <p className={styles.note}>{localProblem}</p>}
        {!localProblem && estimate.status === 'loading' && <p className={styles.note}>{t('edit.estimating')}</p>}
        {!localProblem && estimate.status === 'error' && <p className={styles.error}>{editRefusal(t, estimate.error, plan)}</p>}
        {!localProblem && estimate.status === 'ready' && (
          <p className={styles.cost}>
            {t('edit.cost', { count: estimate.value.cost })}
            <span className={styles.note}>
              {t('edit.result', { seconds: estimate.value.seconds, width: estimate.value.width, height: estimate.value.height })}
            </span>
            {!estimate.value.enough && <span className={styles.error}>{t('edit.notEnough', { balance: estimate.value.balance })}</span>}
          </p>
        )}
      </div>
      {problem && (
        <p className={styles.error} role="alert">
          {problem}
        </p>
      )}
      {jobBusy && (
        <p id={ids.busy} className={styles.note} data-testid="edit-waits">
          {t('edit.busy')}
        </p>
      )}
      <div>
        <button
          type="button"
          className={styles.confirm}
          disabled={!ready}
          aria-busy={submitting}
          aria-describedby={jobBusy ? `${ids.estimate} ${ids.busy}` : ids.estimate}
          onClick={() => void confirm()}
          data-testid="edit-confirm"
        >
          {estimate.status === 'ready' ? t('edit.confirm', { count: estimate.value.cost }) : t('edit.confirmPlain')}
        </button>
      </div>
    </section>
  );
}
