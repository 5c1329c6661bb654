import { api, ApiError, canUpgrade, daysLeft, expiryState } from '@reelmint/shared';
import type { SubscriptionStatus } from '@reelmint/shared';
import { CHECKOUT_TIMEOUT_MS, decideCheckout } from '../checkout/checkout.ts';
import type { BillingCycle } from '../checkout/checkout.ts';

/** The subscription error catalogue, with the key of each message's translation. */
export const SUBSCRIPTION_ERRORS = {
  UPGRADE_FAILED: { code: 'UPGRADE_FAILED', message: 'Failed to initiate upgrade', key: 'errors.upgradeFailed' },
  UPGRADE_NETWORK: { code: 'NETWORK_ERROR', message: 'Network error occurred during upgrade', key: 'errors.upgradeNetwork' },
  CANCELLATION_FAILED: { code: 'CANCELLATION_FAILED', message: 'Failed to cancel subscription', key: 'errors.cancellationFailed' },
  CANCELLATION_NETWORK: { code: 'NETWORK_ERROR', message: 'Network error occurred during cancellation', key: 'errors.cancellationNetwork' },
  VALIDATION_ERROR: { code: 'VALIDATION_ERROR', message: 'Unable to validate subscription access', key: 'errors.validation' },
} as const;

export type SubscriptionError = (typeof SUBSCRIPTION_ERRORS)[keyof typeof SUBSCRIPTION_ERRORS];

export type Outcome<T> = { success: true; data: T } | { success: false; error: SubscriptionError };

/** A network failure or a request that timed out: the server may never have seen it. */
function isNetworkFailure(error: unknown): boolean {
  return (
    (error instanceof ApiError && error.isNetworkError) || (error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError'))
  );
}

/**
 * Starts a paid plan from the pricing page: the same checkout session as the modal, carrying the
 * page's source, but a failure is reported in place (the person is already on /pricing).
 */
export async function upgradeSubscription(
  planKey: string,
  cycle: BillingCycle,
  source: string,
): Promise<Outcome<{ checkoutUrl: string; sessionId: string | null }>> {
  try {
    const reply = await api.createSubscriptionSession(planKey, cycle, source, { signal: AbortSignal.timeout(CHECKOUT_TIMEOUT_MS) });
    const decision = decideCheckout(reply);
    if (decision.kind === 'open-checkout') return { success: true, data: { checkoutUrl: decision.url, sessionId: decision.sessionId ?? null } };
    return { success: false, error: SUBSCRIPTION_ERRORS.UPGRADE_FAILED };
  } catch (error) {
    return { success: false, error: isNetworkFailure(error) ? SUBSCRIPTION_ERRORS.UPGRADE_NETWORK : SUBSCRIPTION_ERRORS.UPGRADE_FAILED };
  }
}

/** Cancels at the end of the paid period; the answer is the day the plan ends. */
export async function cancelSubscription(): Promise<Outcome<{ effectiveDate: string }>> {
  try {
    const { effectiveDate } = await api.cancel();
    return { success: true, data: { effectiveDate } };
  } catch (error) {
    return { success: false, error: isNetworkFailure(error) ? SUBSCRIPTION_ERRORS.CANCELLATION_NETWORK : SUBSCRIPTION_ERRORS.CANCELLATION_FAILED };
  }
}

export interface SubscriptionSummary {
  plan: SubscriptionStatus['plan'];
  /** Expired at 0 days left or less, expiring soon at 7 or fewer; 'none' when it never ends. */
  expiry: ReturnType<typeof expiryState>;
  daysLeft: number | null;
  /** Cancelled: the plan stays until expiresAt and then becomes free. */
  cancelled: boolean;
  /** Upgrade only on the free plan. */
  canUpgrade: boolean;
  /** A paid plan that is still running and not already cancelled. */
  canCancel: boolean;
}

/** What the site shows about a subscription at a given moment. */
export function summarizeSubscription(subscription: SubscriptionStatus, now: number = Date.now()): SubscriptionSummary {
  const expiry = expiryState(subscription.expiresAt, now);
  const cancelled = subscription.status === 'canceled';
  const paid = subscription.plan !== 'free';
  return {
    plan: subscription.plan,
    expiry,
    daysLeft: daysLeft(subscription.expiresAt, now),
    cancelled,
    canUpgrade: canUpgrade(subscription.plan),
    canCancel: paid && !cancelled && expiry !== 'expired' && subscription.expiresAt !== null,
  };
}
