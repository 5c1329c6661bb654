import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { dateFormat, MERGE_MAX_CLIPS, MERGE_TRANSITIONS, useAuth } from '@reelmint/shared';
import type { DateFormat } from '@reelmint/shared';
import type { TFunction } from 'i18next';
import { useEditText } from './edit-text.lazy.ts';
import { generatorKeys } from '../server-state/generator-queries.tsx';
import { EditChoice } from './edit-choice.lazy.tsx';
import { moveClip } from './edit-form.lazy.ts';
import type { EditForm } from './edit-form.lazy.ts';
import { editSummary } from './edit-summary.ts';
import { errorMessage } from './errors.ts';
import { videoApi } from './video-api.ts';
import type { VideoRecord } from './video-api.ts';
import styles from './edit-panel.module.css';

interface Props {
  video: VideoRecord;
  form: EditForm;
  update: (change: Partial<EditForm>) => void;
}

const ARROW_UP = 'M12 19V5m0 0l-6 6m6-6l6 6';
const ARROW_DOWN = 'M12 5v14m0 0l-6-6m6 6l6-6';
const CROSS = 'M6 6l12 12M18 6L6 18';

/**
 * What tells a clip from another with the same prompt (an edit keeps its source's): length, shape, what the edit did
 * and when it was made, to the second.
 */
function clipDetails(t: TFunction, dates: DateFormat, clip: VideoRecord): string {
  return [clip.duration, clip.aspectRatio, editSummary(t, clip), dates.format(new Date(clip.createdAt))].filter(Boolean).join(' · ');
}

function Icon({ path }: { path: string }) {
  return (
    <svg aria-hidden="true" width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.4">
      <path d={path} />
    </svg>
  );
}

/**
 * Merge: the clips to join in order (moved with buttons), the person's finished clips to add (read when merge is chosen,
 * and again each time it is), and the transition between them.
 */
export function MergeForm({ video, form, update }: Props) {
  const { t, i18n } = useEditText();
  const name = useId();
  const session = useAuth((s) => s.token);
  const dates = dateFormat(i18n.resolvedLanguage ?? 'en', { dateStyle: 'medium', timeStyle: 'medium' });
  const finished = useQuery({ queryKey: generatorKeys.finishedClips(session), queryFn: ({ signal }) => videoApi.finishedClips(signal) });
  const clips = finished.data !== undefined && !finished.isError ? finished.data : null;
  const failed = finished.isError && !finished.isFetching;

  const clipById = (id: string) => (id === video.id ? video : clips?.find((clip) => clip.id === id));
  const clipName = (clip: VideoRecord | undefined) => clip?.prompt ?? t('history.noPrompt');

  return (
    <div className={styles.form}>
      <p className={styles.note}>{t('edit.merge.hint', { min: 2, max: MERGE_MAX_CLIPS })}</p>
      <ol className={styles.clips} aria-label={t('edit.merge.order')} data-testid="merge-order">
        {form.clipIds.map((id, index) => {
          const clip = clipById(id);
          const clipLabel = clipName(clip);
          const move = (by: -1 | 1) => update({ clipIds: moveClip(form.clipIds, index, by) });
          return (
            <li key={`${id}-${index}`} className={styles.clip}>
              <ClipFace clip={clip} name={clipLabel} details={clip ? clipDetails(t, dates, clip) : null} />
              <span className={styles.clipButtons}>
                <button
                  type="button"
                  className={styles.small}
                  disabled={index === 0}
                  onClick={() => move(-1)}
                  aria-label={t('edit.merge.up', { position: index + 1, name: clipLabel })}
                >
                  <Icon path={ARROW_UP} />
                </button>
                <button
                  type="button"
                  className={styles.small}
                  disabled={index === form.clipIds.length - 1}
                  onClick={() => move(1)}
                  aria-label={t('edit.merge.down', { position: index + 1, name: clipLabel })}
                >
                  <Icon path={ARROW_DOWN} />
                </button>
                <button
                  type="button"
                  className={styles.small}
                  onClick={() => update({ clipIds: form.clipIds.filter((_, i) => i !== index) })}
                  aria-label={t('edit.merge.remove', { position: index + 1, name: clipLabel })}
                >
                  <Icon path={CROSS} />
                </button>
              </span>
            </li>
          );
        })}
      </ol>
      <h4 className={styles.subheading}>{t('edit.merge.add')}</h4>
      {!clips && !failed && (
        <p className={styles.note} role="status">
          {t('edit.merge.loading')}
        </p>
      )}
      {failed && (
        <p className={styles.error} role="alert">
          {errorMessage(t, finished.error)}
        </p>
      )}
      {clips?.length === 0 && <p className={styles.note}>{t('edit.merge.none')}</p>}
      {clips && clips.length > 0 && (
        <ul className={styles.clips} data-testid="merge-pick">
          {clips.map((clip, index) => {
            const details = clipDetails(t, dates, clip);
            return (
              <li key={clip.id} className={styles.clip}>
                <ClipFace clip={clip} name={clipName(clip)} details={details} />
                <button
                  type="button"
                  className={styles.small}
                  disabled={form.clipIds.length >= MERGE_MAX_CLIPS}
                  onClick={() => update({ clipIds: [...form.clipIds, clip.id] })}
                  aria-label={t('edit.merge.addClip', { position: index + 1, count: clips.length, name: clipName(clip), details })}
                >
                  {t('edit.merge.addButton')}
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <EditChoice
        legend={t('edit.merge.transition')}
        name={`${name}-transition`}
        values={MERGE_TRANSITIONS}
        chosen={form.transition}
        label={(transition) => t(`edit.merge.transitions.${transition}`)}
        onChoose={(transition) => update({ transition })}
      />
    </div>
  );
}

/** A clip's poster, prompt and what tells it from the others. */
function ClipFace({ clip, name, details }: { clip: VideoRecord | undefined; name: string; details: string | null }) {
  return (
    <>
      {clip?.posterUrl ? <img src={clip.posterUrl} alt="" className={styles.thumb} /> : <span className={styles.thumb} aria-hidden="true" />}
      <span className={styles.clipText}>
        <span className={styles.clipName}>{name}</span>
        {details && <span className={styles.clipDetails}>{details}</span>}
      </span>
    </>
  );
}
