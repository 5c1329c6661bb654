import Stripe from 'stripe';
import { PaymentProviderError, WebhookVersionError } from './provider.ts';
import type { ChangedNow, PaymentProvider, PriceTarget } from './provider.ts';
import { paymentEventOf, prorationCredit } from './stripe-events.ts';

export interface StripeProviderOptions {
  secretKey: string;
  webhookSecret: string;
  /**
   * Another Stripe-compatible server (STRIPE_API_BASE, e.g. `http://127.0.0.1:12111`: a stand-in or a
   * mock); unset is Stripe's own API.
   */
  apiBase?: string;
  /** Injectable for tests (e.g. a client whose HTTP layer is a local fake). */
  client?: Stripe;
}

/** The SDK's host, port and protocol for an API base URL. */
export function stripeConnection(apiBase: string): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  const url = new URL(apiBase);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`STRIPE_API_BASE must be an http(s) URL, got "${apiBase}"`);
  const protocol = url.protocol === 'https:' ? 'https' : 'http';
  return { host: url.hostname, port: url.port ? Number(url.port) : protocol === 'https' ? 443 : 80, protocol };
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
  const stripe = options.client ?? new Stripe(options.secretKey, options.apiBase ? stripeConnection(options.apiBase) : {});

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
      // Events are read through this SDK's types, which are those of its API version: an endpoint on another
      // version writes objects of another shape (api/README "Stripe events").
      if (event.api_version && event.api_version !== Stripe.API_VERSION) {
        throw new WebhookVersionError(`This webhook endpoint sends API version ${event.api_version}; set it to ${Stripe.API_VERSION}`);
      }
      return paymentEventOf(event);
    },

    async cancelAtPeriodEnd(providerSubscriptionId) {
      await stripe.subscriptions.update(providerSubscriptionId, { cancel_at_period_end: true });
    },

    async renewAgain(providerSubscriptionId) {
      await stripe.subscriptions.update(providerSubscriptionId, { cancel_at_period_end: false });
    },

    async expireCheckout(providerRef) {
      await stripe.checkout.sessions.expire(providerRef);
    },

    async endNow(providerSubscriptionId, refund) {
      return sorted(endNow(providerSubscriptionId, refund));
    },

    async portalUrl(customerRef, returnUrl) {
      return (await sorted(stripe.billingPortal.sessions.create({ customer: customerRef, return_url: returnUrl }))).url;
    },

    async changeNow(providerSubscriptionId, target) {
      return sorted(changeNow(providerSubscriptionId, target));
    },

    async findChange(providerSubscriptionId, target) {
      return sorted(findChange(providerSubscriptionId, target));
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

  /**
   * Cancels without proration (nothing is left as customer balance, which a person cannot spend once
   * the subscription is gone) and refunds the last payment, whole or its unused share by time, on
   * the payment it was made with. A retry refunds nothing twice: the refund's idempotency key is the
   * subscription's.
   */
  async function endNow(providerSubscriptionId: string, refund: 'payment' | 'unused') {
    const subscription = await stripe.subscriptions.retrieve(providerSubscriptionId, { expand: ['latest_invoice.payments'] });
    if (subscription.status !== 'canceled') await stripe.subscriptions.cancel(providerSubscriptionId);
    const invoice = subscription.latest_invoice;
    if (!invoice || typeof invoice === 'string') return { refundedCents: 0 };
    const paid = invoice.payments?.data.find((payment) => payment.status === 'paid');
    const paymentIntent = paid?.payment.payment_intent;
    const item = subscription.items.data[0];
    const now = Math.floor(Date.now() / 1000);
    const share =
      item && item.current_period_end > item.current_period_start
        ? Math.max(0, item.current_period_end - now) / (item.current_period_end - item.current_period_start)
        : 0;
    const amount = refund === 'payment' ? invoice.amount_paid : Math.floor(invoice.amount_paid * Math.min(1, share));
    if (!paymentIntent || amount <= 0) return { refundedCents: 0 };
    await stripe.refunds.create(
      {
        payment_intent: typeof paymentIntent === 'string' ? paymentIntent : paymentIntent.id,
        amount,
        reason: refund === 'payment' ? 'duplicate' : 'requested_by_customer',
        metadata: { subscription: providerSubscriptionId, invoice: invoice.id },
      },
      { idempotencyKey: `end-refund:${providerSubscriptionId}` },
    );
    return { refundedCents: amount };
  }

  async function findChange(providerSubscriptionId: string, target: PriceTarget): Promise<ChangedNow | null> {
    const subscription = await stripe.subscriptions.retrieve(providerSubscriptionId, { expand: ['latest_invoice'] });
    const item = subscription.items.data[0];
    const invoice = subscription.latest_invoice;
    const onTarget = idOf(item?.price.product) === `reelmint_${target.plan}` && item?.price.recurring?.interval === target.interval;
    if (!item || !onTarget || !invoice || typeof invoice === 'string' || invoice.billing_reason !== 'subscription_update' || invoice.status !== 'paid')
      return null;
    return {
      invoiceId: invoice.id,
      amountCents: invoice.amount_paid,
      creditedCents: prorationCredit(invoice),
      periodEnd: new Date(item.current_period_end * 1000),
    };
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
