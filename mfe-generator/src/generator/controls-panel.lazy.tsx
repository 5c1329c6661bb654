import { useEffect, useId, useRef, useState } from 'react';
import { AUDIO_FACTOR, formatNumber, request, useNamespace } from '@reelmint/shared';
import type { VideoModel } from '@reelmint/shared';
import { CAMERA_MOTIONS, MODEL_CONTROLS, isCameraMotion, modelWith } from '@reelmint/contract/generation-controls';
import type { CameraMotion, ControlName, ModelControls } from '@reelmint/contract/generation-controls';
import type { GenerationFeatures } from '@reelmint/contract/video-api';
import { useGeneratorText } from '../i18n.ts';
import { errorMessage, needsSignIn } from './errors.ts';
import type { ControlFields } from './generate-request.ts';
import { checkImageFile } from './image-file.ts';
import type { GeneratorMode } from './mode.ts';
import { videoApi } from './video-api.ts';
import styles from './studio.module.css';
import own from './controls-panel.module.css';

// The panel's own strings, fetched with its code rather than with the studio's.
const loaders = import.meta.glob('../locales/controls/*.json');
const useControlsText = () => useNamespace('generatorControls', loaders);

/** A keyframe picture once uploaded: its id for the request, its name and a preview. */
interface Keyframe {
  id: string;
  name: string;
  dataUrl: string;
}

/** What the person chose, kept while the panel lives (from the first opening of More settings on). */
interface ControlChoice {
  cameraMotion?: CameraMotion;
  audio?: boolean;
  /** Text mode: the picture the video starts on. */
  startFrame?: Keyframe;
  /** Image mode: the picture the video ends on. */
  endFrame?: Keyframe;
}

/** The request fields of a choice that this mode and model take: a control the model lacks is locked and never sent. */
function controlFields(choice: ControlChoice, mode: GeneratorMode, can: ModelControls): ControlFields {
  return {
    ...(choice.cameraMotion ? { cameraMotion: choice.cameraMotion } : {}),
    ...(choice.audio && can.audio ? { audio: true } : {}),
    ...(mode === 'text' && choice.startFrame && can.startFrame ? { startImageId: choice.startFrame.id } : {}),
    ...(mode === 'image' && choice.endFrame && can.endFrame ? { endImageId: choice.endFrame.id } : {}),
  };
}

export interface ControlsPanelProps {
  mode: GeneratorMode;
  model: VideoModel;
  signedIn: boolean;
  /** Called with what to send whenever the choice, the mode or the model changes. */
  onFields: (fields: ControlFields) => void;
}

/** This server's table (GET /api/videos/features), the contract's until it answers or when it cannot be reached. */
function useModelControls(): Record<VideoModel, ModelControls> {
  const [table, setTable] = useState<Record<VideoModel, ModelControls>>(MODEL_CONTROLS);
  useEffect(() => {
    const controller = new AbortController();
    request<GenerationFeatures>('GET', '/api/videos/features', { signal: controller.signal }).then(
      (features) => setTable(Object.fromEntries(features.models.map(({ model, ...controls }) => [model, controls])) as Record<VideoModel, ModelControls>),
      () => undefined,
    );
    return () => controller.abort();
  }, []);
  return table;
}

function readDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}

interface FrameFieldProps {
  which: 'startFrame' | 'endFrame';
  frame: Keyframe | undefined;
  locked: string | null;
  signedIn: boolean;
  onFrame: (frame: Keyframe | undefined) => void;
}

/** One keyframe: a file button, the uploaded picture with a way to remove it, its upload and any refusal. */
function FrameField({ which, frame, locked, signedIn, onFrame }: FrameFieldProps) {
  const { t: studioText } = useGeneratorText();
  const { t } = useControlsText();
  const ids = { label: useId(), hint: useId(), note: useId() };
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  const choose = async (file: File) => {
    const refusal = checkImageFile(file);
    if (refusal) {
      setProblem(refusal.kind === 'size' ? studioText('image.errors.size', { size: refusal.megabytes }) : studioText(`image.errors.${refusal.kind}`));
      return;
    }
    if (!signedIn) {
      setProblem(t('signInForPicture'));
      return;
    }
    setProblem(null);
    setUploading(file.name);
    controller.current?.abort();
    controller.current = new AbortController();
    try {
      const [dataUrl, reply] = await Promise.all([readDataUrl(file), videoApi.upload(file, file.name, () => undefined, controller.current.signal)]);
      onFrame({ id: reply.id, name: file.name, dataUrl });
    } catch (error) {
      if (!controller.current.signal.aborted) setProblem(needsSignIn(error) ? t('signInForPicture') : errorMessage(studioText, error));
    } finally {
      setUploading(null);
    }
  };

  const describedBy = [ids.hint, locked ? ids.note : null].filter(Boolean).join(' ');
  return (
    <div className={styles.advancedField} data-testid={`control-${which}`}>
      <span id={ids.label} className={styles.fieldLabel}>
        {t(which)}
      </span>
      {frame ? (
        <div className={own.frame}>
          <img className={own.frameImage} src={frame.dataUrl} alt={t('framePreview', { name: frame.name })} />
          <span className={styles.previewName}>{frame.name}</span>
          <button type="button" className={styles.ghostButton} onClick={() => onFrame(undefined)} aria-label={t('removePicture', { name: frame.name })}>
            {t('remove')}
          </button>
        </div>
      ) : (
        // The browser's own file button speaks the browser's language, not the page's: a button of ours opens it.
        <div>
          <button
            type="button"
            className={styles.ghostButton}
            aria-labelledby={ids.label}
            aria-describedby={describedBy}
            disabled={!!locked || uploading !== null}
            onClick={() => input.current?.click()}
          >
            {t('choosePicture')}
          </button>
          <input
            ref={input}
            type="file"
            hidden
            tabIndex={-1}
            aria-labelledby={ids.label}
            accept="image/png,image/jpeg,image/webp"
            onChange={(event) => {
              const file = event.currentTarget.files?.[0];
              event.currentTarget.value = '';
              if (file) void choose(file);
            }}
            data-testid={`${which}-input`}
          />
        </div>
      )}
      <p id={ids.hint} className={styles.hint}>
        {t(`${which}Hint`)}
      </p>
      {uploading && (
        <p className={styles.hint} role="status">
          {t('uploading', { name: uploading })}
        </p>
      )}
      {locked && (
        <p id={ids.note} className={styles.lockNote} data-testid={`control-${which}-locked`}>
          {locked}
        </p>
      )}
      {problem && (
        <p className={styles.errorText} role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}

/**
 * Keyframes (a start frame in text mode, an end frame in image mode), a camera motion and sound. A control the chosen
 * model lacks stays in view, disabled, with a note naming a model that has it.
 */
export default function ControlsPanel({ mode, model, signedIn, onFields }: ControlsPanelProps) {
  const { t, i18n } = useControlsText();
  const table = useModelControls();
  const [choice, onChange] = useState<ControlChoice>({});
  const can = table[model];
  useEffect(() => {
    onFields(controlFields(choice, mode, can));
  }, [choice, mode, can, onFields]);
  const ids = { camera: useId(), cameraHint: useId(), audio: useId(), audioHint: useId(), audioNote: useId() };
  const lockFor = (control: ControlName): string | null => {
    if (table[model][control]) return null;
    const other = modelWith(control, table);
    return other ? t('locked', { model, other }) : t('unavailable', { model });
  };
  const which = mode === 'text' ? 'startFrame' : 'endFrame';
  const audioLock = lockFor('audio');
  const factor = formatNumber(AUDIO_FACTOR, i18n.resolvedLanguage ?? 'en');

  return (
    <div className={own.panel} data-testid="generation-controls">
      <FrameField
        key={which}
        which={which}
        frame={choice[which]}
        locked={lockFor(which)}
        signedIn={signedIn}
        onFrame={(frame) => onChange({ ...choice, [which]: frame })}
      />
      <div className={styles.advancedField}>
        <label htmlFor={ids.camera} className={styles.fieldLabel}>
          {t('camera')}
        </label>
        <select
          id={ids.camera}
          className={styles.advancedInput}
          value={choice.cameraMotion ?? ''}
          aria-describedby={ids.cameraHint}
          onChange={(event) => {
            const value = event.currentTarget.value;
            onChange({ ...choice, cameraMotion: isCameraMotion(value) ? value : undefined });
          }}
          data-testid="camera-motion"
        >
          <option value="">{t('cameraAuto')}</option>
          {CAMERA_MOTIONS.map((motion) => (
            <option key={motion} value={motion}>
              {t(`cameras.${motion}`)}
            </option>
          ))}
        </select>
        <p id={ids.cameraHint} className={styles.hint}>
          {t(can.camera === 'control' ? 'cameraControlHint' : 'cameraPromptHint')}
        </p>
      </div>
      <div className={styles.advancedField}>
        <label className={own.toggle} htmlFor={ids.audio}>
          <input
            id={ids.audio}
            type="checkbox"
            checked={!audioLock && choice.audio === true}
            disabled={!!audioLock}
            aria-describedby={`${ids.audioHint}${audioLock ? ` ${ids.audioNote}` : ''}`}
            onChange={(event) => onChange({ ...choice, audio: event.currentTarget.checked })}
            data-testid="audio-toggle"
          />
          <span className={styles.fieldLabel}>{t('audio')}</span>
        </label>
        <p id={ids.audioHint} className={styles.hint}>
          {t('audioHint', { factor })}
        </p>
        {audioLock && (
          <p id={ids.audioNote} className={styles.lockNote} data-testid="control-audio-locked">
            {audioLock}
          </p>
        )}
      </div>
    </div>
  );
}
