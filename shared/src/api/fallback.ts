import { PLAN_FEATURES } from '@reelmint/contract/plans';
import type { SubscriptionStatus } from '@reelmint/contract/plans';
import type { PlanItem, CreditsInfo } from './types.ts';

/**
 * Built-in data for when the network is down (free plan, 100 credits, sample plans,
 * empty lists). Every call that returns it marks the result `fallback: true`, so a screen can
 * say the server cannot be reached instead of presenting this as real.
 */
export const FALLBACK_CREDITS: CreditsInfo = { balance: 100 };

export const FALLBACK_SUBSCRIPTION: SubscriptionStatus = {
  plan: 'free',
  status: 'active',
  features: PLAN_FEATURES.free,
  expiresAt: null,
};

/** The spec's mock plans: credits 5/100/500, prices 0/19/49. */
export const FALLBACK_PLANS: PlanItem[] = [
  { id: 'free', key: 'free', name: 'Free', price: 0, currency: 'USD', interval: 'month', features: PLAN_FEATURES.free, description: 'Sample plan', credits: 5 },
  { id: 'pro', key: 'pro', name: 'Pro', price: 19, currency: 'USD', interval: 'month', features: PLAN_FEATURES.pro, description: 'Sample plan', credits: 100 },
  {
    id: 'premium',
    key: 'premium',
    name: 'Premium',
    price: 49,
    currency: 'USD',
    interval: 'month',
    features: PLAN_FEATURES.premium,
    description: 'Sample plan',
    credits: 500,
  },
];
