import type Stripe from 'stripe';
import { PLAN_KEYS } from '@reelmint/contract/plans';
import type { PlanKey } from '@reelmint/contract/plans';
import { pricing } from '../plans/catalogue.ts';
import type { BillingCycle } from '../plans/catalogue.ts';
import type { PaymentEvent } from './provider.ts';

/**
 * Stripe's events, read through the SDK's own types (its API version, `Stripe.Event` narrowed by
 * `type`), reduced to the payment events the subscription logic acts on (api/README "Stripe events").
 */

const idOf = (value: string | { id: string } | null | undefined): string | null => (typeof value === 'string' ? value : (value?.id ?? null));

/** A billing period of this length or longer is a year's. */
const YEAR_SECONDS = 300 * 24 * 3600;

/**
 * The catalogue plan a price stands for: the product a change gave it (`reelmint_<plan>`), else the
 * catalogue price with that amount and interval (Checkout's own products); null for a price the
 * catalogue does not have.
 */
export function planOfPrice(
  price: Pick<Stripe.Price, 'product' | 'unit_amount' | 'recurring'> | null | undefined,
): { plan: PlanKey; billingCycle: BillingCycle } | null {
  const interval = price?.recurring?.interval;
  if (interval !== 'month' && interval !== 'year') return null;
  const billingCycle: BillingCycle = interval === 'year' ? 'yearly' : 'monthly';
  const named = planOfProduct(idOf(price?.product));
  if (named) return { plan: named, billingCycle };
  const priced = PLAN_KEYS.find((key) => key !== 'free' && pricing(key, billingCycle).amountCents === price?.unit_amount);
  return priced ? { plan: priced, billingCycle } : null;
}

/** The plan of a product this site made for a plan change (`reelmint_<plan>`). */
const planOfProduct = (product: string | null): PlanKey | null => PLAN_KEYS.find((key) => key !== 'free' && product === `reelmint_${key}`) ?? null;

const isProration = (line: Stripe.InvoiceLineItem): boolean =>
  line.parent?.invoice_item_details?.proration === true || line.parent?.subscription_item_details?.proration === true;

/**
 * What an invoice credited for the unused time of a subscription's old price: the sum of its
 * negative proration lines, or null when it has none (the caller then counts the unused time).
 */
export function prorationCredit(invoice: Pick<Stripe.Invoice, 'lines'>): number | null {
  const credits = (invoice.lines?.data ?? []).filter((line) => line.amount < 0 && isProration(line));
  return credits.length ? -credits.reduce((sum, line) => sum + line.amount, 0) : null;
}

/** The subscription an invoice bills. */
const subscriptionOfInvoice = (invoice: Stripe.Invoice): string | null => idOf(invoice.parent?.subscription_details?.subscription);

/**
 * The new price's line of a plan-change invoice: the plan its product names and the period it
 * pays for (a year or a month by its length); null when the invoice bills no catalogue plan.
 */
function changedPlanOf(invoice: Stripe.Invoice): { plan: PlanKey; billingCycle: BillingCycle; periodEnd: Date } | null {
  const line = (invoice.lines?.data ?? []).find((item) => item.amount >= 0 && !isProration(item) && item.parent?.subscription_item_details);
  const plan = planOfProduct(idOf(line?.pricing?.price_details?.product));
  if (!line || !plan) return null;
  const billingCycle: BillingCycle = line.period.end - line.period.start >= YEAR_SECONDS ? 'yearly' : 'monthly';
  return { plan, billingCycle, periodEnd: new Date(line.period.end * 1000) };
}

/** Stripe's subscription statuses in which its paid features are paused: a payment is due and unpaid. */
const PAYMENT_DUE = new Set<Stripe.Subscription.Status>(['past_due', 'unpaid', 'incomplete']);

/** One verified Stripe event as the payment event it stands for. */
export function paymentEventOf(event: Stripe.Event): PaymentEvent {
  const id = `stripe:${event.id}`;
  // Stripe's `created` (seconds); an event without one counts as happening when it is applied.
  const occurredAt = Number.isFinite(event.created) ? new Date(event.created * 1000) : undefined;
  const ignored: PaymentEvent = { id, type: 'ignored', originalType: event.type, occurredAt };
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
    case 'checkout.session.async_payment_failed': {
      const session = event.data.object;
      const sessionId = session.client_reference_id ?? session.metadata?.sessionId;
      if (!sessionId) return ignored;
      const common = { id, sessionId, providerSubscriptionId: idOf(session.subscription), customerRef: idOf(session.customer), occurredAt };
      if (event.type === 'checkout.session.async_payment_failed') return { ...common, type: 'checkout.failed' };
      // A delayed payment method (a bank debit): the checkout is done, the money is on its way.
      if (session.payment_status === 'unpaid') return { ...common, type: 'checkout.pending' };
      return { ...common, type: 'checkout.completed' };
    }
    case 'invoice.paid': {
      const invoice = event.data.object;
      const subscriptionId = subscriptionOfInvoice(invoice);
      if (!subscriptionId) return ignored;
      if (invoice.billing_reason === 'subscription_cycle') {
        const end = invoice.lines?.data?.[0]?.period?.end;
        if (!end) return ignored;
        return {
          id,
          type: 'subscription.renewed',
          providerSubscriptionId: subscriptionId,
          invoiceId: invoice.id,
          periodEnd: new Date(end * 1000),
          amountCents: invoice.amount_paid,
          occurredAt,
        };
      }
      // A plan changed now, prorated: applied from here too, so a change whose direct answer was lost
      // is still granted (once: the change and this event share the invoice's grant key).
      if (invoice.billing_reason === 'subscription_update') {
        const changed = changedPlanOf(invoice);
        if (!changed) return ignored;
        return {
          id,
          type: 'subscription.changed',
          providerSubscriptionId: subscriptionId,
          invoiceId: invoice.id,
          amountCents: invoice.amount_paid,
          creditedCents: prorationCredit(invoice),
          ...changed,
          occurredAt,
        };
      }
      // The first invoice is paid together with the checkout's completion, which grants it.
      return ignored;
    }
    case 'invoice.payment_failed': {
      const invoice = event.data.object;
      const subscriptionId = subscriptionOfInvoice(invoice);
      // A first payment that fails leaves its checkout unpaid; a renewal's pauses the plan.
      if (!subscriptionId || invoice.billing_reason === 'subscription_create') return ignored;
      return { id, type: 'subscription.payment_failed', providerSubscriptionId: subscriptionId, invoiceId: invoice.id, occurredAt };
    }
    case 'customer.subscription.updated': {
      const subscription = event.data.object;
      const item = subscription.items.data[0];
      const price = planOfPrice(item?.price);
      return {
        id,
        type: 'subscription.updated',
        providerSubscriptionId: subscription.id,
        status: subscription.status,
        paymentDue: PAYMENT_DUE.has(subscription.status),
        cancelAtPeriodEnd: subscription.cancel_at_period_end === true,
        periodEnd: item?.current_period_end ? new Date(item.current_period_end * 1000) : null,
        plan: price?.plan ?? null,
        billingCycle: price?.billingCycle ?? null,
        occurredAt,
      };
    }
    case 'customer.subscription.deleted':
      return { id, type: 'subscription.ended', providerSubscriptionId: event.data.object.id, occurredAt };
    default:
      return ignored;
  }
}
