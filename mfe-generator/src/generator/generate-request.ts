import type { CameraMotion } from '@reelmint/contract/generation-controls';
import type { GenerationConfig } from '@reelmint/shared';
import type { GeneratorMode } from './mode.ts';
import type { ChosenTemplate } from './use-studio-draft.ts';
import type { GenerateRequest } from './video-api.ts';

/** Keyframes, camera motion and sound, as the controls panel sends them for the chosen mode and model. */
export type ControlFields = Pick<GenerateRequest, 'audio' | 'startImageId' | 'endImageId'> & { cameraMotion?: CameraMotion };

export interface GenerateForm {
  mode: GeneratorMode;
  /** Trimmed. */
  prompt: string;
  config: GenerationConfig;
  negativePrompt: string;
  seed: number | undefined;
  template: ChosenTemplate | null;
  /** The uploaded picture's id, in image mode. */
  imageId: string | undefined;
  relaxed: boolean;
  /** Keyframes, camera motion and sound; `config.audio` prices the sound. */
  controls?: ControlFields;
  /** Videos the run makes (1 to 4); sent only above one. */
  variations?: number;
}

/**
 * The body of POST /api/videos/generate for a checked form: an image video in image mode, else a template video
 * while a template is chosen, else a text video. Optional fields are sent only when they say something.
 */
export function generateRequestOf(form: GenerateForm): GenerateRequest {
  const { prompt, config } = form;
  const negativePrompt = form.negativePrompt.trim();
  const steering = {
    ...(negativePrompt ? { negativePrompt } : {}),
    ...(form.seed !== undefined ? { seed: form.seed } : {}),
    ...(form.relaxed ? { queue: 'relaxed' as const } : {}),
    ...(form.controls?.cameraMotion ? { cameraMotion: form.controls.cameraMotion } : {}),
    ...(form.variations && form.variations > 1 ? { variations: form.variations } : {}),
  };
  const end = form.controls?.endImageId ? { endImageId: form.controls.endImageId } : {};
  const start = form.controls?.startImageId ? { startImageId: form.controls.startImageId } : {};
  if (form.mode === 'image') return { type: 'image-to-video', imageId: form.imageId, ...(prompt ? { prompt } : {}), ...config, ...steering, ...end };
  if (form.template) return { type: 'template', templateId: form.template.id, prompt, ...config, ...steering };
  return { type: 'text-to-video', prompt, ...config, ...steering, ...start };
}
