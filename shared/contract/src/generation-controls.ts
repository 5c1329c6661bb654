/**
 * The controls a generation may carry beyond its priced settings: keyframes (a start picture for a text video,
 * an end picture for an image video), a named camera motion, and a generated sound track. Which site model takes
 * which is one table, read by the API (to refuse what a model cannot do) and by the studio (to lock the control
 * and name a model that can). Server-safe, no zod.
 */
import { MODELS } from './pricing.ts';
import type { VideoModel } from './pricing.ts';

export const CAMERA_MOTIONS = ['static', 'push_in', 'pull_out', 'pan_left', 'pan_right', 'tilt_up', 'tilt_down', 'orbit', 'handheld'] as const;
export type CameraMotion = (typeof CAMERA_MOTIONS)[number];

export function isCameraMotion(value: unknown): value is CameraMotion {
  return typeof value === 'string' && (CAMERA_MOTIONS as readonly string[]).includes(value);
}

/**
 * What one model takes. `camera`: 'control' when the model has a camera parameter that the motion is sent through
 * (with words in the prompt for what the parameter cannot say), 'prompt' when the motion is only written into the prompt.
 */
export interface ModelControls {
  startFrame: boolean;
  endFrame: boolean;
  camera: 'control' | 'prompt';
  audio: boolean;
}

export type ControlName = 'startFrame' | 'endFrame' | 'audio';

/** The site's models and what each takes: v2.0 maps to models with end frames and native audio, v1.0 does not. */
export const MODEL_CONTROLS: Record<VideoModel, ModelControls> = {
  'v1.0': { startFrame: true, endFrame: false, camera: 'prompt', audio: false },
  'v2.0': { startFrame: true, endFrame: true, camera: 'control', audio: true },
};

/** The first model (in the order they are offered) that takes this control, for the note beside a locked one. */
export function modelWith(control: ControlName, table: Record<VideoModel, ModelControls> = MODEL_CONTROLS): VideoModel | null {
  return MODELS.find((model) => table[model][control]) ?? null;
}
