import { useEffect, useId, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  ApiError,
  ASPECT_RATIOS,
  DURATIONS,
  EDIT_KINDS,
  EDIT_SPEEDS,
  MERGE_MAX_CLIPS,
  MERGE_TRANSITIONS,
  PLAN_NAMES,
  REFRAME_MODES,
  cheapestPlanWith,
  useAuth,
} from '@reelmint/shared';
import { useGeneratorText } from '../i18n.ts';
import { generatorKeys } from '../server-state/generator-queries.tsx';
import { clipLength, editRequest, initialForm, moveClip } from './edit-form.ts';
import type { EditForm } from './edit-form.ts';
import { errorMessage } from './errors.ts';
import { SHAPE_KEYS } from './settings.ts';
import { videoApi } from './video-api.ts';
import type { EditEstimate, EditRequest, VideoRecord } from './video-api.ts';
import styles from './edit-panel.module.css';

interface Props {
  video: VideoRecord;
  /** Null while the plan is not known yet. */
  canEdit: boolean | null;
  /** Queues the edit; resolves true once it is on its way, rejects with the server's refusal. */
  onSubmit: (body: EditRequest) => Promise<boolean>;
  onUpgrade: () => void;
  onNeedCredits: (required: number, available: number) => void;
}

/** Server refusals of an edit, said in the page's language (api/README.md, "Editing"). */
const EDIT_ERRORS: Record<string, string> = {
  TRIM_OUT_OF_RANGE: 'edit.errors.trimRange',
  CLIP_TOO_SHORT: 'edit.errors.tooShort',
  CLIP_TOO_LONG: 'edit.errors.tooLong',
  EDIT_CHANGES_NOTHING: 'edit.errors.nothing',
  MERGE_CLIP_COUNT: 'edit.errors.mergeCount',
  EXTEND_UNAVAILABLE: 'edit.errors.extendUnavailable',
  VIDEO_NOT_READY: 'edit.errors.notReady',
  PLAN_UPGRADE_REQUIRED: 'edit.locked',
};

type Estimate = { status: 'idle' } | { status: 'loading' } | { status: 'ready'; value: EditEstimate } | { status: 'error'; message: string };

type Clips = { status: 'loading' } | { status: 'ready'; items: VideoRecord[] } | { status: 'error'; message: string };

const seconds = (value: number) => Number(value.toFixed(2));

/**
 * Editing the finished video on the stage: trim, reframe, speed, merge or extend. Each form asks
 * the server what the edit costs before the button offers it; Max members only, others see the
 * lock with the way to upgrade.
 */
export function EditPanel({ video, canEdit, onSubmit, onUpgrade, onNeedCredits }: Props) {
  const { t } = useGeneratorText();
  const ids = { heading: useId(), kind: useId(), estimate: useId(), start: useId(), end: useId(), focusX: useId(), focusY: useId() };
  const [form, setForm] = useState<EditForm>(() => initialForm(video));
  const [submitting, setSubmitting] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const preview = useRef<HTMLVideoElement>(null);
  const length = clipLength(video);
  const neededPlan = PLAN_NAMES[cheapestPlanWith('advancedEditing')];
  const session = useAuth((s) => s.token);

  /** A refusal said in the page's language: an edit's own reasons by code, else what any call may answer. */
  const refusalMessage = (error: unknown) => {
    const key = error instanceof ApiError ? EDIT_ERRORS[error.code] : undefined;
    return key ? t(key, { plan: neededPlan, min: 2, max: MERGE_MAX_CLIPS }) : errorMessage(t, error);
  };

  const update = (change: Partial<EditForm>) => {
    setProblem(null);
    setForm((current) => ({ ...current, ...change }));
  };

  const built = editRequest(video, form);
  const requestText = 'request' in built ? JSON.stringify(built.request) : null;

  // Ask what the edit costs a moment after the form settles, so dragging a handle asks once; a change meanwhile
  // drops the question asked before it (its request is cancelled, its answer never shown).
  const wanted = canEdit && requestText ? requestText : null;
  const [settled, setSettled] = useState<string | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(wanted), 250);
    return () => clearTimeout(timer);
  }, [wanted]);
  const asked = wanted !== null && settled === wanted ? wanted : null;
  const answer = useQuery({
    queryKey: generatorKeys.editEstimate(session, asked),
    queryFn: ({ signal }) => videoApi.estimateEdit(JSON.parse(asked!) as EditRequest, signal),
    enabled: asked !== null,
    // Each form asks afresh: a balance spent since must not offer an edit with an old answer.
    gcTime: 0,
  });
  const estimate: Estimate =
    wanted === null
      ? { status: 'idle' }
      : asked === null || answer.isPending
        ? { status: 'loading' }
        : answer.isError
          ? { status: 'error', message: refusalMessage(answer.error) }
          : { status: 'ready', value: answer.data };

  // The merge picker lists the person's finished clips once it is opened, and reads them again each time it is.
  const pickingClips = canEdit === true && form.kind === 'merge';
  const finished = useQuery({
    queryKey: generatorKeys.finishedClips(session),
    queryFn: ({ signal }) => videoApi.finishedClips(signal),
    enabled: pickingClips,
  });
  const clips: Clips =
    finished.data !== undefined && !finished.isError
      ? { status: 'ready', items: finished.data }
      : finished.isError && !finished.isFetching
        ? { status: 'error', message: errorMessage(t, finished.error) }
        : { status: 'loading' };

  /** The frame preview follows the handle being moved. */
  const showFrame = (time: number) => {
    const element = preview.current;
    if (element && Number.isFinite(time)) element.currentTime = Math.max(0, Math.min(time, length - 0.04));
  };

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
        setProblem(refusalMessage(error));
      }
    } finally {
      setSubmitting(false);
    }
  };

  if (canEdit === false) {
    return (
      <section className={styles.panel} aria-labelledby={ids.heading} data-testid="edit-panel" data-locked="true">
        <h3 id={ids.heading} className={styles.heading}>
          <svg aria-hidden="true" width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
            <rect x="5" y="11" width="14" height="10" rx="2" />
            <path d="M8 11V7a4 4 0 0 1 8 0v4" />
          </svg>
          {t('edit.title')}
        </h3>
        <p className={styles.note} data-testid="edit-locked">
          {t('edit.locked', { plan: neededPlan })}
        </p>
        <div>
          <button type="button" className={styles.confirm} onClick={onUpgrade} data-testid="edit-upgrade">
            {t('edit.upgrade', { plan: neededPlan })}
          </button>
        </div>
      </section>
    );
  }
  if (canEdit === null) {
    return (
      <section className={styles.panel} aria-labelledby={ids.heading} aria-busy="true" data-testid="edit-panel">
        <h3 id={ids.heading} className={styles.heading}>
          {t('edit.title')}
        </h3>
        <p className={styles.note}>{t('edit.checkingPlan')}</p>
      </section>
    );
  }

  const clipById = (id: string) => (id === video.id ? video : clips.status === 'ready' ? clips.items.find((clip) => clip.id === id) : undefined);
  const clipName = (clip: VideoRecord | undefined) => clip?.prompt ?? t('history.noPrompt');
  const localProblem = 'problem' in built ? t(`edit.errors.${built.problem}`, { min: 2, max: MERGE_MAX_CLIPS }) : null;
  const ready = estimate.status === 'ready' && !submitting;

  return (
    <section className={styles.panel} aria-labelledby={ids.heading} data-testid="edit-panel">
      <h3 id={ids.heading} className={styles.heading}>
        {t('edit.title')}
      </h3>
      <p className={styles.note}>{t('edit.lead')}</p>

      <fieldset className={styles.kinds}>
        <legend className="rm-visually-hidden">{t('edit.kindLabel')}</legend>
        {EDIT_KINDS.map((kind) => (
          <label key={kind} className={styles.kind} data-checked={form.kind === kind || undefined}>
            <input type="radio" name={ids.kind} value={kind} checked={form.kind === kind} onChange={() => update({ kind })} data-testid={`edit-kind-${kind}`} />
            {t(`edit.kinds.${kind}`)}
          </label>
        ))}
      </fieldset>

      {form.kind === 'trim' && (
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
            <span
              className={styles.kept}
              style={{ left: `${(form.start / length) * 100}%`, width: `${(Math.max(0, form.end - form.start) / length) * 100}%` }}
            />
          </div>
          {(['start', 'end'] as const).map((edge) => (
            <div key={edge} className={styles.range}>
              <label htmlFor={ids[edge]}>{t(`edit.trim.${edge}`, { value: seconds(form[edge]) })}</label>
              <input
                id={ids[edge]}
                type="range"
                min={0}
                max={length}
                step={0.05}
                value={form[edge]}
                aria-valuetext={t('edit.secondsValue', { value: seconds(form[edge]) })}
                onChange={(event) => {
                  const value = Number(event.target.value);
                  update({ [edge]: value });
                  showFrame(value);
                }}
                onFocus={() => showFrame(form[edge])}
                data-testid={`trim-${edge}`}
              />
            </div>
          ))}
          <p className={styles.note}>{t('edit.trim.keeps', { kept: seconds(Math.max(0, form.end - form.start)), total: seconds(length) })}</p>
        </div>
      )}

      {form.kind === 'reframe' && (
        <div className={styles.form}>
          <fieldset className={styles.options}>
            <legend>{t('edit.reframe.shape')}</legend>
            {ASPECT_RATIOS.filter((ratio) => ratio !== video.aspectRatio).map((ratio) => (
              <label key={ratio} className={styles.option} data-checked={form.aspectRatio === ratio || undefined}>
                <input
                  type="radio"
                  name={`${ids.kind}-shape`}
                  checked={form.aspectRatio === ratio}
                  onChange={() => update({ aspectRatio: ratio })}
                  data-testid={`reframe-${SHAPE_KEYS[ratio]}`}
                />
                {`${ratio} · ${t(`shape.names.${SHAPE_KEYS[ratio]}`)}`}
              </label>
            ))}
          </fieldset>
          <fieldset className={styles.options}>
            <legend>{t('edit.reframe.mode')}</legend>
            {REFRAME_MODES.map((mode) => (
              <label key={mode} className={styles.option} data-checked={form.mode === mode || undefined}>
                <input
                  type="radio"
                  name={`${ids.kind}-mode`}
                  checked={form.mode === mode}
                  onChange={() => update({ mode })}
                  data-testid={`reframe-mode-${mode}`}
                />
                {t(`edit.reframe.modes.${mode}`)}
              </label>
            ))}
          </fieldset>
          <div className={styles.frameRow}>
            <div
              className={styles.frame}
              style={{ aspectRatio: form.aspectRatio.replace(':', ' / ') }}
              role="img"
              aria-label={t('edit.reframe.previewLabel', { shape: form.aspectRatio })}
            >
              {video.posterUrl && form.mode === 'fit' && <img className={styles.fill} src={video.posterUrl} alt="" />}
              {video.posterUrl && (
                <img
                  className={form.mode === 'fit' ? styles.fitted : styles.cropped}
                  src={video.posterUrl}
                  alt=""
                  style={form.mode === 'crop' ? { objectPosition: `${form.focusX}% ${form.focusY}%` } : undefined}
                />
              )}
            </div>
            {form.mode === 'crop' && (
              <div className={styles.focus}>
                {(['focusX', 'focusY'] as const).map((axis) => (
                  <div key={axis} className={styles.range}>
                    <label htmlFor={ids[axis]}>{t(`edit.reframe.${axis}`)}</label>
                    <input
                      id={ids[axis]}
                      type="range"
                      min={0}
                      max={100}
                      step={5}
                      value={form[axis]}
                      aria-valuetext={t(`edit.reframe.${axis}Value`, { value: form[axis] })}
                      onChange={(event) => update({ [axis]: Number(event.target.value) })}
                    />
                  </div>
                ))}
              </div>
            )}
          </div>
        </div>
      )}

      {form.kind === 'speed' && (
        <fieldset className={styles.options}>
          <legend>{t('edit.speed.label')}</legend>
          {EDIT_SPEEDS.map((speed) => (
            <label key={speed} className={styles.option} data-checked={form.speed === speed || undefined}>
              <input type="radio" name={`${ids.kind}-speed`} checked={form.speed === speed} onChange={() => update({ speed })} data-testid={`speed-${speed}`} />
              {t('edit.speed.factor', { value: speed })}
            </label>
          ))}
        </fieldset>
      )}

      {form.kind === 'merge' && (
        <div className={styles.form}>
          <p className={styles.note}>{t('edit.merge.hint', { min: 2, max: MERGE_MAX_CLIPS })}</p>
          <ol className={styles.clips} aria-label={t('edit.merge.order')} data-testid="merge-order">
            {form.clipIds.map((id, index) => {
              const clip = clipById(id);
              const name = clipName(clip);
              return (
                <li key={`${id}-${index}`} className={styles.clip}>
                  {clip?.posterUrl ? <img src={clip.posterUrl} alt="" className={styles.thumb} /> : <span className={styles.thumb} aria-hidden="true" />}
                  <span className={styles.clipName}>{name}</span>
                  <span className={styles.clipButtons}>
                    <button
                      type="button"
                      className={styles.small}
                      disabled={index === 0}
                      onClick={() => update({ clipIds: moveClip(form.clipIds, index, -1) })}
                      aria-label={t('edit.merge.up', { position: index + 1, name })}
                    >
                      <svg aria-hidden="true" width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.4">
                        <path d="M12 19V5m0 0l-6 6m6-6l6 6" />
                      </svg>
                    </button>
                    <button
                      type="button"
                      className={styles.small}
                      disabled={index === form.clipIds.length - 1}
                      onClick={() => update({ clipIds: moveClip(form.clipIds, index, 1) })}
                      aria-label={t('edit.merge.down', { position: index + 1, name })}
                    >
                      <svg aria-hidden="true" width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.4">
                        <path d="M12 5v14m0 0l-6-6m6 6l6-6" />
                      </svg>
                    </button>
                    <button
                      type="button"
                      className={styles.small}
                      onClick={() => update({ clipIds: form.clipIds.filter((_, i) => i !== index) })}
                      aria-label={t('edit.merge.remove', { position: index + 1, name })}
                    >
                      <svg aria-hidden="true" width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.4">
                        <path d="M6 6l12 12M18 6L6 18" />
                      </svg>
                    </button>
                  </span>
                </li>
              );
            })}
          </ol>
          <h4 className={styles.subheading}>{t('edit.merge.add')}</h4>
          {clips.status === 'loading' && (
            <p className={styles.note} role="status">
              {t('edit.merge.loading')}
            </p>
          )}
          {clips.status === 'error' && (
            <p className={styles.error} role="alert">
              {clips.message}
            </p>
          )}
          {clips.status === 'ready' && clips.items.length === 0 && <p className={styles.note}>{t('edit.merge.none')}</p>}
          {clips.status === 'ready' && clips.items.length > 0 && (
            <ul className={styles.clips} data-testid="merge-pick">
              {clips.items.map((clip) => (
                <li key={clip.id} className={styles.clip}>
                  {clip.posterUrl ? <img src={clip.posterUrl} alt="" className={styles.thumb} /> : <span className={styles.thumb} aria-hidden="true" />}
                  <span className={styles.clipName}>{`${clipName(clip)} · ${clip.duration}`}</span>
                  <button
                    type="button"
                    className={styles.small}
                    disabled={form.clipIds.length >= MERGE_MAX_CLIPS}
                    onClick={() => update({ clipIds: [...form.clipIds, clip.id] })}
                    aria-label={t('edit.merge.addLabel', { name: clipName(clip) })}
                  >
                    {t('edit.merge.addButton')}
                  </button>
                </li>
              ))}
            </ul>
          )}
          <fieldset className={styles.options}>
            <legend>{t('edit.merge.transition')}</legend>
            {MERGE_TRANSITIONS.map((transition) => (
              <label key={transition} className={styles.option} data-checked={form.transition === transition || undefined}>
                <input type="radio" name={`${ids.kind}-transition`} checked={form.transition === transition} onChange={() => update({ transition })} />
                {t(`edit.merge.transitions.${transition}`)}
              </label>
            ))}
          </fieldset>
        </div>
      )}

      {form.kind === 'extend' && (
        <div className={styles.form}>
          <p className={styles.note}>{t('edit.extend.hint')}</p>
          <fieldset className={styles.options}>
            <legend>{t('edit.extend.label')}</legend>
            {DURATIONS.map((duration) => (
              <label key={duration} className={styles.option} data-checked={form.duration === duration || undefined}>
                <input type="radio" name={`${ids.kind}-duration`} checked={form.duration === duration} onChange={() => update({ duration })} />
                {t('edit.extend.adds', { value: duration.replace('s', '') })}
              </label>
            ))}
          </fieldset>
        </div>
      )}

      <div id={ids.estimate} className={styles.estimate} aria-live="polite" data-testid="edit-estimate">
        {localProblem && <p className={styles.note}>{localProblem}</p>}
        {!localProblem && estimate.status === 'loading' && <p className={styles.note}>{t('edit.estimating')}</p>}
        {!localProblem && estimate.status === 'error' && <p className={styles.error}>{estimate.message}</p>}
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
      <div>
        <button
          type="button"
          className={styles.confirm}
          disabled={!ready}
          aria-busy={submitting}
          aria-describedby={ids.estimate}
          onClick={() => void confirm()}
          data-testid="edit-confirm"
        >
          {estimate.status === 'ready' ? t('edit.confirm', { count: estimate.value.cost }) : t('edit.confirmPlain')}
        </button>
      </div>
    </section>
  );
}
