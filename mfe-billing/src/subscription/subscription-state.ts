import { api, ApiError, canUpgrade, daysLeft, expiryState } from '@reelmint/shared';
import type { SubscriptionStatus } from '@reelmint/shared';

/** The subscription error catalogue, with the key of each message's translation. */
export const SUBSCRIPTION_ERRORS = {
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
