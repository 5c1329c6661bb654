import type { AspectRatio, GenerationConfig, GenerationSteering, Resolution } from '@reelmint/contract/pricing';
import { DEFAULT_ASPECT_RATIO, durationSeconds } from '@reelmint/contract/pricing';
import { MODEL_CONTROLS } from '@reelmint/contract/generation-controls';
import type { CameraMotion, ControlName, ModelControls } from '@reelmint/contract/generation-controls';

export type ProviderName = 'fal' | 'runway';
export type Mode = 'text' | 'image' | 'template';

/** How the site's model, in one mode, is made at one provider. */
export interface ProviderRoute {
  /** The provider's model or endpoint id. */
  model: string;
  /** What the provider charges, in US cents per second of video (stored on each job). */
  centsPerSecond: number;
  /** The frame shapes this model makes, when it makes fewer than the provider's table lists. */
  aspectRatios?: AspectRatio[];
}

/**
 * The provider's parameter names for the settings only some models take; null where the
 * provider's models have no such parameter (the setting is then kept on the job and not sent).
 */
export interface ProviderParameters {
  aspectRatio: string | null;
  seed: string | null;
  negativePrompt: string | null;
}

export interface ProviderMapping {
  /** Per site model (v1.0, v2.0) and mode (text, image, template). */
  routes: Record<GenerationConfig['model'], Record<Mode, ProviderRoute>>;
  /** The site's resolution in the provider's words. */
  resolutions: Record<Resolution, string>;
  /** The site's duration in seconds, as the provider's value. */
  durations: Record<string, string | number>;
  /** The site's frame shape in the provider's words. */
  aspectRatios: Record<AspectRatio, string>;
  parameters: ProviderParameters;
  /**
   * The routes taken when a clip is asked with sound, per site model and mode: models with native audio. A model
   * without one here makes no sound at this provider.
   */
  audioRoutes: Partial<Record<GenerationConfig['model'], Record<Mode, ProviderRoute>>>;
  /**
   * The contract's controls (MODEL_CONTROLS) this provider's models cannot take (`cameraControl`: no camera parameter,
   * so every motion goes into the prompt); audio follows audioRoutes.
   */
  lacks: Array<Exclude<ControlName, 'audio'> | 'cameraControl'>;
}

/**
 * A camera motion in the words video models follow, added to the prompt where the model has no control for it
 * (Seedance's only camera parameter fixes the camera; Runway's image and text tasks have none).
 */
export const CAMERA_PROMPT_TERMS: Record<CameraMotion, string> = {
  static: 'Static shot, locked-off camera, no camera movement.',
  push_in: 'Camera slowly pushes in toward the subject.',
  pull_out: 'Camera slowly pulls out, revealing more of the scene.',
  pan_left: 'Camera pans smoothly to the left.',
  pan_right: 'Camera pans smoothly to the right.',
  tilt_up: 'Camera tilts up.',
  tilt_down: 'Camera tilts down.',
  orbit: 'Camera orbits around the subject in a smooth arc.',
  handheld: 'Handheld camera with slight natural shake.',
};

/**
 * The one table from the site's settings to each provider's models and parameters (api/README
 * "Hosted video models"). Prices are the providers' list prices when this table was written; a
 * deployment overrides any part with VIDEO_PROVIDER_MAPPING (JSON, merged over this).
 */
export const DEFAULT_MAPPING: Record<ProviderName, ProviderMapping> = {
  fal: {
    routes: {
      'v1.0': {
        text: { model: 'fal-ai/bytedance/seedance/v1/lite/text-to-video', centsPerSecond: 4 },
        template: { model: 'fal-ai/bytedance/seedance/v1/lite/text-to-video', centsPerSecond: 4 },
        image: { model: 'fal-ai/bytedance/seedance/v1/lite/image-to-video', centsPerSecond: 4 },
      },
      'v2.0': {
        text: { model: 'fal-ai/bytedance/seedance/v1/pro/text-to-video', centsPerSecond: 12 },
        template: { model: 'fal-ai/bytedance/seedance/v1/pro/text-to-video', centsPerSecond: 12 },
        image: { model: 'fal-ai/bytedance/seedance/v1/pro/image-to-video', centsPerSecond: 12 },
      },
    },
    resolutions: { '512p': '480p', '720p': '720p', '1080p': '1080p' },
    durations: { '5s': '5', '10s': '10' },
    aspectRatios: { '16:9': '16:9', '9:16': '9:16', '1:1': '1:1' },
    // Seedance takes a seed and an aspect ratio, and has no negative prompt.
    parameters: { aspectRatio: 'aspect_ratio', seed: 'seed', negativePrompt: null },
    // Seedance 1.5 Pro makes its sound with the picture (generate_audio) and takes an end frame like 1.0.
    audioRoutes: {
      'v2.0': {
        text: { model: 'fal-ai/bytedance/seedance/v1.5/pro/text-to-video', centsPerSecond: 14 },
        template: { model: 'fal-ai/bytedance/seedance/v1.5/pro/text-to-video', centsPerSecond: 14 },
        image: { model: 'fal-ai/bytedance/seedance/v1.5/pro/image-to-video', centsPerSecond: 14 },
      },
    },
    lacks: [],
  },
  runway: {
    routes: {
      'v1.0': {
        // gen4.5 makes no square clip from text.
        text: { model: 'gen4.5', centsPerSecond: 12, aspectRatios: ['16:9', '9:16'] },
        template: { model: 'gen4.5', centsPerSecond: 12, aspectRatios: ['16:9', '9:16'] },
        image: { model: 'gen4_turbo', centsPerSecond: 5 },
      },
      'v2.0': {
        text: { model: 'gen4.5', centsPerSecond: 12, aspectRatios: ['16:9', '9:16'] },
        template: { model: 'gen4.5', centsPerSecond: 12, aspectRatios: ['16:9', '9:16'] },
        image: { model: 'gen4.5', centsPerSecond: 12 },
      },
    },
    // Runway takes an output ratio, not a resolution (the ratio comes from the frame shape below).
    resolutions: { '512p': '720p', '720p': '720p', '1080p': '720p' },
    durations: { '5s': 5, '10s': 10 },
    aspectRatios: { '16:9': '1280:720', '9:16': '720:1280', '1:1': '960:960' },
    // Runway's tasks take a ratio and a seed, and have no negative prompt.
    parameters: { aspectRatio: 'ratio', seed: 'seed', negativePrompt: null },
    // gen4.5 and gen4_turbo take a picture only as the first frame and make no sound; Runway's models that take a
    // last frame and sound (veo3.1) make 4, 6 or 8 seconds, not the site's 5 or 10.
    audioRoutes: {},
    lacks: ['endFrame', 'cameraControl'],
  },
};

type DeepPartial<T> = { [K in keyof T]?: T[K] extends object ? DeepPartial<T[K]> : T[K] };

function merge<T>(base: T, override: DeepPartial<T> | undefined): T {
  if (!override || typeof override !== 'object') return base;
  const result: Record<string, unknown> = { ...(base as Record<string, unknown>) };
  for (const [key, value] of Object.entries(override)) {
    const current = result[key];
    result[key] =
      value && typeof value === 'object' && !Array.isArray(value) && current && typeof current === 'object'
        ? merge(current, value as DeepPartial<typeof current>)
        : value;
  }
  return result as T;
}

/** The table with a deployment's overrides merged in (VIDEO_PROVIDER_MAPPING, a JSON object keyed by provider). */
export function providerMapping(provider: ProviderName, overrides?: Readonly<Record<string, unknown>>): ProviderMapping {
  return merge(DEFAULT_MAPPING[provider], overrides?.[provider] as DeepPartial<ProviderMapping> | undefined);
}

/** Whether the model a job's settings map to makes frames of this shape. */
export function offersAspectRatio(mapping: ProviderMapping, model: GenerationConfig['model'], mode: Mode, aspectRatio: AspectRatio): boolean {
  const route = mapping.routes[model][mode];
  return (route.aspectRatios ?? (Object.keys(mapping.aspectRatios) as AspectRatio[])).includes(aspectRatio);
}

/** What a site model takes at this provider: the contract's table less what the provider's models lack. */
export function providerControls(mapping: ProviderMapping, model: GenerationConfig['model']): ModelControls {
  const table = MODEL_CONTROLS[model];
  return {
    startFrame: table.startFrame && !mapping.lacks.includes('startFrame'),
    endFrame: table.endFrame && !mapping.lacks.includes('endFrame'),
    camera: mapping.lacks.includes('cameraControl') ? 'prompt' : table.camera,
    audio: table.audio && mapping.audioRoutes[model] !== undefined,
  };
}

/**
 * The route and the provider's values for one job's settings. `extra` holds the optional
 * parameters under the provider's own names: only those the table says the provider takes.
 */
export function mapSettings(mapping: ProviderMapping, config: GenerationConfig, mode: Mode, steering: GenerationSteering = {}) {
  const route = (config.audio ? mapping.audioRoutes[config.model]?.[mode] : undefined) ?? mapping.routes[config.model][mode];
  const seconds = durationSeconds(config.duration);
  const { parameters } = mapping;
  const extra: Record<string, string | number> = {};
  if (parameters.aspectRatio) extra[parameters.aspectRatio] = mapping.aspectRatios[config.aspectRatio ?? DEFAULT_ASPECT_RATIO];
  if (parameters.seed && steering.seed !== undefined) extra[parameters.seed] = steering.seed;
  if (parameters.negativePrompt && steering.negativePrompt) extra[parameters.negativePrompt] = steering.negativePrompt;
  return {
    route,
    resolution: mapping.resolutions[config.resolution],
    duration: mapping.durations[config.duration] ?? seconds,
    costCents: Math.round(route.centsPerSecond * seconds),
    extra,
  };
}
