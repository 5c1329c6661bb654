import { api, ApiError } from '@reelmint/shared';
import type { BillingCycle, CheckoutReply } from '@reelmint/shared';
import { rememberCheckoutOrigin } from './checkout-return.ts';

export type { BillingCycle };

/** A checkout request that hangs would keep 'Processing...' forever; past this it counts as failed. */
export const CHECKOUT_TIMEOUT_MS = 20_000;

/**
 * What to do with the server's answer: the checkout counts only when `success` is
 * true and a checkout URL came with it.
 */
export type CheckoutDecision =
  /** `sessionId` when the server named the session, so the page can tell when that checkout has ended. */
  { kind: 'open-checkout'; url: string; sessionId?: string } | { kind: 'fallback'; reason: 'session-failed' | 'request-failed' } | { kind: 'sign-in' };

export function decideCheckout(reply: CheckoutReply | null | undefined): CheckoutDecision {
  const url = reply?.data?.checkoutUrl;
  const sessionId = reply?.data?.sessionId;
  if (reply?.success === true && typeof url === 'string' && url.length > 0) {
    return typeof sessionId === 'string' && sessionId ? { kind: 'open-checkout', url, sessionId } : { kind: 'open-checkout', url };
  }
  return { kind: 'fallback', reason: 'session-failed' };
}

/**
 * A request that threw ("request exception"): an error status, no answer at all, or a
 * timeout. A lost session is the exception: the API client has already sent the person to sign
 * in, so no alert and fallback window on top of that.
 */
export function decideCheckoutFailure(error: unknown): CheckoutDecision {
  if (error instanceof ApiError && error.status === 401) return { kind: 'sign-in' };
  return { kind: 'fallback', reason: 'request-failed' };
}

/** /pricing with the plan highlighted: where a failed checkout sends the person. */
export function pricingFallbackUrl(localize: (to: string) => string, planKey: string, source?: string): string {
  const query = new URLSearchParams({ highlight: planKey, cycle: 'yearly' });
  if (source) query.set('source', source);
  return localize(`/pricing?${query.toString()}`);
}

/** What a checkout decision needs to be acted on. */
export interface CheckoutFollowUp {
  /** Language-prefixed /pricing fallback (pricingFallbackUrl). */
  fallbackUrl: string;
  /** The path to offer back on /payment/cancel. */
  returnPath: string;
  /** The two alerts, in the person's language. */
  messages: { sessionFailed: string; requestFailed: string };
}

/** Opens a URL in a new window that cannot reach back into this one. */
export function openDetached(url: string): void {
  window.open(url, '_blank', 'noopener,noreferrer');
}

/** Asks the API for a checkout session: what to do with the answer, nothing done yet. */
export async function requestCheckout(planKey: string, cycle: BillingCycle, source?: string): Promise<CheckoutDecision> {
  try {
    // No source set: the shared call sends the spec's default, 'subscription-modal'.
    const reply = await api.createSubscriptionSession(planKey, cycle, source, { signal: AbortSignal.timeout(CHECKOUT_TIMEOUT_MS) });
    return decideCheckout(reply);
  } catch (error) {
    return decideCheckoutFailure(error);
  }
}

/**
 * Acts on a checkout decision: on success the checkout page opens in a new window without
 * opener; otherwise the person is told why and /pricing opens with the plan highlighted.
 */
export function followCheckout(decision: CheckoutDecision, request: CheckoutFollowUp): void {
  if (decision.kind === 'open-checkout') {
    rememberCheckoutOrigin(request.returnPath);
    openDetached(decision.url);
  } else if (decision.kind === 'fallback') {
    window.alert(decision.reason === 'session-failed' ? request.messages.sessionFailed : request.messages.requestFailed);
    openDetached(request.fallbackUrl);
  }
}
