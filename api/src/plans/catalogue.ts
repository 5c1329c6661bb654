import { PLAN_FEATURES, PLAN_KEYS, PLAN_NAMES } from '@reelmint/contract/plans';
import { CREDIT_PACK_IDS } from '@reelmint/contract/billing-api';
import type { CreditPackId, CreditPack as PackItem } from '@reelmint/contract/billing-api';
import type { PlanItem } from '@reelmint/contract/plan-api';
import type { BillingCycle, PlanKey } from '@reelmint/contract/plans';

export type { BillingCycle };

/** A plan as the API sells it: every yearly figure known, in dollars, priced per month. */
export type CatalogueItem = Required<PlanItem> & { currency: 'USD'; interval: 'month' };

/**
 * The one plan catalogue (see README "Plan catalogue"): prices from the purchase modal, credits
 * from the subscription features, premium shown as "Max".
 */
const ENTRIES: Record<PlanKey, { monthly: number; yearlyMonthly: number; description: string; popular: boolean }> = {
  free: { monthly: 0, yearlyMonthly: 0, description: 'Try text and image to video at 512p with the v1.0 model.', popular: false },
  pro: { monthly: 13, yearlyMonthly: 10, description: 'The v2.0 model and 720p HD videos.', popular: false },
  premium: { monthly: 39, yearlyMonthly: 30, description: '1080p videos with the v2.0 model and the most credits each month.', popular: true },
};

export const CATALOGUE: CatalogueItem[] = PLAN_KEYS.map((key) => {
  const entry = ENTRIES[key];
  const credits = PLAN_FEATURES[key].creditsPerMonth;
  return {
    id: key,
    key,
    name: PLAN_NAMES[key],
    price: entry.monthly,
    currency: 'USD',
    interval: 'month',
    features: PLAN_FEATURES[key],
    description: entry.description,
    credits,
    yearlyMonthlyPrice: entry.yearlyMonthly,
    originalMonthlyPrice: entry.monthly,
    yearlyPrice: entry.yearlyMonthly * 12,
    yearlyCredits: credits * 12,
    popular: entry.popular,
  };
});

export function planByKey(key: PlanKey): CatalogueItem {
  const item = CATALOGUE.find((p) => p.key === key);
  if (!item) throw new Error(`Unknown plan ${key}`);
  return item;
}

/** Accepts the names the front ends use: pro, premium, or the modal's "max" (any case). */
export function resolvePaidPlan(name: string): PlanKey | null {
  const lower = name.trim().toLowerCase();
  if (lower === 'pro') return 'pro';
  if (lower === 'premium' || lower === 'max') return 'premium';
  return null;
}

/** What a checkout for `plan` on `cycle` charges (in cents) and grants. */
export function pricing(plan: PlanKey, cycle: BillingCycle): { amountCents: number; credits: number; months: number } {
  const item = planByKey(plan);
  if (cycle === 'yearly') return { amountCents: item.yearlyPrice * 100, credits: item.yearlyCredits, months: 12 };
  return { amountCents: item.price * 100, credits: item.credits, months: 1 };
}

/** Where a plan stands among the others: PLAN_KEYS runs from the cheapest to the dearest. */
export function planRank(plan: PlanKey): number {
  return PLAN_KEYS.indexOf(plan);
}

/** A pack as the API sells it, in dollars. */
export type CreditPack = PackItem & { currency: 'USD' };

/**
 * One-time top-ups for members of a paid plan who run out before their next grant. Dearer per
 * credit than the plans' monthly grants (Pro: 2.6 cents), so a plan stays the better deal, and
 * cheaper per credit the larger the pack (3.2, 2.67 and 2.65 cents; at 45 USD the largest was
 * 2.25 cents, cheaper than any plan).
 */
const PACK_ENTRIES: Record<CreditPackId, { credits: number; price: number }> = {
  'credits-250': { credits: 250, price: 8 },
  'credits-750': { credits: 750, price: 20 },
  'credits-2000': { credits: 2000, price: 53 },
};

export const CREDIT_PACKS: readonly CreditPack[] = CREDIT_PACK_IDS.map((id) => ({ id, ...PACK_ENTRIES[id], currency: 'USD' }));

export function packById(id: string): CreditPack | null {
  return CREDIT_PACKS.find((pack) => pack.id === id) ?? null;
}
