import type { PlanFeatures, ScheduledPlanChange, SubscriptionStatus } from './plan-api.ts';
import { PLAN_KEYS } from './plan-keys.ts';
import type { PlanKey } from './plan-keys.ts';

export { BILLING_CYCLES, PLAN_KEYS, SUBSCRIPTION_STATUSES } from './plan-keys.ts';
export type { BillingCycle, PlanKey, SubscriptionStatusValue } from './plan-keys.ts';
import { RESOLUTIONS } from './pricing.ts';
import type { GenerationConfig, Resolution } from './pricing.ts';

export type { PlanFeatures };

export type FeatureFlag = Exclude<keyof PlanFeatures, 'creditsPerMonth'>;

/** The short names used in configs and upsell copy, mapped to feature flags. */
export const FEATURE_ALIASES: Record<string, FeatureFlag> = {
  'v2.0': 'v2Model',
  '720p': 'hd720p',
  '1080p': 'hd1080p',
  unlimited: 'unlimitedGenerations',
  editing: 'advancedEditing',
};

export interface AccessProblem {
  field: 'model' | 'resolution';
  feature: FeatureFlag;
  message: string;
  upgradeRequired: true;
}

/**
 * Which parts of a generation config the plan does not include.
 * An empty list means the plan allows the config.
 */
export function checkGenerationAccess(config: GenerationConfig, features: PlanFeatures): AccessProblem[] {
  const problems: AccessProblem[] = [];
  if (config.model === 'v2.0' && !features.v2Model) {
    problems.push({ field: 'model', feature: 'v2Model', message: 'V2.0 model requires premium subscription', upgradeRequired: true });
  }
  if (config.resolution === '720p' && !features.hd720p) {
    problems.push({ field: 'resolution', feature: 'hd720p', message: '720p resolution requires premium subscription', upgradeRequired: true });
  }
  if (config.resolution === '1080p' && !features.hd1080p) {
    problems.push({ field: 'resolution', feature: 'hd1080p', message: '1080p resolution requires premium subscription', upgradeRequired: true });
  }
  return problems;
}

/** A renewal that could not be charged: the plan stays, its paid features pause until the payment goes through. */
export function isPaymentDue(status: string | null | undefined): boolean {
  return status === 'past_due' || status === 'unpaid';
}

export type { ScheduledPlanChange, SubscriptionStatus };

export const DAY_MS = 24 * 60 * 60 * 1000;
export const EXPIRING_SOON_DAYS = 7;

/** Whole days left until expiry, rounded up; null when the plan never expires. */
export function daysLeft(expiresAt: string | null, now: number = Date.now()): number | null {
  if (!expiresAt) return null;
  return Math.ceil((Date.parse(expiresAt) - now) / DAY_MS);
}

/** Expired at 0 days left or less, expiring soon at 7 or fewer. */
export function expiryState(expiresAt: string | null, now: number = Date.now()): 'none' | 'active' | 'expiring-soon' | 'expired' {
  const left = daysLeft(expiresAt, now);
  if (left === null) return 'none';
  if (left <= 0) return 'expired';
  if (left <= EXPIRING_SOON_DAYS) return 'expiring-soon';
  return 'active';
}

/** How the site names each plan; premium is sold as "Max" (see api/README "Plan catalogue"). */
export const PLAN_NAMES: Record<PlanKey, string> = { free: 'Free', pro: 'Pro', premium: 'Max' };

/**
 * The cheapest plan that includes a feature (PLAN_KEYS runs from cheapest to dearest), so a lock
 * names the plan that is enough to unlock it rather than always the top one.
 */
export function cheapestPlanWith(feature: FeatureFlag): PlanKey {
  const [plan] = plansWith(feature);
  if (!plan) throw new RangeError(`No plan includes ${feature}`);
  return plan;
}

/**
 * Every plan that includes a feature, cheapest first, read from PLAN_FEATURES: all that a lock on that feature may
 * offer, since any other plan would be paid for without unlocking what was asked.
 */
export function plansWith(feature: FeatureFlag): PlanKey[] {
  return PLAN_KEYS.filter((key) => PLAN_FEATURES[key][feature]);
}

/**
 * Where every way to start for free leads (the header's "Try it free", pricing's "Start for free", the home page's call
 * to action) and where a new account lands: the studio, on text to video, which needs nothing but a prompt.
 */
export const START_FREE_PATH = '/text-to-video/generator';

/** Upgrade is offered only on the free plan. */
export function canUpgrade(plan: PlanKey | string | null | undefined): boolean {
  return !plan || plan === 'free';
}

/** What each plan includes; credits per month are the catalogue's grant. */
export const PLAN_FEATURES: Record<PlanKey, PlanFeatures> = {
  free: { v2Model: false, hd720p: false, hd1080p: false, unlimitedGenerations: false, advancedEditing: false, creditsPerMonth: 100 },
  pro: { v2Model: true, hd720p: true, hd1080p: false, unlimitedGenerations: false, advancedEditing: false, creditsPerMonth: 500 },
  premium: { v2Model: true, hd720p: true, hd1080p: true, unlimitedGenerations: true, advancedEditing: true, creditsPerMonth: 1000 },
};

/** Whether a plan may make videos at this resolution (512p is on every plan). */
export function planAllowsResolution(resolution: Resolution, features: PlanFeatures): boolean {
  if (resolution === '720p') return features.hd720p;
  if (resolution === '1080p') return features.hd1080p;
  return true;
}

/**
 * Where an upscale of a clip at `from` goes: the next resolution up, when the plan allows it; null when the clip is
 * already at the most the plan allows (or at the top).
 */
export function upscaleTarget(from: Resolution, features: PlanFeatures): Resolution | null {
  const next = RESOLUTIONS[RESOLUTIONS.indexOf(from) + 1];
  return next && planAllowsResolution(next, features) ? next : null;
}
