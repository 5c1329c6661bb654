import type { CheckoutSession } from '../db/schema.ts';

/** A provider's event, reduced to what the subscription logic acts on. */
export type PaymentEvent =
  | { id: string; type: 'checkout.completed'; sessionId: string; providerSubscriptionId: string | null }
  | { id: string; type: 'subscription.renewed'; providerSubscriptionId: string; invoiceId: string; periodEnd: Date }
  | { id: string; type: 'subscription.ended'; providerSubscriptionId: string }
  | { id: string; type: 'ignored'; originalType: string };

export interface CheckoutLinks {
  /** Where the API itself is reachable, for providers that host their own checkout page. */
  apiBase: string;
  successUrl: string;
  cancelUrl: string;
  planName: string;
}

export interface PaymentProvider {
  readonly name: 'local' | 'stripe';
  createCheckout(session: CheckoutSession, links: CheckoutLinks): Promise<{ checkoutUrl: string; providerRef: string | null }>;
  /** Verifies a webhook on its raw bytes and returns the event; throws when the signature is bad. */
  parseWebhook?(rawBody: Buffer, signature: string | undefined): PaymentEvent;
  /** Stops renewals at the end of the paid period. */
  cancelAtPeriodEnd?(providerSubscriptionId: string): Promise<void>;
}

export function localProvider(): PaymentProvider {
  return {
    name: 'local',
    async createCheckout(session, links) {
      return { checkoutUrl: `${links.apiBase}/api/payment/checkout/${encodeURIComponent(session.id)}`, providerRef: null };
    },
  };
}
