import { ApiError, PLAN_KEYS, request } from '@reelmint/shared';
import type { PlanChangeReply, PlanChangeRequest, PlanKey, SubscriptionStatus } from '@reelmint/shared';
import type { BillingCycle } from '../checkout/checkout.ts';
import { CHECKOUT_TIMEOUT_MS } from '../checkout/checkout.ts';

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

/**
 * Why a change did not happen, each with words a person can act on: a declined card, a change the
 * payment provider refused as asked (PLAN_CHANGE_REFUSED: another plan or cycle, or support), a
 * provider asking for a minute (PAYMENT_PROVIDER_BUSY), no connection, or the provider failing.
 */
export type ChangeFailure = 'declined' | 'refused' | 'busy' | 'network' | 'failed';

export type ChangeOutcome = { ok: true; reply: PlanChangeReply } | { ok: false; failure: ChangeFailure };

function failureOf(error: unknown): ChangeFailure {
  if (error instanceof ApiError && error.code === 'PAYMENT_DECLINED') return 'declined';
  if (error instanceof ApiError && error.code === 'PLAN_CHANGE_REFUSED') return 'refused';
  if (error instanceof ApiError && error.code === 'PAYMENT_PROVIDER_BUSY') return 'busy';
  if ((error instanceof ApiError && error.isNetworkError) || (error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError')))
    return 'network';
  return 'failed';
}

export const planChangeApi = {
  async change(planKey: PlanKey, cycle: BillingCycle, source: string): Promise<ChangeOutcome> {
    try {
      const reply = await request<PlanChangeReply>('POST', '/api/subscription/change', {
        body: { planName: planKey, billingCycle: cycle, source } satisfies PlanChangeRequest,
        signal: AbortSignal.timeout(CHECKOUT_TIMEOUT_MS),
      });
      return { ok: true, reply };
    } catch (error) {
      return { ok: false, failure: failureOf(error) };
    }
  },
  /** Drops a change waiting for the end of the period; answers the subscription as it now stands. */
  async keepCurrent(): Promise<{ ok: true; subscription: SubscriptionStatus } | { ok: false; failure: ChangeFailure }> {
    try {
      return { ok: true, subscription: await request<SubscriptionStatus>('DELETE', '/api/subscription/scheduled-change') };
    } catch (error) {
      return { ok: false, failure: failureOf(error) };
    }
  },
};
