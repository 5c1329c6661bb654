import { cheapestPlanWith, checkGenerationAccess, creditCost, creditLevel, DURATIONS, isCriticallyLow, MODELS, PLAN_NAMES, RESOLUTIONS } from '@reelmint/shared';
import type { FeatureFlag, GenerationConfig, PlanFeatures } from '@reelmint/shared';

export const PROMPT_MAX = 1000;

/** What a new draft starts with: the cheapest video every plan may make. */
export const DEFAULT_CONFIG: GenerationConfig = { model: 'v1.0', resolution: '512p', duration: '5s' };

export type SettingField = keyof GenerationConfig;

/** The i18n key that explains why a plan does not include a feature (spec §5's messages). */
export const LOCK_MESSAGE_KEYS: Record<Exclude<FeatureFlag, 'unlimitedGenerations'>, string> = {
  v2Model: 'locks.v2Model',
  hd720p: 'locks.hd720p',
  hd1080p: 'locks.hd1080p',
};

/**
 * The feature a plan lacks for one option, or null when the option is included. Asked per option
 * (not per whole config), so every locked choice can be marked before anyone picks it.
 */
export function lockedFeature<F extends SettingField>(field: F, value: GenerationConfig[F], features: PlanFeatures): FeatureFlag | null {
  if (field === 'duration') return null;
  const probe = { ...DEFAULT_CONFIG, [field]: value } as GenerationConfig;
  const problem = checkGenerationAccess(probe, features).find((p) => p.field === field);
  return problem ? problem.feature : null;
}

export function lockMessageKey(feature: FeatureFlag): string {
  return feature === 'unlimitedGenerations' ? 'locks.generic' : LOCK_MESSAGE_KEYS[feature];
}

/** The lock note's key and its values: it names the cheapest plan that unlocks the option. */
export function lockMessage(feature: FeatureFlag): [key: string, values: { plan: string }] {
  return [lockMessageKey(feature), { plan: PLAN_NAMES[cheapestPlanWith(feature)] }];
}

/** Everything the settings column shows about money, from the one shared cost function (spec §9). */
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
  return oneOf(MODELS, v.model) && oneOf(RESOLUTIONS, v.resolution) && oneOf(DURATIONS, v.duration);
}
