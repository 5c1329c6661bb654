import type { AspectRatio, GenerationConfig, GenerationSteering, Resolution } from '@reelmint/shared/pricing';
import { DEFAULT_ASPECT_RATIO, durationSeconds } from '@reelmint/shared/pricing';

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
}

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
  },
};

type DeepPartial<T> = { [K in keyof T]?: T[K] extends object ? DeepPartial<T[K]> : T[K] };

function merge<T>(base: T, override: DeepPartial<T> | undefined): T {
  if (!override || typeof override !== 'object') return base;
  const result: Record<string, unknown> = { ...(base as Record<string, unknown>) };
  for (const [key, value] of Object.entries(override)) {
    const current = result[key];
    result[key] = value && typeof value === 'object' && current && typeof current === 'object' ? merge(current, value as DeepPartial<typeof current>) : value;
  }
  return result as T;
}

/** The table with a deployment's overrides (VIDEO_PROVIDER_MAPPING) merged in; bad JSON stops the start. */
export function providerMapping(provider: ProviderName, overrideJson?: string): ProviderMapping {
  if (!overrideJson) return DEFAULT_MAPPING[provider];
  let parsed: unknown;
  try {
    parsed = JSON.parse(overrideJson);
  } catch {
    throw new Error('VIDEO_PROVIDER_MAPPING must be JSON, e.g. {"fal":{"routes":{"v2.0":{"text":{"model":"…"}}}}}');
  }
  const override = (parsed as Record<string, DeepPartial<ProviderMapping>>)[provider];
  return merge(DEFAULT_MAPPING[provider], override);
}

/** Whether the model a job's settings map to makes frames of this shape. */
export function offersAspectRatio(mapping: ProviderMapping, model: GenerationConfig['model'], mode: Mode, aspectRatio: AspectRatio): boolean {
  const route = mapping.routes[model][mode];
  return (route.aspectRatios ?? (Object.keys(mapping.aspectRatios) as AspectRatio[])).includes(aspectRatio);
}

/**
 * The route and the provider's values for one job's settings. `extra` holds the optional
 * parameters under the provider's own names: only those the table says the provider takes.
 */
export function mapSettings(mapping: ProviderMapping, config: GenerationConfig, mode: Mode, steering: GenerationSteering = {}) {
  const route = mapping.routes[config.model][mode];
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
