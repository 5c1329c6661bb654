import type { PlanKey } from '@reelmint/contract/plans';
import type { PaymentProviderName } from '@reelmint/contract/site-api';
import type { CheckoutSession } from '../db/schema.ts';

/** The price a subscription moves to. */
export interface PriceTarget {
  plan: PlanKey;
  amountCents: number;
  currency: 'usd';
  interval: 'month' | 'year';
  productName: string;
}

interface CheckoutFields {
  id: string;
  sessionId: string;
  providerSubscriptionId: string | null;
  customerRef?: string | null;
  occurredAt?: Date;
}

/**
 * A provider's event, reduced to what the subscription logic acts on. `occurredAt` is when the
 * provider says it happened (Stripe's `created`), which orders a subscription's events whatever
 * order they are delivered in; without it the event counts as happening when it is applied.
 */
export type PaymentEvent =
  /**
   * A checkout paid (`checkout.completed`), done but with its money still on its way (`checkout.pending`: a
   * delayed payment method such as a bank debit), or whose delayed payment failed (`checkout.failed`).
   * `customerRef`: the provider's customer the checkout was paid as, when it made one.
   */
  | (CheckoutFields & { type: 'checkout.completed' })
  | (CheckoutFields & { type: 'checkout.pending' })
  | (CheckoutFields & { type: 'checkout.failed' })
  | { id: string; type: 'subscription.renewed'; providerSubscriptionId: string; invoiceId: string; periodEnd: Date; amountCents: number; occurredAt?: Date }
  | { id: string; type: 'subscription.ended'; providerSubscriptionId: string; occurredAt?: Date }
  /** A renewal (or a change) the provider could not charge: paid features pause until it is paid. */
  | { id: string; type: 'subscription.payment_failed'; providerSubscriptionId: string; invoiceId: string; occurredAt?: Date }
  /**
   * The provider's subscription as it now stands (Stripe: customer.subscription.updated): `plan`
   * and `billingCycle` when its price is one of the catalogue's, else null (left as they are).
   */
  | {
      id: string;
      type: 'subscription.updated';
      providerSubscriptionId: string;
      status: string;
      /** A payment is due and unpaid (Stripe's past_due, unpaid, incomplete): paid features pause. */
      paymentDue: boolean;
      cancelAtPeriodEnd: boolean;
      periodEnd: Date | null;
      plan: PlanKey | null;
      billingCycle: 'monthly' | 'yearly' | null;
      occurredAt?: Date;
    }
  /** A live subscription moved to another plan now, prorated, with a new period that ends at periodEnd. */
  | {
      id: string;
      type: 'subscription.changed';
      providerSubscriptionId: string;
      invoiceId: string;
      /** What the provider charged: the new price less the unused part of the old one. */
      amountCents: number;
      /** What the provider credited for the unused part of the old price, when its invoice says. */
      creditedCents?: number | null;
      plan: PlanKey;
      billingCycle: 'monthly' | 'yearly';
      periodEnd: Date;
      occurredAt?: Date;
    }
  | { id: string; type: 'ignored'; originalType: string; occurredAt?: Date };

/** The events of one checkout session. */
export type CheckoutEvent = Extract<PaymentEvent, { sessionId: string }>;

/** The events that concern one provider subscription, found by its id. */
export type SubscriptionEvent = Extract<PaymentEvent, { providerSubscriptionId: string }>;

/**
 * A provider call that failed, sorted by whose it is to fix: `invalid-request` (the provider
 * refused what was asked of it, which trying again unchanged will not mend), `declined` (the
 * card), `rate-limited` (the provider asks us to slow down), `unavailable` (an outage, a network
 * failure, or anything else).
 */
export class PaymentProviderError extends Error {
  readonly kind: 'invalid-request' | 'declined' | 'rate-limited' | 'unavailable';

  constructor(kind: PaymentProviderError['kind'], message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PaymentProviderError';
    this.kind = kind;
  }
}

/** A subscription moved to another price now: its invoice, what it charged and credited, and the new period's end. */
export interface ChangedNow {
  invoiceId: string;
  amountCents: number;
  /** Credited for the unused part of the old price (null when the invoice does not say). */
  creditedCents: number | null;
  periodEnd: Date;
}

/**
 * A verified webhook written in another version of the provider's API than the one its SDK reads
 * (Stripe: the endpoint's API version): refused, so the provider keeps it and an operator sees why.
 */
export class WebhookVersionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookVersionError';
  }
}

export interface CheckoutLinks {
  /** Where the API itself is reachable, for providers that host their own checkout page. */
  apiBase: string;
  successUrl: string;
  cancelUrl: string;
  planName: string;
  /**
   * A short-lived token that proves the holder is the person who started this checkout. The local
   * provider's page needs it to pay or cancel; hosted providers keep their own proof.
   */
  ownerToken: string;
  /**
   * The provider's customer the person already pays as (the newest one recorded), so a hosted
   * checkout is paid as that customer rather than a new one; null when none is recorded.
   */
  customerRef: string | null;
}

export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** Throws a PaymentProviderError when the provider refuses or fails (anything else counts as unavailable). */
  createCheckout(session: CheckoutSession, links: CheckoutLinks): Promise<{ checkoutUrl: string; providerRef: string | null }>;
  /** Verifies a webhook on its raw bytes and returns the event; throws when the signature is bad. */
  parseWebhook?(rawBody: Buffer, signature: string | undefined): PaymentEvent;
  /** Stops renewals at the end of the paid period. */
  cancelAtPeriodEnd?(providerSubscriptionId: string): Promise<void>;
  /** Undoes cancelAtPeriodEnd while the period lasts: the subscription renews again. */
  renewAgain?(providerSubscriptionId: string): Promise<void>;
  /** Makes a hosted checkout unpayable (a newer checkout of the same person replaced it). */
  expireCheckout?(providerRef: string): Promise<void>;
  /**
   * Ends a subscription at once and gives the money back: all of its last payment (`payment`: a
   * checkout that may no longer be paid, closed or for a plan already in force, so no second
   * subscription keeps billing) or the unused share of it (`unused`: an account deleted mid-period).
   * Answers the cents refunded.
   */
  endNow?(providerSubscriptionId: string, refund: 'payment' | 'unused'): Promise<{ refundedCents: number }>;
  /** A page at the provider where the customer mends their payment method, returning to `returnUrl`. */
  portalUrl?(customerRef: string, returnUrl: string): Promise<string>;
  /**
   * Moves a live subscription to another price now: the unused part of the current period is
   * credited, the new price is charged at once for a new period that starts now. Throws when the
   * payment fails (nothing changes then).
   */
  changeNow?(providerSubscriptionId: string, target: PriceTarget): Promise<ChangedNow>;
  /**
   * After a change whose answer was lost: the change as the provider made it, when the subscription
   * is now on the target price with that change's invoice paid; null when it was not made.
   */
  findChange?(providerSubscriptionId: string, target: PriceTarget): Promise<ChangedNow | null>;
  /** Moves a live subscription to another price when its current period ends; answers the schedule's reference. */
  scheduleChange?(providerSubscriptionId: string, target: PriceTarget): Promise<string>;
  /** Drops a scheduled change: the subscription goes on as it is. */
  releaseSchedule?(scheduleRef: string): Promise<void>;
  /** Deletes a customer and what the provider keeps of it (an account was deleted); one already gone counts as deleted. */
  deleteCustomer?(customerRef: string): Promise<void>;
}

/**
 * The local test provider: the API serves its own checkout page and no money moves. It must never
 * be what a real site runs by accident, so production refuses it unless a staging site opts in.
 */
export function localProvider(): PaymentProvider {
  return {
    name: 'local',
    async createCheckout(session, links) {
      const url = `${links.apiBase}/api/payment/checkout/${encodeURIComponent(session.id)}?token=${encodeURIComponent(links.ownerToken)}`;
      return { checkoutUrl: url, providerRef: null };
    },
  };
}
