import { PLAN_KEYS, request } from '@reelmint/shared';
import type { PlanKey, SubscriptionStatus } from '@reelmint/shared';
import type { BillingCycle } from '../checkout/checkout.ts';
import { failureOf } from './buy-plan.ts';
import type { PurchaseFailure } from './buy-plan.ts';

/**
 * Which way a card's plan and cycle lie from the plan in force: up (paid now, what is left of the
 * current period counted), down (at the end of the period), or the plan itself. The API decides
 * the same way; this only picks the words on the button.
 */
export type ChangeDirection = 'up' | 'down' | 'same';

export function changeDirection(current: Pick<SubscriptionStatus, 'plan' | 'billingCycle'>, plan: PlanKey, cycle: BillingCycle): ChangeDirection {
  if (current.plan === 'free') return plan === 'free' ? 'same' : 'up';
  const rank = (key: PlanKey) => PLAN_KEYS.indexOf(key);
  if (rank(plan) !== rank(current.plan)) return rank(plan) > rank(current.plan) ? 'up' : 'down';
  // A server that does not say how the plan is billed: the card of the plan in force is the current one either way.
  if (!current.billingCycle || current.billingCycle === cycle) return 'same';
  return cycle === 'yearly' ? 'up' : 'down';
}

/** What a step on the subscription in force came to: the subscription as it now stands, or why nothing changed. */
export type SubscriptionStepOutcome = { ok: true; subscription: SubscriptionStatus } | { ok: false; failure: PurchaseFailure };

/** A step that answers the subscription as it now stands; never rejects. */
async function subscriptionStep(path: string): Promise<SubscriptionStepOutcome> {
  try {
    return { ok: true, subscription: await request<SubscriptionStatus>('DELETE', path) };
  } catch (error) {
    return { ok: false, failure: failureOf(error) };
  }
}

/** Drops a change waiting for the end of the period. */
export const keepCurrentPlan = () => subscriptionStep('/api/subscription/scheduled-change');

/** Undoes a cancellation while its period lasts, so the plan renews again. */
export const resumePlan = () => subscriptionStep('/api/subscription/cancellation');
