import Stripe from 'stripe';
import { PLAN_KEYS } from '@reelmint/shared/plans';
import type { PlanKey } from '@reelmint/shared/plans';
import { pricing } from '../plans/catalogue.ts';
import type { BillingCycle } from '../plans/catalogue.ts';
import { PaymentProviderError } from './provider.ts';
import type { PaymentProvider, PriceTarget } from './provider.ts';

export interface StripeProviderOptions {
  secretKey: string;
  webhookSecret: string;
  /** Injectable for tests (e.g. a client whose HTTP layer is a local fake). */
  client?: Stripe;
}

/** Loose views of the event objects we read, valid across Stripe API versions. */
interface SessionObject {
  client_reference_id?: string | null;
  metadata?: Record<string, string> | null;
  payment_status?: string;
  subscription?: string | { id: string } | null;
  customer?: string | { id: string } | null;
}
interface InvoiceObject {
  id: string;
  amount_paid?: number;
  billing_reason?: string | null;
  subscription?: string | { id: string } | null;
  parent?: { subscription_details?: { subscription?: string | { id: string } | null } | null } | null;
  lines?: { data?: Array<{ period?: { end?: number } }> };
}

interface SubscriptionObject {
  id: string;
  status: string;
  cancel_at_period_end?: boolean;
  current_period_end?: number;
  items?: {
    data?: Array<{
      current_period_end?: number;
      price?: { product?: string | { id: string } | null; unit_amount?: number | null; recurring?: { interval?: string } | null };
    }>;
  };
}

/**
 * The catalogue plan a subscription's price stands for: the product a change gave it
 * (`reelmint_<plan>`), else the catalogue price with that amount and interval (Checkout's own
 * products); null for a price the catalogue does not have.
 */
export function planOfPrice(
  price: NonNullable<NonNullable<SubscriptionObject['items']>['data']>[number]['price'],
): { plan: PlanKey; billingCycle: BillingCycle } | null {
  const interval = price?.recurring?.interval;
  if (interval !== 'month' && interval !== 'year') return null;
  const billingCycle: BillingCycle = interval === 'year' ? 'yearly' : 'monthly';
  const product = idOf(price?.product);
  const named = PLAN_KEYS.find((key) => key !== 'free' && product === `reelmint_${key}`);
  if (named) return { plan: named, billingCycle };
  const priced = PLAN_KEYS.find((key) => key !== 'free' && pricing(key, billingCycle).amountCents === price?.unit_amount);
  return priced ? { plan: priced, billingCycle } : null;
}

/**
 * What an invoice credited for the unused time of a subscription's old price: the sum of its
 * negative proration lines, or null when it has none (the caller then counts the unused time).
 */
export function prorationCredit(invoice: Pick<Stripe.Invoice, 'lines'>): number | null {
  const credits = (invoice.lines?.data ?? []).filter(
    (line) => line.amount < 0 && (line.parent?.invoice_item_details?.proration === true || line.parent?.subscription_item_details?.proration === true),
  );
  return credits.length ? -credits.reduce((sum, line) => sum + line.amount, 0) : null;
}

/** Sorts a Stripe SDK error by whose it is to fix (PaymentProviderError). */
export function providerErrorOf(error: unknown): PaymentProviderError {
  if (error instanceof PaymentProviderError) return error;
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof Stripe.errors.StripeInvalidRequestError) return new PaymentProviderError('invalid-request', message, { cause: error });
  if (error instanceof Stripe.errors.StripeCardError) return new PaymentProviderError('declined', message, { cause: error });
  if (error instanceof Stripe.errors.StripeRateLimitError) return new PaymentProviderError('rate-limited', message, { cause: error });
  return new PaymentProviderError('unavailable', message, { cause: error });
}

/** Stripe's answer to a request naming a customer it does not have (deleted, or never made). */
const isMissingCustomer = (error: unknown): boolean =>
  error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing' && error.param === 'customer';

const idOf = (value: string | { id: string } | null | undefined): string | null => (typeof value === 'string' ? value : (value?.id ?? null));

export function stripeProvider(options: StripeProviderOptions): PaymentProvider {
  const stripe = options.client ?? new Stripe(options.secretKey);

  /**
   * One product per plan, under a fixed id, so invoices name the plan a person moves to; it is
   * created the first time a change needs it.
   */
  const productFor = async (target: PriceTarget): Promise<string> => {
    const id = `reelmint_${target.plan}`;
    try {
      return (await stripe.products.retrieve(id)).id;
    } catch (error) {
      if (!(error instanceof Stripe.errors.StripeInvalidRequestError) || error.statusCode !== 404) throw error;
      return (await stripe.products.create({ id, name: target.productName })).id;
    }
  };

  const priceData = async (target: PriceTarget) => ({
    currency: target.currency,
    product: await productFor(target),
    unit_amount: target.amountCents,
    recurring: { interval: target.interval },
  });

  const onlyItem = async (subscriptionId: string) => {
    const subscription = await stripe.subscriptions.retrieve(subscriptionId);
    const item = subscription.items.data[0];
    if (!item) throw new Error(`Stripe subscription ${subscriptionId} has no item`);
    return item;
  };

  return {
    name: 'stripe',
    async createCheckout(session, links) {
      const metadata = { sessionId: session.id, userId: session.user_id };
      const price = { currency: session.currency.toLowerCase(), unit_amount: session.amount_cents, product_data: { name: `Reelmint ${links.planName}` } };
      // Paid as a Stripe customer, never as a guest: the one the person already is, else a new one
      // Checkout makes (it always does for a subscription; a one-time payment must ask for it).
      // A customer is deleted with the account; a guest payer cannot be deleted through the API.
      const open = (customer: string | null) =>
        stripe.checkout.sessions.create(
          // A credit pack is a one-time payment; a plan a subscription that renews.
          session.kind === 'pack'
            ? {
                mode: 'payment',
                ...(customer ? { customer } : { customer_creation: 'always' as const }),
                client_reference_id: session.id,
                metadata,
                payment_intent_data: { metadata },
                line_items: [{ quantity: 1, price_data: price }],
                success_url: links.successUrl,
                cancel_url: links.cancelUrl,
              }
            : {
                mode: 'subscription',
                ...(customer ? { customer } : {}),
                client_reference_id: session.id,
                metadata,
                subscription_data: { metadata },
                line_items: [{ quantity: 1, price_data: { ...price, recurring: { interval: session.billing_cycle === 'yearly' ? 'year' : 'month' } } }],
                success_url: links.successUrl,
                cancel_url: links.cancelUrl,
              },
        );
      let created;
      try {
        created = await open(links.customerRef);
      } catch (error) {
        if (!links.customerRef || !isMissingCustomer(error)) throw providerErrorOf(error);
        // The recorded customer was deleted at Stripe (from its dashboard, say): Checkout makes a
        // new one instead, which the completion records.
        created = await sorted(open(null));
      }
      if (!created.url) throw new Error('Stripe returned a checkout session without a URL');
      return { checkoutUrl: created.url, providerRef: created.id };
    },

    parseWebhook(rawBody, signature) {
      if (!signature) throw new Error('Missing Stripe-Signature header');
      const event = stripe.webhooks.constructEvent(rawBody, signature, options.webhookSecret);
      const id = `stripe:${event.id}`;
      const object = event.data.object as unknown;
      // Stripe's `created` (seconds); an event without one counts as happening when it is applied.
      const occurredAt = Number.isFinite(event.created) ? new Date(event.created * 1000) : undefined;
      switch (event.type) {
        case 'checkout.session.completed': {
          const session = object as SessionObject;
          const sessionId = session.client_reference_id ?? session.metadata?.sessionId;
          if (!sessionId || (session.payment_status !== 'paid' && session.payment_status !== 'no_payment_required')) {
            return { id, type: 'ignored', originalType: event.type };
          }
          return {
            id,
            type: 'checkout.completed',
            sessionId,
            providerSubscriptionId: idOf(session.subscription),
            customerRef: idOf(session.customer),
            occurredAt,
          };
        }
        case 'invoice.paid': {
          const invoice = object as InvoiceObject;
          const subscriptionId = idOf(invoice.parent?.subscription_details?.subscription) ?? idOf(invoice.subscription);
          const end = invoice.lines?.data?.[0]?.period?.end;
          // The first invoice is paid together with checkout.session.completed, which grants it.
          if (invoice.billing_reason !== 'subscription_cycle' || !subscriptionId || !end) {
            return { id, type: 'ignored', originalType: event.type };
          }
          return {
            id,
            type: 'subscription.renewed',
            providerSubscriptionId: subscriptionId,
            invoiceId: invoice.id,
            periodEnd: new Date(end * 1000),
            amountCents: invoice.amount_paid ?? 0,
            occurredAt,
          };
        }
        case 'customer.subscription.updated': {
          const subscription = object as SubscriptionObject;
          const item = subscription.items?.data?.[0];
          // The period end moved from the subscription onto its items in newer API versions.
          const end = item?.current_period_end ?? subscription.current_period_end;
          const price = planOfPrice(item?.price);
          return {
            id,
            type: 'subscription.updated',
            providerSubscriptionId: subscription.id,
            status: subscription.status,
            cancelAtPeriodEnd: subscription.cancel_at_period_end === true,
            periodEnd: end ? new Date(end * 1000) : null,
            plan: price?.plan ?? null,
            billingCycle: price?.billingCycle ?? null,
            occurredAt,
          };
        }
        case 'customer.subscription.deleted':
          return { id, type: 'subscription.ended', providerSubscriptionId: (object as { id: string }).id, occurredAt };
        default:
          return { id, type: 'ignored', originalType: event.type, occurredAt };
      }
    },

    async cancelAtPeriodEnd(providerSubscriptionId) {
      await stripe.subscriptions.update(providerSubscriptionId, { cancel_at_period_end: true });
    },

    async expireCheckout(providerRef) {
      await stripe.checkout.sessions.expire(providerRef);
    },

    async cancelNow(providerSubscriptionId) {
      await stripe.subscriptions.cancel(providerSubscriptionId, { prorate: true, invoice_now: true });
    },

    async changeNow(providerSubscriptionId, target) {
      return sorted(changeNow(providerSubscriptionId, target));
    },

    async scheduleChange(providerSubscriptionId, target) {
      return sorted(scheduleChange(providerSubscriptionId, target));
    },

    async releaseSchedule(scheduleRef) {
      await sorted(stripe.subscriptionSchedules.release(scheduleRef));
    },

    async deleteCustomer(customerRef) {
      try {
        await stripe.customers.del(customerRef);
      } catch (error) {
        // Already deleted (a retry after a deletion that stopped later on): what was asked is done.
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return;
        throw providerErrorOf(error);
      }
    },
  };

  async function changeNow(providerSubscriptionId: string, target: PriceTarget) {
    const item = await onlyItem(providerSubscriptionId);
    // The same subscription, a new price and a period that starts now; the unused time of the old
    // price is credited on the invoice Stripe charges at once. If that payment fails, Stripe
    // refuses the update and nothing changes.
    const updated = await stripe.subscriptions.update(providerSubscriptionId, {
      items: [{ id: item.id, price_data: await priceData(target), quantity: 1 }],
      proration_behavior: 'always_invoice',
      billing_cycle_anchor: { type: 'now' },
      payment_behavior: 'error_if_incomplete',
      expand: ['latest_invoice'],
    });
    const invoice = updated.latest_invoice;
    const periodEnd = updated.items.data[0]?.current_period_end;
    if (!invoice || typeof invoice === 'string' || !periodEnd) throw new Error('Stripe changed the subscription without an invoice or a period');
    return { invoiceId: invoice.id, amountCents: invoice.amount_paid, creditedCents: prorationCredit(invoice), periodEnd: new Date(periodEnd * 1000) };
  }

  async function scheduleChange(providerSubscriptionId: string, target: PriceTarget) {
    const item = await onlyItem(providerSubscriptionId);
    const schedule = await stripe.subscriptionSchedules.create({ from_subscription: providerSubscriptionId });
    const current = schedule.phases[0];
    // Two phases: the current price to the end of the paid period, then the new one, after which
    // the schedule lets go and the subscription renews on the new price by itself.
    try {
      if (!current) throw new Error('Stripe created a schedule without its current phase');
      await stripe.subscriptionSchedules.update(schedule.id, {
        end_behavior: 'release',
        phases: [
          { items: [{ price: item.price.id, quantity: 1 }], start_date: current.start_date, end_date: current.end_date },
          { items: [{ price_data: await priceData(target), quantity: 1 }], duration: { interval: target.interval, interval_count: 1 } },
        ],
      });
    } catch (error) {
      // A schedule without its new phase would hold the subscription for nothing and block the
      // next change: let go of it, and report what went wrong.
      await stripe.subscriptionSchedules.release(schedule.id).catch(() => undefined);
      throw error;
    }
    return schedule.id;
  }
}

/** A Stripe call whose failure is reported as a PaymentProviderError, sorted by whose it is to fix. */
async function sorted<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    throw providerErrorOf(error);
  }
}
