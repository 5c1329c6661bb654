import { useId } from 'react';
import { ASPECT_RATIOS, REFRAME_MODES } from '@reelmint/shared';
import { useEditText } from './edit-text.lazy.ts';
import { EditChoice } from './edit-choice.lazy.tsx';
import type { EditForm } from './edit-form.lazy.ts';
import { SHAPE_KEYS } from './settings.ts';
import type { VideoRecord } from './video-api.ts';
import styles from './edit-panel.module.css';

interface Props {
  video: VideoRecord;
  form: EditForm;
  update: (change: Partial<EditForm>) => void;
}

/** Reframe: another shape, cropped around a focus point or fitted over a blurred fill, previewed on the poster. */
export function ReframeForm({ video, form, update }: Props) {
  const { t } = useEditText();
  const ids = { name: useId(), focusX: useId(), focusY: useId() };
  return (
    <div className={styles.form}>
      <EditChoice
        legend={t('edit.reframe.shape')}
        name={`${ids.name}-shape`}
        values={ASPECT_RATIOS.filter((ratio) => ratio !== video.aspectRatio)}
        chosen={form.aspectRatio}
        label={(ratio) => `${ratio} · ${t(`shape.names.${SHAPE_KEYS[ratio]}`)}`}
        onChoose={(aspectRatio) => update({ aspectRatio })}
        testId={(ratio) => `reframe-${SHAPE_KEYS[ratio]}`}
      />
      <EditChoice
        legend={t('edit.reframe.mode')}
        name={`${ids.name}-mode`}
        values={REFRAME_MODES}
        chosen={form.mode}
        label={(mode) => t(`edit.reframe.modes.${mode}`)}
        onChoose={(mode) => update({ mode })}
        testId={(mode) => `reframe-mode-${mode}`}
      />
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
  );
}
