import { ApiError, request, requestRaw } from '@reelmint/shared';
import type { CheckoutReply, PlanChangeReply, PlanChangeRequest, PlanPurchase } from '@reelmint/shared';
import { CHECKOUT_NOT_OPENED, CHECKOUT_TIMEOUT_MS, checkoutOf } from '../checkout/checkout.ts';

/**
 * Buys a plan, billing's one way of doing so. A member of a paid plan changes the plan they have
 * (`POST /api/subscription/change`: up now, down when the period ends, never a second plan); anyone else opens a
 * checkout (the spec's `POST /api/payment/create-subscription-session`, from the
 * spec's 'subscription-modal' unless a source is named). Rejects with the API's error, a network error, a timeout, or
 * CHECKOUT_NOT_OPENED for a reply that opens no checkout.
 */
export async function buyPlan(order: PlanChangeRequest, member: boolean): Promise<PlanPurchase> {
  const body = { ...order, source: order.source ?? 'subscription-modal' } satisfies PlanChangeRequest;
  const options = { body, signal: AbortSignal.timeout(CHECKOUT_TIMEOUT_MS) };
  if (member) return purchaseOf(await request<PlanChangeReply>('POST', '/api/subscription/change', options));
  const checkout = checkoutOf(await requestRaw<CheckoutReply | null>('POST', '/api/payment/create-subscription-session', options));
  if (!checkout) throw notOpened();
  return { kind: 'checkout', ...checkout };
}

function purchaseOf(reply: PlanChangeReply): PlanPurchase {
  const { subscription, balance } = reply;
  if (reply.kind === 'checkout') {
    if (!reply.checkoutUrl) throw notOpened();
    return { kind: 'checkout', checkoutUrl: reply.checkoutUrl, sessionId: reply.sessionId };
  }
  const waiting = reply.kind === 'scheduled' ? subscription.scheduledChange : null;
  return waiting ? { kind: 'scheduled', effectiveDate: waiting.effectiveDate, subscription, balance } : { kind: 'changed', subscription, balance };
}

const notOpened = () => new ApiError('The server opened no checkout', CHECKOUT_NOT_OPENED);

/**
 * Why buying a plan (or dropping a waiting change) did nothing, each with words a person can act on: a declined card,
 * a change the payment provider refused as asked (PLAN_CHANGE_REFUSED: another plan or cycle, or support), a provider
 * asking for a minute (PAYMENT_PROVIDER_BUSY), a plan the person already has (ALREADY_SUBSCRIBED: a page older than
 * the subscription, as in a stale tab), too many checkouts opened of late (RATE_LIMITED), no connection or no answer in
 * time, or anything else.
 */
export type PurchaseFailure = 'declined' | 'refused' | 'busy' | 'subscribed' | 'limited' | 'network' | 'failed';

export function failureOf(error: unknown): PurchaseFailure {
  if (error instanceof ApiError && error.code === 'PAYMENT_DECLINED') return 'declined';
  if (error instanceof ApiError && error.code === 'PLAN_CHANGE_REFUSED') return 'refused';
  if (error instanceof ApiError && error.code === 'PAYMENT_PROVIDER_BUSY') return 'busy';
  if (error instanceof ApiError && error.code === 'ALREADY_SUBSCRIBED') return 'subscribed';
  if (error instanceof ApiError && error.code === 'RATE_LIMITED') return 'limited';
  if ((error instanceof ApiError && error.isNetworkError) || (error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError')))
    return 'network';
  return 'failed';
}

/**
 * The whole minutes until a refused checkout may be tried again, as the API counts them (its `retryAfterSeconds`,
 * rounded up, at least 1), or null when the refusal does not say.
 */
export function retryMinutesOf(error: unknown): number | null {
  const seconds = error instanceof ApiError ? error.details.retryAfterSeconds : undefined;
  if (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds <= 0) return null;
  return Math.max(1, Math.ceil(seconds / 60));
}
