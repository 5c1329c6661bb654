import { request } from '@reelmint/shared';
import type { SubscriptionStatus } from '@reelmint/shared';

/** A checkout session as `GET /api/payment/session/{id}` answers it (api/README.md). */
export interface PaymentSession {
  id: string;
  /** A plan, or a one-time credit pack (whose `plan` is the plan it was bought on). Absent from older servers: a plan. */
  kind?: 'plan' | 'pack';
  pack?: string | null;
  status: 'open' | 'paid' | 'canceled' | 'failed';
  plan: string;
  planName: string;
  billingCycle: 'monthly' | 'yearly';
  amount: number;
  currency: string;
  creditsGranted: number | null;
  /** The person's balance now, with the grant in it. */
  balance: number;
  subscription: SubscriptionStatus;
}

export function fetchPaymentSession(id: string, signal?: AbortSignal): Promise<PaymentSession> {
  return request<PaymentSession>('GET', `/api/payment/session/${encodeURIComponent(id)}`, signal ? { signal } : {});
}

/** A provider's webhook can land a moment after the redirect: ask again a few times before giving up. */
export const CONFIRM_ATTEMPTS = 8;
export const CONFIRM_INTERVAL_MS = 1500;
