import { request } from '@reelmint/shared';
import type { PaymentSession } from '@reelmint/shared';

/** A checkout session as `GET /api/payment/session/{id}` answers it (api/README.md). */
export type { PaymentSession };

export function fetchPaymentSession(id: string, signal?: AbortSignal): Promise<PaymentSession> {
  return request<PaymentSession>('GET', `/api/payment/session/${encodeURIComponent(id)}`, signal ? { signal } : {});
}

/** A provider's webhook can land a moment after the redirect: ask again a few times before giving up. */
export const CONFIRM_ATTEMPTS = 8;
export const CONFIRM_INTERVAL_MS = 1500;
