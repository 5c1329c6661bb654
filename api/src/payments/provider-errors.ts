import { AppError } from '../http/errors.ts';
import { PaymentProviderError } from './provider.ts';

/**
 * Why a provider call failed, for the caller: a request the provider refused is not worth repeating
 * as it is (422 `refused.code`, with the provider's reason), a declined card is the person's to fix
 * (402), a provider asking us to slow down is a wait (503 with Retry-After), and only an outage or a
 * failure of ours is a 502 (`failed`).
 */
export function providerFailure(error: unknown, refused: { code: string; message: string }, failed: { code: string; message: string }): AppError {
  if (error instanceof PaymentProviderError) {
    switch (error.kind) {
      case 'invalid-request':
        return new AppError(422, refused.code, `${refused.message}: ${error.message.slice(0, 300)}`);
      case 'declined':
        return new AppError(402, 'PAYMENT_DECLINED', 'Your payment was declined, so nothing changed. Check your card with the payment provider and try again.');
      case 'rate-limited':
        return new AppError(503, 'PAYMENT_PROVIDER_BUSY', 'The payment provider is busy; nothing changed. Try again in a minute', { retryAfterSeconds: 60 });
      case 'unavailable':
        break;
    }
  }
  return new AppError(502, failed.code, failed.message);
}

/** A checkout the provider would not open: its refusal is 422 CHECKOUT_REFUSED, an outage 502 UPGRADE_FAILED. */
export function checkoutFailure(error: unknown): AppError {
  return providerFailure(
    error,
    { code: 'CHECKOUT_REFUSED', message: 'The payment provider refused this checkout' },
    { code: 'UPGRADE_FAILED', message: 'Failed to initiate upgrade' },
  );
}

/**
 * A change the provider refused as asked (Stripe's invalid-request errors) is not a gateway failure:
 * 422 PLAN_CHANGE_REFUSED with its reason, which trying again unchanged will not mend. A declined
 * card is 402, a rate limit 503 PAYMENT_PROVIDER_BUSY, and only an outage is a 502.
 */
export function changeFailure(error: unknown, code: 'UPGRADE_FAILED' | 'CANCELLATION_FAILED', message: string): AppError {
  return providerFailure(
    error,
    { code: 'PLAN_CHANGE_REFUSED', message: 'The payment provider refused this change, so your plan is unchanged' },
    { code, message },
  );
}
