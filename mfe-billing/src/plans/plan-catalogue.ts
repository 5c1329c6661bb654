import { PLAN_KEYS } from '@reelmint/shared';
import type { PlanItem, PlanKey } from '@reelmint/shared';
import type { BillingCycle } from '../checkout/checkout.ts';

/** The plans the upsell modal offers (Pro and Max; Max is the catalogue's premium). */
export const PAID_PLAN_KEYS: readonly string[] = ['pro', 'premium'];

/** The modal's and the pricing page's links call Max 'max' in the spec; the catalogue says 'premium'. */
export function normalizePlanKey(value: string | null | undefined): PlanKey | null {
  const key = value?.trim().toLowerCase();
  if (!key) return null;
  if (key === 'max') return 'premium';
  return PLAN_KEYS.find((known) => known === key) ?? null;
}

/** A billing cycle from an address (?cycle=), in any case, as plan keys are read. */
export function parseCycle(value: string | null | undefined): BillingCycle | null {
  const cycle = value?.trim().toLowerCase();
  return cycle === 'monthly' || cycle === 'yearly' ? cycle : null;
}

export interface PlanPrice {
  /** What one month costs on this cycle. */
  perMonth: number;
  /** The undiscounted monthly price, when yearly billing is cheaper. */
  original: number | null;
  /** What one payment costs: a month, or a whole year. */
  billed: number;
}

export function priceFor(plan: PlanItem, cycle: BillingCycle): PlanPrice {
  if (cycle === 'monthly') return { perMonth: plan.price, original: null, billed: plan.price };
  const perMonth = plan.yearlyMonthlyPrice ?? plan.price;
  const undiscounted = plan.originalMonthlyPrice ?? plan.price;
  return { perMonth, original: undiscounted > perMonth ? undiscounted : null, billed: plan.yearlyPrice ?? perMonth * 12 };
}

/** The translation keys of what a plan includes, read from its feature flags. */
export function planFeatureKeys({ key, features }: Pick<PlanItem, 'key' | 'features'>): string[] {
  const keys = [features.v2Model ? 'features.modelV2' : 'features.modelV1'];
  keys.push(features.hd1080p ? 'features.res1080' : features.hd720p ? 'features.res720' : 'features.res512');
  // Max's unlimited generations are its relaxed queue (no credits, one video at a time): built, so listed.
  if (features.unlimitedGenerations) keys.push('features.relaxedQueue');
  if (key === 'free') keys.push('features.durations');
  if (features.advancedEditing) keys.push('features.editing');
  return keys;
}

/**
 * What yearly billing saves, as a fraction, computed from the catalogue's own prices: the smallest
 * saving of any paid plan, rounded down to a whole percent, so the badge is true of every plan it
 * sits above. Null when some paid plan saves nothing yearly (then no badge is shown).
 */
export function yearlySaving(plans: readonly PlanItem[]): number | null {
  const paid = plans.filter((plan) => plan.price > 0);
  if (paid.length === 0) return null;
  const percents = paid.map((plan) => Math.floor(((plan.price - (plan.yearlyMonthlyPrice ?? plan.price)) / plan.price) * 100));
  const least = Math.min(...percents);
  return least > 0 ? least / 100 : null;
}
