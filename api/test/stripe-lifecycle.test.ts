import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Stripe from 'stripe';
import { PLAN_FEATURES } from '@reelmint/contract/plans';
import { ledgerSum } from '../src/credits/ledger.ts';
import { DEFAULT_DEFERRED_EVENT_RULES, sweepDeferredEvents } from '../src/payments/deferred-event-sweeper.ts';
import { call, signUp } from './helpers.ts';
import { checkoutRefOf, stripeHarness } from './stripe-harness.ts';

const DAY_MS = 24 * 3600_000;

describe("Stripe's subscription lifecycle (a stand-in of its API, through the real SDK)", () => {
  let h: Awaited<ReturnType<typeof stripeHarness>>;
  let offsetMs = 0;
  beforeAll(async () => {
    h = await stripeHarness({ now: () => new Date(Date.now() + offsetMs), siteOrigin: 'http://localhost:5173' });
  });
  afterAll(async () => h.close());

  const read = async (token: string) => (await call(h.t.app, 'GET', '/api/user/subscription', { token })).body.data;
  const generate = (token: string, body: Record<string, unknown>) =>
    call(h.t.app, 'POST', '/api/videos/generate', { token, body: { type: 'text-to-video', prompt: 'A harbour at dawn', duration: '5s', ...body } });

  it('a failed renewal pauses paid features, keeps the plan and a way to mend the card; its payment resumes them with one grant', async () => {
    const { token, user, subscriptionId } = await h.subscriber('max', 'monthly');
    const paidUntil = (await read(token)).expiresAt;

    // Stripe starts the next period and cannot charge it: the invoice fails, then the subscription is past due.
    const failed = h.stand.failRenewal(subscriptionId);
    expect((await h.deliver('invoice.payment_failed', failed)).body.data.outcome).toBe('applied');
    expect((await h.deliver('customer.subscription.updated', h.stand.subscriptions.get(subscriptionId)!)).body.data.outcome).toBe('applied');
    // The plan stays, its features are Free's, and the paid period did not move on without the money.
    expect(await read(token)).toMatchObject({ plan: 'premium', status: 'past_due', features: PLAN_FEATURES.free, expiresAt: paidUntil });
    expect((await call(h.t.app, 'GET', '/api/auth/me', { token })).body.data.subscription).toEqual({ plan: 'premium', status: 'past_due' });
    const hd = await generate(token, { model: 'v2.0', resolution: '1080p' });
    expect([hd.status, hd.body.error]).toEqual([403, 'PLAN_UPGRADE_REQUIRED']);
    const relaxed = await generate(token, { model: 'v1.0', resolution: '512p', queue: 'relaxed' });
    expect([relaxed.status, relaxed.body.error]).toEqual([403, 'RELAXED_QUEUE_UNAVAILABLE']);

    // A page at Stripe where the card is mended, coming back to the account page.
    const portal = await call(h.t.app, 'POST', '/api/payment/portal', { token });
    expect(portal.status).toBe(200);
    expect(portal.body.data.url).toMatch(/^https:\/\/billing\.stripe\.com\/p\/session\//);
    expect(h.stand.calls.filter((c) => c.path === '/v1/billing_portal/sessions').at(-1)!.body).toEqual({
      customer: h.stand.subscriptions.get(subscriptionId)!.customer,
      return_url: 'http://localhost:5173/account',
    });

    // Stripe retries for days: past the grace a late renewal gets, the plan is still there, paused.
    offsetMs = 10 * DAY_MS;
    try {
      expect(await read(token)).toMatchObject({ plan: 'premium', status: 'past_due' });
    } finally {
      offsetMs = 0;
    }

    // The card is mended and the retry pays the same invoice: features resume, its credits are granted once.
    const paid = h.stand.recover(subscriptionId);
    const twice = await Promise.all([1, 2].map(() => h.deliver('invoice.paid', paid, `evt_paid_${paid.id}`)));
    expect(twice.map((reply) => reply.body.data.outcome).sort()).toEqual(['applied', 'duplicate']);
    expect((await h.deliver('invoice.paid', paid)).body.data.outcome).toBe('duplicate');
    const item = h.stand.subscriptions.get(subscriptionId)!.items.data[0]!;
    expect(await read(token)).toMatchObject({
      plan: 'premium',
      status: 'active',
      features: PLAN_FEATURES.premium,
      expiresAt: new Date(item.current_period_end * 1000).toISOString(),
    });
    expect(await ledgerSum(h.t.app.services, user.id)).toBe(100 + 1000 + 1000);
    expect((await generate(token, { model: 'v2.0', resolution: '1080p' })).status).toBe(202);
  });

  it('a failure reported after the payment that mended it changes nothing', async () => {
    const { token, subscriptionId } = await h.subscriber('pro', 'monthly');
    const failed = h.stand.failRenewal(subscriptionId);
    const at = Math.floor(Date.now() / 1000);
    const paid = h.stand.recover(subscriptionId);
    expect((await h.deliver('invoice.paid', paid, undefined, at + 10)).body.data.outcome).toBe('applied');
    expect((await h.deliver('invoice.payment_failed', failed, undefined, at)).body.data.outcome).toBe('stale');
    expect(await read(token)).toMatchObject({ plan: 'pro', status: 'active', features: PLAN_FEATURES.pro });
  });

  it('a checkout paid by a delayed method is pending until its money arrives, keeps its news meanwhile, and is granted once', async () => {
    const { token, user } = await signUp(h.t.app);
    const started = (await h.change(token, 'pro', 'monthly')).body.data;
    const { subscriptionId, settle } = h.stand.completeDelayed(checkoutRefOf(started.checkoutUrl));
    expect((await h.deliver('checkout.session.completed', h.checkoutObject(started, subscriptionId, 'unpaid'))).body.data.outcome).toBe('applied');
    const session = async () => (await call(h.t.app, 'GET', `/api/payment/session/${started.sessionId}`, { token })).body.data;
    expect(await session()).toMatchObject({ status: 'pending', creditsGranted: null });
    expect(await read(token)).toMatchObject({ plan: 'free' });
    expect(await ledgerSum(h.t.app.services, user.id)).toBe(100);

    // Stripe's news of the subscription waits for the money, longer than news of an unlinked one would.
    expect((await h.deliver('customer.subscription.updated', h.stand.subscriptions.get(subscriptionId)!)).body.data.outcome).toBe('deferred');
    offsetMs = DEFAULT_DEFERRED_EVENT_RULES.maxAgeMs + DAY_MS;
    try {
      const swept = await sweepDeferredEvents(h.t.app.services, DEFAULT_DEFERRED_EVENT_RULES.maxAgeMs);
      expect(swept.filter((event) => event.providerSubscriptionId === subscriptionId)).toEqual([]);
    } finally {
      offsetMs = 0;
    }

    // The debit arrives: Stripe reports the payment (twice), granted once, and the kept news applies.
    settle();
    const succeeded = h.checkoutObject(started, subscriptionId, 'paid');
    const twice = await Promise.all([1, 2].map(() => h.deliver('checkout.session.async_payment_succeeded', succeeded, 'evt_async_paid')));
    expect(twice.map((reply) => reply.body.data.outcome).sort()).toEqual(['applied', 'duplicate']);
    expect(await session()).toMatchObject({ status: 'paid', creditsGranted: 500 });
    expect(await read(token)).toMatchObject({ plan: 'pro', status: 'active' });
    expect(await ledgerSum(h.t.app.services, user.id)).toBe(600);
    const kept = await h.t.app.services.db.selectFrom('deferred_payment_events').select('id').where('provider_subscription_id', '=', subscriptionId).execute();
    expect(kept).toEqual([]);
  });

  it('a delayed payment that fails grants nothing and says so', async () => {
    const { token, user } = await signUp(h.t.app);
    const started = (await h.change(token, 'max', 'yearly')).body.data;
    const { subscriptionId } = h.stand.completeDelayed(checkoutRefOf(started.checkoutUrl));
    await h.deliver('checkout.session.completed', h.checkoutObject(started, subscriptionId, 'unpaid'));
    expect((await h.deliver('checkout.session.async_payment_failed', h.checkoutObject(started, subscriptionId, 'unpaid'))).body.data.outcome).toBe('applied');
    expect((await call(h.t.app, 'GET', `/api/payment/session/${started.sessionId}`, { token })).body.data).toMatchObject({ status: 'failed' });
    expect(await read(token)).toMatchObject({ plan: 'free' });
    expect(await ledgerSum(h.t.app.services, user.id)).toBe(100);
  });

  it('ends and refunds in full a subscription paid through a checkout that may no longer be paid', async () => {
    const { token, user } = await signUp(h.t.app);
    const first = (await h.change(token, 'pro', 'monthly')).body.data;
    // A newer checkout replaces it; the person still pays the first one in another tab.
    expect((await h.change(token, 'pro', 'yearly')).body.data.kind).toBe('checkout');
    const subscriptionId = h.stand.complete(checkoutRefOf(first.checkoutUrl));
    expect((await h.deliver('checkout.session.completed', h.checkoutObject(first, subscriptionId))).body.data.outcome).toBe('refused');
    const subscription = h.stand.subscriptions.get(subscriptionId)!;
    expect(subscription.status).toBe('canceled');
    const cancel = h.stand.calls.find((c) => c.method === 'DELETE' && c.path === `/v1/subscriptions/${subscriptionId}`)!;
    // Nothing left as customer balance: no proration, no final invoice.
    expect(cancel.body).toEqual({});
    const paymentIntent = h.stand.invoices.get(subscription.latest_invoice!)!.payments.data[0]!.payment.payment_intent;
    expect([...h.stand.refunds.values()].filter((refund) => refund.payment_intent === paymentIntent)).toEqual([
      expect.objectContaining({ amount: 1300, reason: 'duplicate', status: 'succeeded' }),
    ]);
    expect(await ledgerSum(h.t.app.services, user.id)).toBe(100);
  });

  it('a plan change whose answer was lost is found at Stripe and applied once, or granted from its invoice when even that fails', async () => {
    const path = /^\/v1\/subscriptions\/[^/]+$/;
    // The change is made, its answer lost, and Stripe then fails the SDK's retries: the API looks, finds it, applies it.
    const found = await h.subscriber('pro', 'monthly');
    h.stand.state.loseAnswer = { method: 'POST', path };
    h.stand.state.refuse = { method: 'POST', path, error: { status: 500, type: 'api_error', message: 'Something went wrong.' } };
    const moved = await h.change(found.token, 'max', 'monthly').finally(() => {
      h.stand.state.refuse = null;
    });
    expect(moved.status).toBe(200);
    expect(moved.body.data).toMatchObject({ kind: 'changed', subscription: { plan: 'premium' } });
    const invoice = h.stand.invoices.get(h.stand.subscriptions.get(found.subscriptionId)!.latest_invoice!)!;
    expect((await h.deliver('invoice.paid', invoice)).body.data.outcome).toBe('duplicate');
    expect(await ledgerSum(h.t.app.services, found.user.id)).toBe(100 + 1000);

    // Stripe goes down right after making the change: the person is told the outcome is not known yet,
    // and Stripe's report of the invoice grants it, once.
    const lost = await h.subscriber('pro', 'monthly');
    h.stand.state.loseAnswer = { method: 'POST', path, thenDown: true };
    const unknown = await h.change(lost.token, 'max', 'monthly').finally(() => {
      h.stand.state.down = false;
    });
    expect([unknown.status, unknown.body.error]).toEqual([502, 'UPGRADE_FAILED']);
    expect(unknown.body.message).toMatch(/cannot tell yet whether it went through/);
    expect(await read(lost.token)).toMatchObject({ plan: 'pro' });
    const paid = h.stand.invoices.get(h.stand.subscriptions.get(lost.subscriptionId)!.latest_invoice!)!;
    const twice = await Promise.all([1, 2].map(() => h.deliver('invoice.paid', paid, `evt_change_${paid.id}`)));
    expect(twice.map((reply) => reply.body.data.outcome).sort()).toEqual(['applied', 'duplicate']);
    expect(await read(lost.token)).toMatchObject({ plan: 'premium', billingCycle: 'monthly', status: 'active' });
    expect(await ledgerSum(h.t.app.services, lost.user.id)).toBe(100 + 1000);
    const receipts = (await call(h.t.app, 'GET', '/api/payment/receipts', { token: lost.token })).body.data.items;
    expect(receipts.map((receipt: { kind: string }) => receipt.kind)).toEqual(['change', 'plan']);
  });

  it('refuses a webhook written in another API version than the SDK reads, so Stripe keeps it and the cause shows', async () => {
    const payload = JSON.stringify({ id: 'evt_old', object: 'event', type: 'invoice.paid', api_version: '2020-08-27', created: 1, data: { object: {} } });
    const header = new Stripe('sk_test_x').webhooks.generateTestHeaderString({ payload, secret: 'whsec_stand_in' });
    const reply = await call(h.t.app, 'POST', '/api/payment/webhook', { rawBody: payload, headers: { 'stripe-signature': header } });
    expect([reply.status, reply.body.error]).toEqual([400, 'WEBHOOK_API_VERSION']);
    expect(reply.body.message).toContain(Stripe.API_VERSION);
  });
});
