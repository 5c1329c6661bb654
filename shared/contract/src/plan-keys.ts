/**
 * The plans, billing cycles and subscription statuses by name, with no schema library: the plan rules (plans.ts) and
 * the browser read them at run time, the schemas (plan-api.ts) build on them, and neither imports the other's code.
 */

/** The plans, from the cheapest to the dearest. */
export const PLAN_KEYS = ['free', 'pro', 'premium'] as const;
export type PlanKey = (typeof PLAN_KEYS)[number];

/** How a paid plan is billed: one payment a month, or one a year for twelve months. */
export const BILLING_CYCLES = ['monthly', 'yearly'] as const;
export type BillingCycle = (typeof BILLING_CYCLES)[number];

/** `past_due` and `unpaid`: a renewal could not be charged; the plan's paid features pause until it is. */
export const SUBSCRIPTION_STATUSES = ['active', 'canceled', 'expired', 'past_due', 'unpaid'] as const;
export type SubscriptionStatusValue = (typeof SUBSCRIPTION_STATUSES)[number];
