import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Stripe from 'stripe';
import { PLAN_FEATURES } from '@reelmint/contract/plans';
import { ledgerSum } from '../src/credits/ledger.ts';
import { parseEnv } from '../src/config/env.ts';
import { paymentProvider } from '../src/config/options.ts';
import { stripeProvider } from '../src/payments/stripe-provider.ts';
import { call, createTestApp, signUp } from './helpers.ts';
import type { TestApp } from './helpers.ts';

const SITE = 'http://localhost:5176';

/** The path and query of a checkout link, as a browser following it would ask for them. */
const pathOf = (checkoutUrl: string) => {
  const url = new URL(checkoutUrl);
  return url.pathname + url.search;
};

/** Presses a button of the local checkout page the way its form does: url-encoded, with the page's owner token. */
async function pressButton(app: TestApp['app'], checkoutUrl: string, button: 'pay' | 'cancel', accept = 'application/json') {
  const token = new URL(checkoutUrl).searchParams.get('token') ?? '';
  const id = new URL(checkoutUrl).pathname.split('/').at(-1);
  return app.inject({
    method: 'POST',
    url: `/api/payment/checkout/${id}/${button}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept },
    payload: new URLSearchParams({ token }).toString(),
  });
}

describe('plans and the local checkout', () => {
  let t: TestApp;
  let clock = new Date('2026-03-10T12:00:00Z');
  beforeAll(async () => {
    // Tokens outlive the clock jumps below, which cross billing periods.
    t = await createTestApp({ now: () => clock, siteOrigin: SITE, worker: false, accessTokenTtlSeconds: 400 * 24 * 3600 });
  });
  afterAll(async () => t.close());

  it('serves one catalogue: free/pro/premium, modal prices, subscription credits, Max popular', async () => {
    const reply = await call(t.app, 'GET', '/api/subscription/plans');
    expect(reply.status).toBe(200);
    const plans = reply.body.data;
    expect(plans.map((p: { key: string }) => p.key)).toEqual(['free', 'pro', 'premium']);
    expect(plans[1]).toMatchObject({
      id: 'pro',
      name: 'Pro',
      price: 13,
      yearlyMonthlyPrice: 10,
      originalMonthlyPrice: 13,
      currency: 'USD',
      interval: 'month',
      credits: 500,
      popular: false,
    });
    expect(plans[2]).toMatchObject({
      id: 'premium',
      name: 'Max',
      price: 39,
      yearlyMonthlyPrice: 30,
      credits: 1000,
      popular: true,
      features: PLAN_FEATURES.premium,
    });
    expect(plans[0]).toMatchObject({ price: 0, credits: 100, features: PLAN_FEATURES.free });
  });

  it('shows a new account on the free plan with its features', async () => {
    const { token } = await signUp(t.app);
    const reply = await call(t.app, 'GET', '/api/user/subscription', { token });
    expect(reply.body.data).toEqual({
      plan: 'free',
      status: 'active',
      features: PLAN_FEATURES.free,
      expiresAt: null,
      billingCycle: null,
      scheduledChange: null,
    });
    expect((await call(t.app, 'GET', '/api/user/subscription')).status).toBe(401);
  });

  it('upgrades through the local checkout: page, Pay, redirect, new plan and credits', async () => {
    const { token, user } = await signUp(t.app);
    const upgrade = await call(t.app, 'POST', '/api/subscription/upgrade', { token, body: { planId: 'pro', timestamp: clock.toISOString() } });
    expect(upgrade.status).toBe(200);
    const { checkoutUrl, sessionId } = upgrade.body.data;
    expect(checkoutUrl).toMatch(new RegExp(`/api/payment/checkout/${sessionId}\\?token=[\\w.-]+$`));

    const page = await t.app.inject({ method: 'GET', url: pathOf(checkoutUrl) });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('Reelmint Pro');
    expect(page.body).toContain('$13.00');
    expect(page.body).toMatch(/<button class="pay" type="submit"/);
    expect(page.body).toMatch(/<button class="cancel" type="submit">Cancel<\/button>/);
    expect(page.body).toContain('name="viewport" content="width=device-width');
    expect(page.body).toContain('Test checkout');
    // Both buttons carry the owner's proof on to their form posts.
    const ownerToken = new URL(checkoutUrl).searchParams.get('token')!;
    expect(page.body.split(`name="token" value="${ownerToken}"`)).toHaveLength(3);

    const before = await call(t.app, 'GET', `/api/payment/session/${sessionId}`, { token });
    expect(before.body.data).toMatchObject({ status: 'open', plan: 'pro', creditsGranted: null });

    const pay = await pressButton(t.app, checkoutUrl, 'pay');
    expect(pay.statusCode).toBe(303);
    expect(pay.headers.location).toBe(`${SITE}/payment/success?session_id=${sessionId}`);

    const after = await call(t.app, 'GET', `/api/payment/session/${sessionId}`, { token });
    expect(after.body.data).toMatchObject({ status: 'paid', plan: 'pro', planName: 'Pro', amount: 13, creditsGranted: 500, balance: 600 });
    expect(after.body.data.subscription).toMatchObject({ plan: 'pro', status: 'active', features: PLAN_FEATURES.pro, expiresAt: '2026-04-10T12:00:00.000Z' });
    expect(await ledgerSum(t.app.services, user.id)).toBe(600);

    // Paying again (a double click) changes nothing.
    const again = await pressButton(t.app, checkoutUrl, 'pay');
    expect(again.statusCode).toBe(303);
    expect((await call(t.app, 'GET', '/api/user/credits', { token })).body.data.balance).toBe(600);
    expect((await call(t.app, 'GET', '/api/auth/me', { token })).body.data.subscription).toEqual({ plan: 'pro', status: 'active' });
  });

  it('cancels a checkout without charging, and the cancelled session cannot be paid', async () => {
    const { token } = await signUp(t.app);
    const created = await call(t.app, 'POST', '/api/payment/create-subscription-session', {
      token,
      body: { planName: 'pro', billingCycle: 'monthly', source: 'pricing' },
    });
    const sessionId = created.body.data.sessionId;
    const cancel = await pressButton(t.app, created.body.data.checkoutUrl, 'cancel');
    expect(cancel.statusCode).toBe(303);
    expect(cancel.headers.location).toBe(`${SITE}/payment/cancel?session_id=${sessionId}`);
    const pay = await pressButton(t.app, created.body.data.checkoutUrl, 'pay');
    expect(pay.statusCode).toBe(409);
    expect(pay.json().error).toBe('SESSION_CLOSED');
    expect((await call(t.app, 'GET', '/api/user/credits', { token })).body.data.balance).toBe(100);
    expect((await call(t.app, 'GET', `/api/payment/session/${sessionId}`, { token })).body.data.status).toBe('canceled');
  });

  it('creates a subscription session for "Max" yearly (any case) that grants 12 months of credits', async () => {
    const { token } = await signUp(t.app);
    const reply = await call(t.app, 'POST', '/api/payment/create-subscription-session', {
      token,
      body: { planName: 'MAX', billingCycle: 'yearly', source: 'subscription-modal' },
    });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      success: true,
      message: 'Checkout session created',
      data: { checkoutUrl: expect.stringContaining('/api/payment/checkout/'), message: 'Checkout session created' },
    });
    const page = await t.app.inject({ method: 'GET', url: pathOf(reply.body.data.checkoutUrl) });
    expect(page.body).toContain('$360.00');
    await pressButton(t.app, reply.body.data.checkoutUrl, 'pay');
    const subscription = await call(t.app, 'GET', '/api/user/subscription', { token });
    expect(subscription.body.data).toMatchObject({ plan: 'premium', features: PLAN_FEATURES.premium, expiresAt: '2027-03-10T12:00:00.000Z' });
    expect((await call(t.app, 'GET', '/api/user/credits', { token })).body.data.balance).toBe(100 + 12_000);
  });

  it('refuses unknown plans, the free plan and bad cycles', async () => {
    const { token } = await signUp(t.app);
    const cases = [
      await call(t.app, 'POST', '/api/payment/create-subscription-session', { token, body: { planName: 'gold', billingCycle: 'yearly' } }),
      await call(t.app, 'POST', '/api/subscription/upgrade', { token, body: { planId: 'free' } }),
    ];
    for (const reply of cases) {
      expect(reply.status).toBe(400);
      expect(reply.body.error).toBe('INVALID_PLAN');
    }
    const cycle = await call(t.app, 'POST', '/api/payment/create-subscription-session', { token, body: { planName: 'pro', billingCycle: 'weekly' } });
    expect(cycle.body.error).toBe('VALIDATION_ERROR');
    expect((await call(t.app, 'POST', '/api/payment/create-subscription-session', { body: { planName: 'pro', billingCycle: 'yearly' } })).status).toBe(401);
  });

  it('shows a checkout session only to its owner', async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    const created = await call(t.app, 'POST', '/api/subscription/upgrade', { token: a.token, body: { planId: 'premium' } });
    const other = await call(t.app, 'GET', `/api/payment/session/${created.body.data.sessionId}`, { token: b.token });
    expect(other.status).toBe(404);
    expect(other.body.error).toBe('SESSION_NOT_FOUND');
  });

  it('cancels at the end of the period: the plan stays until then, then falls back to free', async () => {
    const { token } = await signUp(t.app);
    const refused = await call(t.app, 'POST', '/api/subscription/cancel', { token, body: { timestamp: clock.toISOString() } });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('CANCELLATION_FAILED');

    const created = await call(t.app, 'POST', '/api/subscription/upgrade', { token, body: { planId: 'pro' } });
    expect((await pressButton(t.app, created.body.data.checkoutUrl, 'pay')).statusCode).toBe(303);
    const cancel = await call(t.app, 'POST', '/api/subscription/cancel', { token, body: { timestamp: clock.toISOString() } });
    expect(cancel.status).toBe(200);
    expect(cancel.body.data).toEqual({ effectiveDate: '2026-04-10T12:00:00.000Z' });
    expect((await call(t.app, 'POST', '/api/subscription/cancel', { token })).body.data.effectiveDate).toBe('2026-04-10T12:00:00.000Z');
    expect((await call(t.app, 'GET', '/api/user/subscription', { token })).body.data).toMatchObject({ plan: 'pro', status: 'canceled' });

    // Changed their mind before the end: the plan renews again, and undoing twice says there is nothing to undo.
    const resumed = await call(t.app, 'DELETE', '/api/subscription/cancellation', { token });
    expect(resumed.status).toBe(200);
    expect(resumed.body.data).toMatchObject({ plan: 'pro', status: 'active', expiresAt: '2026-04-10T12:00:00.000Z' });
    const again = await call(t.app, 'DELETE', '/api/subscription/cancellation', { token });
    expect([again.status, again.body.error]).toEqual([409, 'NOT_CANCELED']);
    expect((await call(t.app, 'DELETE', '/api/subscription/cancellation')).status).toBe(401);
    expect((await call(t.app, 'POST', '/api/subscription/cancel', { token })).body.data.effectiveDate).toBe('2026-04-10T12:00:00.000Z');

    const saved = clock;
    clock = new Date('2026-04-11T00:00:00Z');
    try {
      expect((await call(t.app, 'GET', '/api/user/subscription', { token })).body.data).toEqual({
        plan: 'free',
        status: 'active',
        features: PLAN_FEATURES.free,
        expiresAt: null,
        billingCycle: null,
        scheduledChange: null,
      });
      // Once the period has ended there is no plan left to renew.
      const late = await call(t.app, 'DELETE', '/api/subscription/cancellation', { token });
      expect([late.status, late.body.error]).toEqual([409, 'NOT_CANCELED']);
    } finally {
      clock = saved;
    }
  });

  it('moves Pro to Max now, counting what is left of the Pro period toward Max, and the new period starts at payment', async () => {
    const { token, user } = await signUp(t.app);
    const pro = await call(t.app, 'POST', '/api/payment/create-subscription-session', { token, body: { planName: 'pro', billingCycle: 'monthly' } });
    expect(pro.body.data).toBeTruthy();
    expect((await pressButton(t.app, pro.body.data.checkoutUrl, 'pay')).statusCode).toBe(303);
    const saved = clock;
    // 10 of the period's 31 days used: 21/31 of $13 is left, $8.80 rounded down.
    clock = new Date('2026-03-20T12:00:00Z');
    try {
      const max = await call(t.app, 'POST', '/api/payment/create-subscription-session', { token, body: { planName: 'max', billingCycle: 'monthly' } });
      expect(max.status).toBe(200);
      const session = await call(t.app, 'GET', `/api/payment/session/${max.body.data.sessionId}`, { token });
      expect(session.body.data).toMatchObject({ plan: 'premium', amount: 30.2 });
      const page = await t.app.inject({ method: 'GET', url: pathOf(max.body.data.checkoutUrl) });
      expect(page.body).toContain('$39.00 / month');
      expect(page.body).toContain('&minus;$8.80');
      expect(page.body).toContain('Pay $30.20');
      // The credits of that $8.80 go back with it: 880/1300 of Pro's 500, rounded up.
      expect(page.body).toContain('Unused credits of your current plan</dt><dd>&minus;339');

      expect((await pressButton(t.app, max.body.data.checkoutUrl, 'pay')).statusCode).toBe(303);
      expect((await call(t.app, 'GET', '/api/user/subscription', { token })).body.data).toMatchObject({
        plan: 'premium',
        expiresAt: '2026-04-20T12:00:00.000Z',
      });
      expect((await call(t.app, 'GET', '/api/user/credits', { token })).body.data.balance).toBe(100 + 500 + 1000 - 339);
      expect(await ledgerSum(t.app.services, user.id)).toBe(1261);

      // Monthly to yearly on the same plan counts what is left too; a move down is not sold as a
      // checkout at all: it waits for the end of the paid period (plan-changes.test.ts).
      const yearly = await call(t.app, 'POST', '/api/payment/create-subscription-session', { token, body: { planName: 'max', billingCycle: 'yearly' } });
      expect((await call(t.app, 'GET', `/api/payment/session/${yearly.body.data.sessionId}`, { token })).body.data.amount).toBe(360 - 39);
      const down = await call(t.app, 'POST', '/api/payment/create-subscription-session', { token, body: { planName: 'pro', billingCycle: 'monthly' } });
      expect([down.status, down.body.error]).toEqual([409, 'CHANGE_AT_PERIOD_END']);
    } finally {
      clock = saved;
    }
  });

  it('buys a plan one way through its three calls: the same prorated checkout from each, each closing the one before', async () => {
    const { token } = await signUp(t.app);
    const pro = await call(t.app, 'POST', '/api/subscription/change', { token, body: { planName: 'pro', billingCycle: 'monthly' } });
    expect(pro.body.data.kind).toBe('checkout');
    expect((await pressButton(t.app, pro.body.data.checkoutUrl, 'pay')).statusCode).toBe(303);
    const saved = clock;
    clock = new Date('2026-03-20T12:00:00Z');
    try {
      // The spec's two calls and the change call, for the same move up ten days into the Pro period.
      const upgrade = await call(t.app, 'POST', '/api/subscription/upgrade', { token, body: { planId: 'premium' } });
      const session = await call(t.app, 'POST', '/api/payment/create-subscription-session', { token, body: { planName: 'max', billingCycle: 'monthly' } });
      const change = await call(t.app, 'POST', '/api/subscription/change', { token, body: { planName: 'Max', billingCycle: 'monthly' } });
      expect([upgrade.status, session.status, change.status]).toEqual([200, 200, 200]);
      expect(Object.keys(upgrade.body.data).sort()).toEqual(['checkoutUrl', 'sessionId']);
      expect(Object.keys(session.body.data).sort()).toEqual(['checkoutUrl', 'message', 'sessionId']);
      expect(change.body.data).toMatchObject({ kind: 'checkout', checkoutUrl: expect.stringContaining(change.body.data.sessionId) });
      const ids = [upgrade.body.data.sessionId, session.body.data.sessionId, change.body.data.sessionId];
      const rows = await t.app.services.db
        .selectFrom('checkout_sessions')
        .select(['id', 'status', 'plan', 'amount_cents', 'returns_credits', 'source'])
        .where('id', 'in', ids)
        .execute();
      // $39 less the $8.80 left of Pro, and Pro's 339 unused credits going back, whichever call opened it.
      const same = { plan: 'premium', amount_cents: 3020, returns_credits: 339 };
      expect(ids.map((id) => rows.find((row) => row.id === id))).toEqual([
        { id: ids[0], status: 'canceled', source: 'upgrade', ...same },
        { id: ids[1], status: 'canceled', source: 'subscription-modal', ...same },
        { id: ids[2], status: 'open', source: 'pricing', ...same },
      ]);
    } finally {
      clock = saved;
    }
  });

  it('pays or cancels a checkout only for its owner: a session id alone opens nothing', async () => {
    const owner = await signUp(t.app);
    const stranger = await signUp(t.app);
    const created = await call(t.app, 'POST', '/api/payment/create-subscription-session', {
      token: owner.token,
      body: { planName: 'pro', billingCycle: 'monthly' },
    });
    const { sessionId, checkoutUrl } = created.body.data;
    const strangers = await call(t.app, 'POST', '/api/subscription/upgrade', { token: stranger.token, body: { planId: 'premium' } });
    const strangersToken = new URL(strangers.body.data.checkoutUrl).searchParams.get('token')!;

    const attempts = [
      // No proof at all: the hole this closes.
      await call(t.app, 'POST', `/api/payment/checkout/${sessionId}/pay`),
      await call(t.app, 'POST', `/api/payment/checkout/${sessionId}/cancel`),
      // Someone else's sign-in, or someone else's checkout token.
      await call(t.app, 'POST', `/api/payment/checkout/${sessionId}/pay`, { token: stranger.token }),
      await call(t.app, 'POST', `/api/payment/checkout/${sessionId}/cancel`, { token: stranger.token }),
      await call(t.app, 'POST', `/api/payment/checkout/${sessionId}/pay`, {
        rawBody: `token=${strangersToken}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      }),
      await call(t.app, 'POST', `/api/payment/checkout/${sessionId}/pay`, {
        rawBody: 'token=forged',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      }),
      await call(t.app, 'GET', `/api/payment/checkout/${sessionId}`),
      await call(t.app, 'GET', `/api/payment/checkout/${sessionId}?token=${strangersToken}`),
    ];
    expect(attempts.map((reply) => [reply.status, reply.body.error])).toEqual([
      [401, 'UNAUTHENTICATED'],
      [401, 'UNAUTHENTICATED'],
      [403, 'CHECKOUT_FORBIDDEN'],
      [403, 'CHECKOUT_FORBIDDEN'],
      [403, 'CHECKOUT_FORBIDDEN'],
      [403, 'CHECKOUT_FORBIDDEN'],
      [401, 'UNAUTHENTICATED'],
      [403, 'CHECKOUT_FORBIDDEN'],
    ]);
    expect((await call(t.app, 'GET', `/api/payment/session/${sessionId}`, { token: owner.token })).body.data).toMatchObject({
      status: 'open',
      creditsGranted: null,
    });
    expect((await call(t.app, 'GET', '/api/user/subscription', { token: owner.token })).body.data.plan).toBe('free');
    expect((await call(t.app, 'GET', '/api/user/credits', { token: owner.token })).body.data.balance).toBe(100);

    // A browser is shown a page it can act on, with the same status.
    const page = await t.app.inject({ method: 'GET', url: `/api/payment/checkout/${sessionId}`, headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(401);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain(`href="${SITE}/pricing"`);

    // The owner's link works; so does the owner's own sign-in for an API caller.
    expect((await t.app.inject({ method: 'GET', url: pathOf(checkoutUrl) })).statusCode).toBe(200);
    expect((await call(t.app, 'POST', `/api/payment/checkout/${sessionId}/pay`, { token: owner.token })).status).toBe(303);
    expect((await call(t.app, 'GET', '/api/user/subscription', { token: owner.token })).body.data.plan).toBe('pro');
  });

  it('grants a plan once however many sessions are opened and paid, one after another or at once', async () => {
    const { token, user } = await signUp(t.app);
    const open = () => call(t.app, 'POST', '/api/payment/create-subscription-session', { token, body: { planName: 'premium', billingCycle: 'yearly' } });

    // One after another: each new checkout closes the one before it.
    const sequential = [];
    for (let i = 0; i < 5; i += 1) sequential.push((await open()).body.data.checkoutUrl as string);
    const earlier = await Promise.all(sequential.slice(0, 4).map((url) => pressButton(t.app, url, 'pay')));
    expect(earlier.map((reply) => [reply.statusCode, reply.json().error])).toEqual(Array(4).fill([409, 'SESSION_CLOSED']));

    // At once: sessions opened together can all be open; paying them together grants once.
    const together = await Promise.all([open(), open(), open(), open()]);
    const urls = [sequential[4]!, ...together.map((reply) => reply.body.data.checkoutUrl as string)];
    const paid = await Promise.all(urls.map((url) => pressButton(t.app, url, 'pay')));
    expect(paid.filter((reply) => reply.statusCode === 303)).toHaveLength(1);
    for (const reply of paid.filter((r) => r.statusCode !== 303)) {
      expect(reply.statusCode).toBe(409);
      expect(['SESSION_CLOSED', 'ALREADY_SUBSCRIBED']).toContain(reply.json().error);
    }
    expect((await call(t.app, 'GET', '/api/user/credits', { token })).body.data.balance).toBe(100 + 12_000);
    expect(await ledgerSum(t.app.services, user.id)).toBe(100 + 12_000);
    const sessions = await t.app.services.db.selectFrom('checkout_sessions').select('status').where('user_id', '=', user.id).execute();
    expect(sessions.filter((s) => s.status === 'paid')).toHaveLength(1);
    expect(sessions.filter((s) => s.status === 'open')).toHaveLength(0);

    // And once subscribed, a new checkout for the same plan is refused before it starts.
    const again = await open();
    expect([again.status, again.body.error]).toEqual([409, 'ALREADY_SUBSCRIBED']);
  });

  it('answers the webhook with WEBHOOK_NOT_CONFIGURED when Stripe is off', async () => {
    const reply = await call(t.app, 'POST', '/api/payment/webhook', { body: { id: 'evt_1' } });
    expect(reply.status).toBe(404);
    expect(reply.body.error).toBe('WEBHOOK_NOT_CONFIGURED');
  });
});

describe('the Stripe provider', () => {
  const webhookSecret = 'whsec_test_secret';
  const created: Array<Record<string, string>> = [];
  const requests: string[] = [];
  // Stripe's client with its HTTP layer replaced: the real SDK builds the request, we answer it.
  const client = new Stripe('sk_test_fake', {
    httpClient: Stripe.createFetchHttpClient((async (url: string | URL | Request, init?: RequestInit) => {
      const path = new URL(String(url)).pathname;
      requests.push(`${init?.method ?? 'GET'} ${path}`);
      if (path !== '/v1/checkout/sessions') {
        const id = path.split('/')[3];
        return new Response(JSON.stringify({ id, object: path.startsWith('/v1/subscriptions') ? 'subscription' : 'checkout.session' }), {
          status: 200,
          headers: { 'content-type': 'application/json', 'request-id': 'req_test' },
        });
      }
      created.push(Object.fromEntries(new URLSearchParams(String(init?.body ?? ''))));
      const id = `cs_test_${created.length}`;
      return new Response(JSON.stringify({ id, object: 'checkout.session', url: `https://checkout.stripe.com/c/pay/${id}` }), {
        status: 200,
        headers: { 'content-type': 'application/json', 'request-id': 'req_test' },
      });
    }) as typeof fetch),
  });
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ payments: stripeProvider({ secretKey: 'sk_test_fake', webhookSecret, client }), worker: false });
  });
  afterAll(async () => t.close());

  const deliver = (event: object, secret = webhookSecret) => {
    const payload = JSON.stringify(event);
    const header = client.webhooks.generateTestHeaderString({ payload, secret });
    return call(t.app, 'POST', '/api/payment/webhook', { rawBody: payload, headers: { 'stripe-signature': header } });
  };

  it('creates a Stripe checkout and applies a signed completion event exactly once', async () => {
    const { token, user } = await signUp(t.app);
    const reply = await call(t.app, 'POST', '/api/payment/create-subscription-session', { token, body: { planName: 'premium', billingCycle: 'monthly' } });
    expect(reply.status).toBe(200);
    expect(reply.body.data.checkoutUrl).toMatch(/^https:\/\/checkout\.stripe\.com\//);
    const sent = created.at(-1)!;
    expect(sent['line_items[0][price_data][unit_amount]']).toBe('3900');
    expect(sent['line_items[0][price_data][recurring][interval]']).toBe('month');
    expect(sent.client_reference_id).toBe(reply.body.data.sessionId);

    const event = {
      id: 'evt_checkout_1',
      object: 'event',
      type: 'checkout.session.completed',
      data: {
        object: {
          id: 'cs_test_1',
          object: 'checkout.session',
          client_reference_id: reply.body.data.sessionId,
          payment_status: 'paid',
          subscription: 'sub_123',
        },
      },
    };
    const first = await deliver(event);
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual({ received: true, outcome: 'applied' });
    const second = await deliver(event);
    expect(second.body.data).toEqual({ received: true, outcome: 'duplicate' });
    expect((await call(t.app, 'GET', '/api/user/credits', { token })).body.data.balance).toBe(1100);
    expect(await ledgerSum(t.app.services, user.id)).toBe(1100);
    expect((await call(t.app, 'GET', '/api/user/subscription', { token })).body.data.plan).toBe('premium');

    // One live subscription per person: a second checkout is refused instead of billing twice.
    const another = await call(t.app, 'POST', '/api/payment/create-subscription-session', { token, body: { planName: 'pro', billingCycle: 'monthly' } });
    expect([another.status, another.body.error]).toEqual([409, 'ALREADY_SUBSCRIBED']);

    const renewal = {
      id: 'evt_invoice_1',
      object: 'event',
      type: 'invoice.paid',
      data: {
        object: {
          id: 'in_1',
          object: 'invoice',
          billing_reason: 'subscription_cycle',
          amount_paid: 3900,
          parent: { type: 'subscription_details', subscription_details: { subscription: 'sub_123' } },
          lines: { data: [{ period: { end: 1900000000 } }] },
        },
      },
    };
    await Promise.all([deliver(renewal), deliver(renewal)]);
    expect((await call(t.app, 'GET', '/api/user/credits', { token })).body.data.balance).toBe(2100);

    const ended = {
      id: 'evt_sub_deleted',
      object: 'event',
      type: 'customer.subscription.deleted',
      data: { object: { id: 'sub_123', object: 'subscription' } },
    };
    expect((await deliver(ended)).body.data.outcome).toBe('applied');
    expect((await call(t.app, 'GET', '/api/user/subscription', { token })).body.data.plan).toBe('free');
  });

  it('expires a replaced checkout at Stripe, and ends at once a subscription paid through a closed one', async () => {
    const { token } = await signUp(t.app);
    const first = await call(t.app, 'POST', '/api/payment/create-subscription-session', { token, body: { planName: 'pro', billingCycle: 'monthly' } });
    const firstRef = `cs_test_${created.length}`;
    const second = await call(t.app, 'POST', '/api/payment/create-subscription-session', { token, body: { planName: 'pro', billingCycle: 'yearly' } });
    expect(requests).toContain(`POST /v1/checkout/sessions/${firstRef}/expire`);

    const completed = (id: string, sessionId: string, subscription: string) => ({
      id,
      object: 'event',
      type: 'checkout.session.completed',
      data: { object: { id: 'cs_x', object: 'checkout.session', client_reference_id: sessionId, payment_status: 'paid', subscription } },
    });
    const late = await deliver(completed('evt_late_1', first.body.data.sessionId, 'sub_stray'));
    expect(late.body.data).toEqual({ received: true, outcome: 'refused' });
    expect(requests).toContain('DELETE /v1/subscriptions/sub_stray');
    expect((await call(t.app, 'GET', '/api/user/credits', { token })).body.data.balance).toBe(100);

    const paid = await deliver(completed('evt_late_2', second.body.data.sessionId, 'sub_kept'));
    expect(paid.body.data.outcome).toBe('applied');
    expect((await call(t.app, 'GET', '/api/user/subscription', { token })).body.data).toMatchObject({ plan: 'pro' });
    expect(requests).not.toContain('DELETE /v1/subscriptions/sub_kept');
  });

  it('refuses events with a bad or missing signature', async () => {
    const event = { id: 'evt_forged', object: 'event', type: 'checkout.session.completed', data: { object: {} } };
    const forged = await deliver(event, 'whsec_wrong');
    expect(forged.status).toBe(400);
    expect(forged.body.error).toBe('INVALID_SIGNATURE');
    const unsigned = await call(t.app, 'POST', '/api/payment/webhook', { rawBody: JSON.stringify(event) });
    expect(unsigned.status).toBe(400);
  });

  it('records events it does not act on, once', async () => {
    const event = { id: 'evt_other', object: 'event', type: 'customer.created', data: { object: { id: 'cus_1' } } };
    expect((await deliver(event)).body.data.outcome).toBe('ignored');
    expect((await deliver(event)).body.data.outcome).toBe('duplicate');
    expect((await call(t.app, 'GET', '/api/config')).body.data.paymentProvider).toBe('stripe');
  });
});

describe('choosing the payment provider', () => {
  it('refuses the test checkout in production unless a staging site asks for it', () => {
    expect(() => parseEnv({ NODE_ENV: 'production' })).toThrow(/refusing to run the test checkout/);
    expect(paymentProvider(parseEnv({ NODE_ENV: 'production', ALLOW_TEST_CHECKOUT: 'true' })).name).toBe('local');
    expect(paymentProvider(parseEnv({ NODE_ENV: 'production', STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' })).name).toBe('stripe');
    expect(paymentProvider(parseEnv({})).name).toBe('local');
  });
});

describe('checkout links and how often they are made', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ siteOrigin: SITE, worker: false, rateLimits: { checkout: { max: 3, timeWindow: 60_000 } } });
  });
  afterAll(async () => t.close());

  const open = (token: string, planName = 'pro') =>
    call(t.app, 'POST', '/api/payment/create-subscription-session', { token, body: { planName, billingCycle: 'monthly' } });

  it('keeps the checkout page out of every cache, and ends its link when its owner logs out', async () => {
    const { token, user } = await signUp(t.app);
    const { checkoutUrl } = (await open(token)).body.data;
    const page = await t.app.inject({ method: 'GET', url: pathOf(checkoutUrl), headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');

    expect((await call(t.app, 'POST', '/api/auth/logout', { token })).status).toBe(200);
    const after = await t.app.inject({ method: 'GET', url: pathOf(checkoutUrl), headers: { accept: 'text/html' } });
    expect(after.statusCode).toBe(403);
    expect(after.headers['cache-control']).toBe('no-store');
    expect(after.body).toContain('CHECKOUT_FORBIDDEN');
    const pay = await pressButton(t.app, checkoutUrl, 'pay');
    expect([pay.statusCode, pay.json().error]).toEqual([403, 'CHECKOUT_FORBIDDEN']);
    expect(await ledgerSum(t.app.services, user.id)).toBe(100);
  });

  it('limits how many checkouts one account opens, whatever the address, and not another account', async () => {
    const { token } = await signUp(t.app);
    for (let i = 0; i < 3; i += 1) expect((await open(token)).status).toBe(200);
    const fourth = await t.app.inject({
      method: 'POST',
      url: '/api/payment/create-pack-session',
      remoteAddress: '10.1.2.3',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: { packId: 'credits-250' },
    });
    expect([fourth.statusCode, fourth.json().error]).toEqual([429, 'RATE_LIMITED']);
    const change = await call(t.app, 'POST', '/api/subscription/change', { token, body: { planName: 'max', billingCycle: 'monthly' } });
    expect([change.status, change.body.error]).toEqual([429, 'RATE_LIMITED']);
    const other = await signUp(t.app);
    expect((await open(other.token)).status).toBe(200);
  });
});
