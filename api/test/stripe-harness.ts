import Stripe from 'stripe';
import { expect } from 'vitest';
import { stripeProvider } from '../src/payments/stripe-provider.ts';
import type { BuildOptions } from '../src/app.ts';
import { call, createTestApp, signUp } from './helpers.ts';
import type { TestApp } from './helpers.ts';
import { startStripeStandIn } from './stand-ins/stripe-server.ts';

export type StripeStandIn = Awaited<ReturnType<typeof startStripeStandIn>>;

const WEBHOOK_SECRET = 'whsec_stand_in';

/** The id Stripe gives a Checkout session: the last segment of its URL. */
export const checkoutRefOf = (checkoutUrl: string): string => new URL(checkoutUrl).pathname.split('/').at(-1)!;

/**
 * The API with the Stripe provider built as STRIPE_API_BASE builds it (the SDK's own client, its
 * retries with idempotency keys included) against a stand-in of Stripe's API, plus what tests do
 * as Stripe: sign and deliver events, complete Checkouts.
 */
export async function stripeHarness(options: Partial<BuildOptions> = {}) {
  const stand = await startStripeStandIn();
  // Only signs test events; the provider makes its own client.
  const signer = new Stripe(stand.secretKey);
  const t: TestApp = await createTestApp({
    payments: stripeProvider({ secretKey: stand.secretKey, webhookSecret: WEBHOOK_SECRET, apiBase: `http://127.0.0.1:${stand.port}` }),
    worker: false,
    accessTokenTtlSeconds: 400 * 24 * 3600,
    ...options,
  });

  /** A signed event as Stripe sends it; `created` (seconds) is when Stripe says it happened, now unless given. */
  const deliver = (type: string, object: object, id = `evt_${Math.random().toString(36).slice(2)}`, created = Math.floor(Date.now() / 1000)) => {
    const payload = JSON.stringify({ id, object: 'event', type, created, data: { object } });
    const header = signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    return call(t.app, 'POST', '/api/payment/webhook', { rawBody: payload, headers: { 'stripe-signature': header } });
  };

  /** The Checkout session object Stripe's checkout events carry, for one our API started. */
  const checkoutObject = (started: { checkoutUrl: string; sessionId: string }, subscriptionId: string, paymentStatus: 'paid' | 'unpaid' = 'paid') => ({
    id: checkoutRefOf(started.checkoutUrl),
    object: 'checkout.session',
    client_reference_id: started.sessionId,
    payment_status: paymentStatus,
    subscription: subscriptionId,
    customer: stand.subscriptions.get(subscriptionId)?.customer ?? null,
  });

  const change = (token: string, planName: string, billingCycle: 'monthly' | 'yearly') =>
    call(t.app, 'POST', '/api/subscription/change', { token, body: { planName, billingCycle } });

  /** A person with a live Stripe subscription to `plan`, bought through Checkout. */
  async function subscriber(plan: string, cycle: 'monthly' | 'yearly') {
    const person = await signUp(t.app);
    const started = (await change(person.token, plan, cycle)).body.data;
    expect(started.kind).toBe('checkout');
    const subscriptionId = stand.complete(checkoutRefOf(started.checkoutUrl));
    const completed = await deliver('checkout.session.completed', checkoutObject(started, subscriptionId));
    expect(completed.body.data.outcome).toBe('applied');
    return { ...person, subscriptionId, started };
  }

  return {
    stand,
    t,
    deliver,
    checkoutObject,
    change,
    subscriber,
    close: async () => {
      await t.close();
      await stand.close();
    },
  };
}
