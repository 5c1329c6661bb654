import { ApiError } from '@reelmint/shared';
import type { BillingCycle, CheckoutReply } from '@reelmint/shared';

export type { BillingCycle };

/** A checkout request that hangs would keep 'Processing...' forever; past this it counts as failed. */
export const CHECKOUT_TIMEOUT_MS = 20_000;

/** The code of a checkout reply that came without `success` or a URL: there is no checkout to open. */
export const CHECKOUT_NOT_OPENED = 'CHECKOUT_NOT_OPENED';

/**
 * The checkout a create-subscription-session reply opens, read warily: it counts only when `success` is true and a
 * checkout URL came with it; `sessionId` when the server named the session, so the page can tell when it has ended.
 */
export function checkoutOf(reply: CheckoutReply | null | undefined): { checkoutUrl: string; sessionId: string | null } | null {
  const checkoutUrl = reply?.data?.checkoutUrl;
  const sessionId = reply?.data?.sessionId;
  if (reply?.success !== true || typeof checkoutUrl !== 'string' || checkoutUrl.length === 0) return null;
  return { checkoutUrl, sessionId: typeof sessionId === 'string' && sessionId ? sessionId : null };
}

/**
 * What the modal does when a checkout could not start: tell the person why and send them to /pricing, for a reply
 * without a checkout (`session-failed`) or a request that threw (`request-failed`); or nothing more after a lost
 * session, which the API client has already sent to sign in.
 */
export type CheckoutFallback = { kind: 'fallback'; reason: 'session-failed' | 'request-failed' } | { kind: 'sign-in' };

/** Why a checkout request failed: no checkout in the reply, an error status, no answer at all, or a timeout. */
export function decideCheckoutFailure(error: unknown): CheckoutFallback {
  if (error instanceof ApiError && error.status === 401) return { kind: 'sign-in' };
  if (error instanceof ApiError && error.code === CHECKOUT_NOT_OPENED) return { kind: 'fallback', reason: 'session-failed' };
  return { kind: 'fallback', reason: 'request-failed' };
}

/** /pricing with the plan highlighted: where a failed checkout sends the person. */
export function pricingFallbackUrl(localize: (to: string) => string, planKey: string, source?: string): string {
  const query = new URLSearchParams({ highlight: planKey, cycle: 'yearly' });
  if (source) query.set('source', source);
  return localize(`/pricing?${query.toString()}`);
}

/** What a checkout that could not start needs to be followed. */
export interface CheckoutFollowUp {
  /** Language-prefixed /pricing fallback (pricingFallbackUrl). */
  fallbackUrl: string;
  /** The two alerts, in the person's language. */
  messages: { sessionFailed: string; requestFailed: string };
}

/** Opens a URL in a new window that cannot reach back into this one. */
export function openDetached(url: string): void {
  window.open(url, '_blank', 'noopener,noreferrer');
}

/** The spec's fallback: the person is told why, and /pricing opens in a new window with the plan highlighted. */
export function followCheckoutFailure(failure: CheckoutFallback, followUp: CheckoutFollowUp): void {
  if (failure.kind !== 'fallback') return;
  window.alert(failure.reason === 'session-failed' ? followUp.messages.sessionFailed : followUp.messages.requestFailed);
  openDetached(followUp.fallbackUrl);
}
