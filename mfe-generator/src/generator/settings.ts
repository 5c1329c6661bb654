import {
  ASPECT_RATIOS,
  cheapestPlanWith,
  checkGenerationAccess,
  creditCost,
  creditLevel,
  DURATIONS,
  isCriticallyLow,
  isSeed,
  MODELS,
  PLAN_NAMES,
  RESOLUTIONS,
} from '@reelmint/shared';
import type { AspectRatio, FeatureFlag, GenerationConfig, PlanFeatures } from '@reelmint/shared';

export const PROMPT_MAX = 1000;

/** What a new draft starts with: the cheapest video every plan may make. */
export const DEFAULT_CONFIG: GenerationConfig = { model: 'v1.0', resolution: '512p', duration: '5s', aspectRatio: '16:9' };

/** The key of a frame shape's name (`settings.shapes.*`): i18next reads a colon as a namespace separator. */
export const SHAPE_KEYS: Record<AspectRatio, 'landscape' | 'portrait' | 'square'> = { '16:9': 'landscape', '9:16': 'portrait', '1:1': 'square' };

/** A seed as typed: empty is "a new random seed", anything else must be a whole number in range. */
export function parseSeed(text: string): { seed: number | undefined; valid: boolean } {
  const trimmed = text.trim();
  if (!trimmed) return { seed: undefined, valid: true };
  if (!/^\d{1,10}$/.test(trimmed)) return { seed: undefined, valid: false };
  const seed = Number(trimmed);
  return isSeed(seed) ? { seed, valid: true } : { seed: undefined, valid: false };
}

export type SettingField = keyof GenerationConfig;

/** The i18n key that explains why a plan does not include a feature. */
export const LOCK_MESSAGE_KEYS: Record<Exclude<FeatureFlag, 'unlimitedGenerations' | 'advancedEditing'>, string> = {
  v2Model: 'locks.v2Model',
  hd720p: 'locks.hd720p',
  hd1080p: 'locks.hd1080p',
};

/**
 * The feature a plan lacks for one option, or null when the option is included. Asked per option
 * (not per whole config), so every locked choice can be marked before anyone picks it.
 */
export function lockedFeature<F extends SettingField>(field: F, value: GenerationConfig[F], features: PlanFeatures): FeatureFlag | null {
  if (field === 'duration' || field === 'aspectRatio') return null;
  const probe = { ...DEFAULT_CONFIG, [field]: value } as GenerationConfig;
  const problem = checkGenerationAccess(probe, features).find((p) => p.field === field);
  return problem ? problem.feature : null;
}

export function lockMessageKey(feature: FeatureFlag): string {
  return feature === 'unlimitedGenerations' || feature === 'advancedEditing' ? 'locks.generic' : LOCK_MESSAGE_KEYS[feature];
}

/** The lock note's key and its values: it names the cheapest plan that unlocks the option. */
export function lockMessage(feature: FeatureFlag): [key: string, values: { plan: string }] {
  return [lockMessageKey(feature), { plan: PLAN_NAMES[cheapestPlanWith(feature)] }];
}

/** Everything the settings column shows about money, from the one shared cost function. */
export function costSummary(config: GenerationConfig, balance: number | null) {
  const cost = creditCost(config);
  if (balance === null) return { cost, balance, enough: true, after: null, level: null, critical: false } as const;
  return {
    cost,
    balance,
    enough: balance >= cost,
    after: balance - cost,
    level: creditLevel(balance),
    critical: isCriticallyLow(balance),
  } as const;
}

export function isGenerationConfig(value: unknown): value is GenerationConfig {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  const oneOf = (list: readonly string[], item: unknown) => typeof item === 'string' && list.includes(item);
  return (
    oneOf(MODELS, v.model) &&
    oneOf(RESOLUTIONS, v.resolution) &&
    oneOf(DURATIONS, v.duration) &&
    (v.aspectRatio === undefined || oneOf(ASPECT_RATIOS, v.aspectRatio))
  );
}

/** Settings from a template, a draft or a shared video, with the shape every earlier video had when it names none. */
export function withShape(config: GenerationConfig): GenerationConfig {
  return { model: config.model, resolution: config.resolution, duration: config.duration, aspectRatio: config.aspectRatio ?? DEFAULT_CONFIG.aspectRatio };
}
