import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAN_FEATURES } from '@reelmint/contract/plans';
import { ledgerSum } from '../src/credits/ledger.ts';
import { startDeferredEventSweeper, sweepDeferredEvents } from '../src/payments/deferred-event-sweeper.ts';
import { call, createTestApp, signUp } from './helpers.ts';
import type { TestApp } from './helpers.ts';
import { stripeHarness } from './stripe-harness.ts';
import type { StripeStandIn } from './stripe-harness.ts';

type App = TestApp['app'];

/** Pays a local checkout as its owner (an API caller with a bearer token). */
async function payLocal(app: App, token: string, sessionId: string) {
  const paid = await call(app, 'POST', `/api/payment/checkout/${sessionId}/pay`, { token });
  expect(paid.status).toBe(303);
}

/** A Pro member's first renewal took effect exactly once: the next period, its 500 credits and its receipt. */
async function expectRenewedOnce(app: App, token: string, userId: string, periodEnd: number) {
  expect((await call(app, 'GET', '/api/user/subscription', { token })).body.data).toMatchObject({
    plan: 'pro',
    status: 'active',
    expiresAt: new Date(periodEnd * 1000).toISOString(),
  });
  expect(await ledgerSum(app.services, userId)).toBe(100 + 500 + 500);
  const receipts = (await call(app, 'GET', '/api/payment/receipts', { token })).body.data.items;
  expect(receipts.map((r: { kind: string }) => r.kind).sort()).toEqual(['plan', 'renewal']);
}

const change = (app: App, token: string, planName: string, billingCycle: 'monthly' | 'yearly') =>
  call(app, 'POST', '/api/subscription/change', { token, body: { planName, billingCycle } });

describe('plan changes with the local provider', () => {
  let t: TestApp;
  let clock = new Date('2026-05-01T09:00:00Z');
  beforeAll(async () => {
    t = await createTestApp({ now: () => clock, worker: false, accessTokenTtlSeconds: 800 * 24 * 3600 });
  });
  afterAll(async () => t.close());

  /** A new person on `plan`, bought through the local checkout at the current clock. */
  async function member(plan: string, cycle: 'monthly' | 'yearly') {
    const person = await signUp(t.app);
    const first = await change(t.app, person.token, plan, cycle);
    expect(first.body.data.kind).toBe('checkout');
    await payLocal(t.app, person.token, first.body.data.sessionId);
    return person;
  }

  it('moves Max to Pro at the end of the period: Max stays until then, the change can be dropped, and Pro then starts with its credits once', async () => {
    const start = clock;
    const { token, user } = await member('max', 'monthly');
    expect(await ledgerSum(t.app.services, user.id)).toBe(1100);

    // A move down is not a checkout: nothing is charged now.
    const asCheckout = await call(t.app, 'POST', '/api/payment/create-subscription-session', { token, body: { planName: 'pro', billingCycle: 'monthly' } });
    expect([asCheckout.status, asCheckout.body.error]).toEqual([409, 'CHANGE_AT_PERIOD_END']);

    const scheduled = await change(t.app, token, 'pro', 'monthly');
    expect(scheduled.status).toBe(200);
    expect(scheduled.body.data).toMatchObject({ kind: 'scheduled', checkoutUrl: null, sessionId: null, balance: 1100 });
    const waiting = { plan: 'pro', billingCycle: 'monthly', effectiveDate: '2026-06-01T09:00:00.000Z' };
    expect(scheduled.body.data.subscription).toMatchObject({
      plan: 'premium',
      features: PLAN_FEATURES.premium,
      billingCycle: 'monthly',
      scheduledChange: waiting,
    });
    expect((await call(t.app, 'GET', '/api/user/subscription', { token })).body.data.scheduledChange).toEqual(waiting);

    // Dropped: Max simply goes on. Dropping twice says there is nothing to drop.
    const dropped = await call(t.app, 'DELETE', '/api/subscription/scheduled-change', { token });
    expect(dropped.status).toBe(200);
    expect(dropped.body.data).toMatchObject({ plan: 'premium', scheduledChange: null });
    const again = await call(t.app, 'DELETE', '/api/subscription/scheduled-change', { token });
    expect([again.status, again.body.error]).toEqual([409, 'NO_SCHEDULED_CHANGE']);

    expect((await change(t.app, token, 'pro', 'monthly')).body.data.kind).toBe('scheduled');
    try {
      clock = new Date('2026-06-01T10:00:00Z');
      // Several requests settle the period at once: Pro starts once, with one grant.
      const reads = await Promise.all([1, 2, 3, 4].map(() => call(t.app, 'GET', '/api/user/subscription', { token })));
      for (const read of reads) {
        expect(read.body.data).toMatchObject({
          plan: 'pro',
          status: 'active',
          features: PLAN_FEATURES.pro,
          billingCycle: 'monthly',
          expiresAt: '2026-07-01T09:00:00.000Z',
          scheduledChange: null,
        });
      }
      expect((await call(t.app, 'GET', '/api/user/credits', { token })).body.data.balance).toBe(1600);
      expect(await ledgerSum(t.app.services, user.id)).toBe(1600);
      const history = await call(t.app, 'GET', '/api/user/credits/history', { token });
      expect(history.body.data.items[0]).toMatchObject({ kind: 'grant', amount: 500, purpose: 'renewal', plan: 'pro', billingCycle: 'monthly' });

      // The local provider does not renew: Pro's own period then ends in the free plan.
      clock = new Date('2026-07-02T00:00:00Z');
      expect((await call(t.app, 'GET', '/api/user/subscription', { token })).body.data).toMatchObject({ plan: 'free', scheduledChange: null });
    } finally {
      clock = start;
    }
  });

  it('moves yearly to monthly at the end of the year, and monthly to yearly now', async () => {
    const { token } = await member('pro', 'yearly');
    const down = await change(t.app, token, 'pro', 'monthly');
    expect(down.body.data).toMatchObject({
      kind: 'scheduled',
      subscription: {
        plan: 'pro',
        billingCycle: 'yearly',
        scheduledChange: { plan: 'pro', billingCycle: 'monthly', effectiveDate: '2027-05-01T09:00:00.000Z' },
      },
    });

    const monthly = await member('max', 'monthly');
    const up = await change(t.app, monthly.token, 'max', 'yearly');
    expect(up.body.data.kind).toBe('checkout');
    expect((await call(t.app, 'GET', `/api/payment/session/${up.body.data.sessionId}`, { token: monthly.token })).body.data).toMatchObject({
      billingCycle: 'yearly',
      amount: 360 - 39,
    });
  });

  it('a move up while a move down waits replaces it; cancelling drops it too', async () => {
    const { token } = await member('max', 'monthly');
    await change(t.app, token, 'pro', 'monthly');
    const up = await change(t.app, token, 'max', 'yearly');
    expect(up.body.data.kind).toBe('checkout');
    await payLocal(t.app, token, up.body.data.sessionId);
    expect((await call(t.app, 'GET', '/api/user/subscription', { token })).body.data).toMatchObject({
      plan: 'premium',
      billingCycle: 'yearly',
      scheduledChange: null,
    });

    await change(t.app, token, 'pro', 'yearly');
    const cancelled = await call(t.app, 'POST', '/api/subscription/cancel', { token });
    expect(cancelled.status).toBe(200);
    expect((await call(t.app, 'GET', '/api/user/subscription', { token })).body.data).toMatchObject({
      plan: 'premium',
      status: 'canceled',
      scheduledChange: null,
    });
    // A cancelled plan ends with its period; it is not moved down meanwhile.
    const refused = await change(t.app, token, 'pro', 'monthly');
    expect([refused.status, refused.body.error]).toEqual([409, 'SUBSCRIPTION_CANCELED']);
  });

  /** What a person paid in all (receipts, in dollars) and the credits plans and packs granted them beyond sign-up. */
  async function bought(token: string, userId: string) {
    const receipts = (await call(t.app, 'GET', '/api/payment/receipts', { token })).body.data.items as Array<{ amount: number }>;
    return { paid: receipts.reduce((sum, r) => sum + r.amount, 0), credits: (await ledgerSum(t.app.services, userId)) - 100 };
  }

  const spend = (token: string, amount: number) =>
    call(t.app, 'POST', '/api/user/credits/deduct', {
      token,
      body: { amount, metadata: { type: 'video_generation', timestamp: new Date().toISOString() } },
      headers: { 'idempotency-key': `spend-${Math.random()}` },
    });

  it('never sells credits cheaper in steps: a move up takes back the unused credits with the unused money', async () => {
    const once = await member('max', 'yearly');
    const atOnce = await bought(once.token, once.user.id);
    expect(atOnce).toEqual({ paid: 360, credits: 12_000 });

    for (const steps of [
      [
        ['pro', 'yearly'],
        ['max', 'yearly'],
      ],
      [
        ['pro', 'monthly'],
        ['pro', 'yearly'],
        ['max', 'yearly'],
      ],
      [
        ['pro', 'monthly'],
        ['max', 'monthly'],
        ['max', 'yearly'],
      ],
    ] as const) {
      const [firstPlan, firstCycle] = steps[0];
      const person = await member(firstPlan, firstCycle);
      for (const [plan, cycle] of steps.slice(1)) {
        const up = await change(t.app, person.token, plan, cycle);
        expect(up.body.data.kind).toBe('checkout');
        await payLocal(t.app, person.token, up.body.data.sessionId);
      }
      const inSteps = await bought(person.token, person.user.id);
      // Every step was paid at once, so each earlier period comes back whole: Max yearly, for Max yearly's price.
      expect(inSteps, steps.map((s) => s.join(' ')).join(' -> ')).toEqual({ paid: 360, credits: 12_000 });
      const history = (await call(t.app, 'GET', '/api/user/credits/history', { token: person.token })).body.data.items;
      expect(history.filter((item: { purpose: string }) => item.purpose === 'plan-change')).toHaveLength(steps.length - 1);
    }
  });

  it('lists the credits a move up took back on its session and its receipt, beside those granted, so they add up to the balance', async () => {
    // A plain purchase takes nothing back.
    const person = await signUp(t.app);
    const first = await change(t.app, person.token, 'pro', 'monthly');
    await payLocal(t.app, person.token, first.body.data.sessionId);
    expect((await call(t.app, 'GET', `/api/payment/session/${first.body.data.sessionId}`, { token: person.token })).body.data).toMatchObject({
      status: 'paid',
      creditsGranted: 500,
      creditsTakenBack: 0,
      balance: 600,
    });

    // Pro monthly moved up to Max monthly at once: Max's 1,000 granted, Pro's unused 500 taken back, 600 -> 1,100.
    const up = await change(t.app, person.token, 'max', 'monthly');
    expect((await call(t.app, 'GET', `/api/payment/session/${up.body.data.sessionId}`, { token: person.token })).body.data).toMatchObject({
      status: 'open',
      creditsGranted: null,
      creditsTakenBack: 0,
    });
    await payLocal(t.app, person.token, up.body.data.sessionId);
    const paid = (await call(t.app, 'GET', `/api/payment/session/${up.body.data.sessionId}`, { token: person.token })).body.data;
    expect(paid).toMatchObject({ status: 'paid', creditsGranted: 1000, creditsTakenBack: 500, balance: 1100 });
    expect(600 + paid.creditsGranted - paid.creditsTakenBack).toBe(paid.balance);
    // The same amount as the history's own row for it.
    const history = (await call(t.app, 'GET', '/api/user/credits/history', { token: person.token })).body.data.items;
    expect(history.find((item: { purpose: string }) => item.purpose === 'plan-change')).toMatchObject({ kind: 'forfeit', amount: -500 });

    // Both payments happened at the same clock, so their order in the list is not asserted.
    const receipts = (await call(t.app, 'GET', '/api/payment/receipts', { token: person.token })).body.data.items as Array<{ plan: string }>;
    expect(receipts).toHaveLength(2);
    expect(receipts.find((r) => r.plan === 'premium')).toMatchObject({ kind: 'plan', billingCycle: 'monthly', credits: 1000, creditsTakenBack: 500 });
    expect(receipts.find((r) => r.plan === 'pro')).toMatchObject({ kind: 'plan', billingCycle: 'monthly', credits: 500, creditsTakenBack: 0 });
  });

  it('takes back what it can from the balance after the new grant, never below zero, when the credits were spent', async () => {
    // Pro yearly's 6,000 credits mostly spent, then Max yearly: the new grant pays for what is missing.
    const spender = await member('pro', 'yearly');
    expect((await spend(spender.token, 5_000)).status).toBe(200);
    const up = await change(t.app, spender.token, 'max', 'yearly');
    await payLocal(t.app, spender.token, up.body.data.sessionId);
    expect((await call(t.app, 'GET', '/api/user/credits', { token: spender.token })).body.data.balance).toBe(100 + 6_000 - 5_000 + 12_000 - 6_000);
    // 5,000 spent and 7,000 kept, sign-up's 100 aside: Max yearly's 12,000 for $360, as bought at once.
    expect(await bought(spender.token, spender.user.id)).toEqual({ paid: 360, credits: 12_000 - 5_000 });

    // Everything spent, then a dearer plan whose price is below what is left: $39 of the $120 counts, and
    // with it 39/120 of 6,000 credits, more than the balance after Max's 1,000: the balance ends at zero.
    const broke = await member('pro', 'yearly');
    expect((await spend(broke.token, 6_100)).status).toBe(200);
    const max = await change(t.app, broke.token, 'max', 'monthly');
    expect((await call(t.app, 'GET', `/api/payment/session/${max.body.data.sessionId}`, { token: broke.token })).body.data.amount).toBe(0);
    await payLocal(t.app, broke.token, max.body.data.sessionId);
    expect((await call(t.app, 'GET', '/api/user/credits', { token: broke.token })).body.data.balance).toBe(0);
    // The session and the receipt say what was removed (1,000), not the larger share the checkout asked for.
    const asked = await t.app.services.db
      .selectFrom('checkout_sessions')
      .select('returns_credits')
      .where('id', '=', max.body.data.sessionId)
      .executeTakeFirstOrThrow();
    expect(asked.returns_credits).toBeGreaterThan(1_000);
    expect((await call(t.app, 'GET', `/api/payment/session/${max.body.data.sessionId}`, { token: broke.token })).body.data).toMatchObject({
      creditsGranted: 1_000,
      creditsTakenBack: 1_000,
      balance: 0,
    });
    const brokeReceipts = (await call(t.app, 'GET', '/api/payment/receipts', { token: broke.token })).body.data.items as Array<{ plan: string }>;
    expect(brokeReceipts.find((r) => r.plan === 'premium')).toMatchObject({ credits: 1_000, creditsTakenBack: 1_000 });
    expect(await ledgerSum(t.app.services, broke.user.id)).toBe(0);
    const history = (await call(t.app, 'GET', '/api/user/credits/history', { token: broke.token })).body.data.items;
    expect(history.find((item: { purpose: string }) => item.purpose === 'plan-change')).toMatchObject({
      kind: 'forfeit',
      amount: -1_000,
      balanceAfter: 0,
      plan: 'pro',
      billingCycle: 'yearly',
    });
  });

  it('refuses a change to the plan in force, to the free plan, unknown plans, and strangers', async () => {
    const { token } = await member('pro', 'monthly');
    const same = await change(t.app, token, 'pro', 'monthly');
    expect([same.status, same.body.error]).toEqual([409, 'ALREADY_SUBSCRIBED']);
    for (const planName of ['free', 'gold']) {
      const reply = await change(t.app, token, planName, 'monthly');
      expect([reply.status, reply.body.error]).toEqual([400, 'INVALID_PLAN']);
    }
    expect((await call(t.app, 'POST', '/api/subscription/change', { body: { planName: 'pro', billingCycle: 'monthly' } })).status).toBe(401);
    expect((await call(t.app, 'DELETE', '/api/subscription/scheduled-change')).status).toBe(401);
    expect((await call(t.app, 'GET', '/api/user/subscription', { token })).body.data).toMatchObject({ plan: 'pro', scheduledChange: null });
  });
});

describe('plan changes with Stripe (a local stand-in of its API, through the real SDK)', () => {
  let h: Awaited<ReturnType<typeof stripeHarness>>;
  let stand: StripeStandIn;
  let t: TestApp;
  let offsetMs = 0;
  beforeAll(async () => {
    h = await stripeHarness({ now: () => new Date(Date.now() + offsetMs) });
    ({ stand, t } = h);
  });
  afterAll(async () => h.close());

  const deliver: Awaited<ReturnType<typeof stripeHarness>>['deliver'] = (...args) => h.deliver(...args);
  /** The checkout.session.completed event Stripe sends for a paid plan checkout. */
  const completion = (started: { checkoutUrl: string; sessionId: string }, subscriptionId: string) => h.checkoutObject(started, subscriptionId);
  /** A person with a live Stripe subscription to `plan`, bought through Checkout. */
  const subscriber = (plan: string, cycle: 'monthly' | 'yearly') => h.subscriber(plan, cycle);

  it('moves Pro to Max now by updating the one subscription with proration; its invoice event grants nothing twice', async () => {
    const { token, user, subscriptionId } = await subscriber('pro', 'monthly');
    const checkoutsBefore = stand.calls.filter((c) => c.method === 'POST' && c.path === '/v1/checkout/sessions').length;

    const moved = await change(t.app, token, 'max', 'monthly');
    expect(moved.status).toBe(200);
    expect(moved.body.data).toMatchObject({
      kind: 'changed',
      checkoutUrl: null,
      // Stripe credited Pro's unused price, all but a few cents of it: Pro's 500 credits go back with it.
      balance: 100 + 1000,
      subscription: { plan: 'premium', billingCycle: 'monthly', scheduledChange: null },
    });

    const update = stand.calls.filter((c) => c.method === 'POST' && c.path === `/v1/subscriptions/${subscriptionId}`).at(-1)!;
    expect(update.body).toMatchObject({
      proration_behavior: 'always_invoice',
      billing_cycle_anchor: { type: 'now' },
      payment_behavior: 'error_if_incomplete',
      items: [{ price_data: { unit_amount: '3900', currency: 'usd', product: 'reelmint_premium', recurring: { interval: 'month' } } }],
    });
    // Still one subscription, and no second checkout was opened.
    expect(stand.subscriptions.size).toBeGreaterThan(0);
    expect([...stand.subscriptions.values()].filter((s) => s.status === 'active' && s.id === subscriptionId)).toHaveLength(1);
    expect(stand.calls.filter((c) => c.method === 'POST' && c.path === '/v1/checkout/sessions')).toHaveLength(checkoutsBefore);
    const item = stand.subscriptions.get(subscriptionId)!.items.data[0]!;
    expect(moved.body.data.subscription.expiresAt).toBe(new Date(item.current_period_end * 1000).toISOString());
    // Pro was paid moments ago: nearly all of it counts toward Max.
    const invoice = stand.invoices.get(stand.subscriptions.get(subscriptionId)!.latest_invoice!)!;
    expect(invoice.amount_paid).toBeGreaterThan(3900 - 1300 - 5);
    expect(invoice.amount_paid).toBeLessThan(3900 - 1300 + 5);

    // Stripe also reports that invoice; the change it paid for was applied already and grants nothing more.
    const reported = await deliver('invoice.paid', { ...invoice });
    expect(reported.body.data.outcome).toBe('duplicate');
    expect(await ledgerSum(t.app.services, user.id)).toBe(1100);
    const history = (await call(t.app, 'GET', '/api/user/credits/history', { token })).body.data.items;
    expect(history.find((row: { purpose: string }) => row.purpose === 'plan-change')).toMatchObject({ kind: 'forfeit', amount: -500, plan: 'pro' });
    // Its receipt says what Stripe charged beside Max's list price.
    const receipts = (await call(t.app, 'GET', '/api/payment/receipts', { token })).body.data.items;
    expect(receipts.map((r: { kind: string }) => r.kind)).toEqual(['change', 'plan']);
    expect(receipts[0]).toMatchObject({
      plan: 'premium',
      billingCycle: 'monthly',
      amount: invoice.amount_paid / 100,
      listPrice: 39,
      credits: 1000,
      // Pro's unused credits went back as their own ledger row; the receipt lists them so its lines add up.
      creditsTakenBack: 500,
      provider: 'stripe',
    });
    expect(receipts[1]).toMatchObject({ kind: 'plan', plan: 'pro', credits: 500, creditsTakenBack: 0 });
  });

  it('a declined card changes nothing', async () => {
    const { token, user } = await subscriber('pro', 'monthly');
    stand.state.declineCards = true;
    try {
      const refused = await change(t.app, token, 'max', 'yearly');
      expect([refused.status, refused.body.error]).toEqual([402, 'PAYMENT_DECLINED']);
    } finally {
      stand.state.declineCards = false;
    }
    expect((await call(t.app, 'GET', '/api/user/subscription', { token })).body.data).toMatchObject({ plan: 'pro', billingCycle: 'monthly' });
    expect(await ledgerSum(t.app.services, user.id)).toBe(600);
  });

  it('moves Max to Pro at the renewal through a subscription schedule, which can be dropped; the renewal grants once', async () => {
    const { token, user, subscriptionId } = await subscriber('max', 'monthly');
    const periodEnd = stand.subscriptions.get(subscriptionId)!.items.data[0]!.current_period_end;

    const first = await change(t.app, token, 'pro', 'monthly');
    expect(first.body.data).toMatchObject({ kind: 'scheduled', subscription: { plan: 'premium', scheduledChange: { plan: 'pro', billingCycle: 'monthly' } } });
    // The period end the site shows is the one it recorded at payment, the same moment as Stripe's to the second.
    expect(Math.abs(Date.parse(first.body.data.subscription.scheduledChange.effectiveDate) - periodEnd * 1000)).toBeLessThan(5000);
    const firstSchedule = stand.subscriptions.get(subscriptionId)!.schedule!;
    expect(stand.schedules.get(firstSchedule)!.phases.map((phase) => phase.items[0]!.price_data?.unit_amount ?? 'current')).toEqual(['current', '1300']);
    expect(stand.schedules.get(firstSchedule)!.phases[0]!.end_date).toBe(periodEnd);

    // Dropped: the schedule is released at Stripe and Max renews as before.
    expect((await call(t.app, 'DELETE', '/api/subscription/scheduled-change', { token })).body.data.scheduledChange).toBeNull();
    expect(stand.schedules.get(firstSchedule)!.status).toBe('released');
    expect(stand.subscriptions.get(subscriptionId)!.schedule).toBeNull();

    // Scheduled again, then replaced by yearly Pro: one schedule at a time.
    await change(t.app, token, 'pro', 'monthly');
    const second = stand.subscriptions.get(subscriptionId)!.schedule!;
    await change(t.app, token, 'pro', 'yearly');
    expect(stand.schedules.get(second)!.status).toBe('released');
    const third = stand.subscriptions.get(subscriptionId)!.schedule!;
    expect(stand.schedules.get(third)!.phases[1]!.items[0]!.price_data).toMatchObject({ unit_amount: '12000', recurring: { interval: 'year' } });

    // The period ends: Stripe enters the new phase and bills Pro yearly; the webhook arrives twice.
    const invoice = stand.renew(subscriptionId);
    expect(invoice.amount_paid).toBe(12000);
    const deliveries = await Promise.all([deliver('invoice.paid', invoice, 'evt_renewal_sched'), deliver('invoice.paid', invoice, 'evt_renewal_sched')]);
    expect(deliveries.map((reply) => reply.body.data.outcome).sort()).toEqual(['applied', 'duplicate']);
    expect((await call(t.app, 'GET', '/api/user/subscription', { token })).body.data).toMatchObject({
      plan: 'pro',
      billingCycle: 'yearly',
      scheduledChange: null,
      expiresAt: new Date(invoice.lines.data[0]!.period.end * 1000).toISOString(),
    });
    expect(await ledgerSum(t.app.services, user.id)).toBe(100 + 1000 + 6000);
    const receipts = (await call(t.app, 'GET', '/api/payment/receipts', { token })).body.data.items;
    expect(receipts.map((r: { kind: string }) => r.kind)).toEqual(['renewal', 'plan']);
    expect(receipts[0]).toMatchObject({ plan: 'pro', billingCycle: 'yearly', amount: 120, credits: 6000 });
  });

  it('sells a credit pack as a one-time Stripe payment, granted once however often Stripe reports it, paid as a Stripe customer that is kept for the next', async () => {
    const { token, user } = await subscriber('pro', 'monthly');
    const lastCheckoutSent = () => stand.calls.filter((c) => c.method === 'POST' && c.path === '/v1/checkout/sessions').at(-1)!;
    const refOf = (started: { checkoutUrl: string }) => new URL(started.checkoutUrl).pathname.split('/').at(-1)!;
    const recorded = () =>
      t.app.services.db.selectFrom('payment_customers').select(['customer_ref', 'provider']).where('user_id', '=', user.id).orderBy('created_at').execute();
    // A member from before customers were recorded (migration 0015): none is known for them.
    await t.app.services.db.deleteFrom('payment_customers').where('user_id', '=', user.id).execute();
    expect(await recorded()).toEqual([]);

    const started = await call(t.app, 'POST', '/api/payment/create-pack-session', { token, body: { packId: 'credits-2000' } });
    expect(started.status).toBe(200);
    const sent = lastCheckoutSent();
    expect(sent.body).toMatchObject({
      mode: 'payment',
      // Stripe keeps a one-time payer as a guest unless asked to make a customer, and a guest
      // cannot be deleted with the account.
      customer_creation: 'always',
      line_items: [{ price_data: { unit_amount: '5300', product_data: { name: 'Reelmint 2,000 credits' } } }],
    });
    expect(sent.body.customer).toBeUndefined();
    expect((sent.body.line_items as Array<{ price_data: Record<string, unknown> }>)[0]!.price_data.recurring).toBeUndefined();
    const customer = stand.completePayment(refOf(started.body.data));
    expect(customer).toMatch(/^cus_/);
    const completed = {
      id: refOf(started.body.data),
      object: 'checkout.session',
      client_reference_id: started.body.data.sessionId,
      payment_status: 'paid',
      subscription: null,
      customer,
    };
    const outcomes = await Promise.all([
      deliver('checkout.session.completed', completed, 'evt_pack_1'),
      deliver('checkout.session.completed', completed, 'evt_pack_1'),
    ]);
    expect(outcomes.map((reply) => reply.body.data.outcome).sort()).toEqual(['applied', 'duplicate']);
    expect(await ledgerSum(t.app.services, user.id)).toBe(100 + 500 + 2000);
    expect((await call(t.app, 'GET', '/api/user/subscription', { token })).body.data).toMatchObject({ plan: 'pro', billingCycle: 'monthly' });
    expect((await call(t.app, 'GET', '/api/payment/receipts', { token })).body.data.items[0]).toMatchObject({
      kind: 'pack',
      pack: 'credits-2000',
      amount: 53,
      credits: 2000,
      provider: 'stripe',
    });
    // The customer Checkout made is the person's, so deleting the account deletes it at Stripe.
    expect(await recorded()).toEqual([{ customer_ref: customer, provider: 'stripe' }]);

    // The next pack is paid as the same customer: no second one is made.
    const again = await call(t.app, 'POST', '/api/payment/create-pack-session', { token, body: { packId: 'credits-250' } });
    expect(again.status).toBe(200);
    expect(lastCheckoutSent().body).toMatchObject({ mode: 'payment', customer });
    expect(lastCheckoutSent().body.customer_creation).toBeUndefined();
    expect(stand.completePayment(refOf(again.body.data))).toBe(customer);
    const customersAtStripe = stand.customers.size;
    expect(
      (await deliver('checkout.session.completed', { ...completed, id: refOf(again.body.data), client_reference_id: again.body.data.sessionId })).body.data
        .outcome,
    ).toBe('applied');
    expect(stand.customers.size).toBe(customersAtStripe);
    expect(await recorded()).toEqual([{ customer_ref: customer, provider: 'stripe' }]);
    expect(await ledgerSum(t.app.services, user.id)).toBe(100 + 500 + 2000 + 250);
  });

  it('opens a pack checkout for a new Stripe customer when the recorded one was deleted at Stripe', async () => {
    const { token, user } = await subscriber('max', 'monthly');
    const first = (await call(t.app, 'POST', '/api/payment/create-pack-session', { token, body: { packId: 'credits-250' } })).body.data;
    const ref = (started: { checkoutUrl: string }) => new URL(started.checkoutUrl).pathname.split('/').at(-1)!;
    const gone = stand.completePayment(ref(first))!;
    const completion = (started: { checkoutUrl: string; sessionId: string }, customer: string | null) => ({
      id: ref(started),
      object: 'checkout.session',
      client_reference_id: started.sessionId,
      payment_status: 'paid',
      subscription: null,
      customer,
    });
    expect((await deliver('checkout.session.completed', completion(first, gone))).body.data.outcome).toBe('applied');
    // Deleted from Stripe's dashboard, say: Stripe answers that it has no such customer.
    stand.customers.get(gone)!.deleted = true;

    const started = await call(t.app, 'POST', '/api/payment/create-pack-session', { token, body: { packId: 'credits-750' } });
    expect(started.status).toBe(200);
    const tries = stand.calls.filter((c) => c.method === 'POST' && c.path === '/v1/checkout/sessions').slice(-2);
    expect(tries.map((c) => [c.body.customer ?? null, c.body.customer_creation ?? null])).toEqual([
      [gone, null],
      [null, 'always'],
    ]);
    const fresh = stand.completePayment(ref(started.body.data))!;
    expect(fresh).not.toBe(gone);
    expect((await deliver('checkout.session.completed', completion(started.body.data, fresh))).body.data.outcome).toBe('applied');
    expect(await ledgerSum(t.app.services, user.id)).toBe(100 + 1000 + 250 + 750);
    // Both are recorded: deleting the account asks Stripe to delete each (one already gone counts as done).
    const recorded = await t.app.services.db.selectFrom('payment_customers').select('customer_ref').where('user_id', '=', user.id).execute();
    expect(recorded.map((row) => row.customer_ref).sort()).toEqual([gone, fresh].sort());

    // Any other refusal is not tried again: it is the caller's 4xx, and nothing opens or is granted.
    const callsBefore = stand.calls.length;
    stand.state.checkoutError = { status: 400, type: 'invalid_request_error', message: 'Amount must be at least $0.50 usd', code: 'amount_too_small' };
    const refused = await call(t.app, 'POST', '/api/payment/create-pack-session', { token, body: { packId: 'credits-250' } }).finally(() => {
      stand.state.checkoutError = null;
    });
    expect([refused.status, refused.body.error]).toEqual([422, 'CHECKOUT_REFUSED']);
    expect(stand.calls.slice(callsBefore).filter((c) => c.path === '/v1/checkout/sessions')).toHaveLength(1);
    expect(await ledgerSum(t.app.services, user.id)).toBe(100 + 1000 + 250 + 750);
  });

  it('grants a pack Stripe was paid for after a newer pack checkout replaced it, since the money was taken; the newer one still sells', async () => {
    const { token, user } = await subscriber('pro', 'monthly');
    const open = async (packId: string) => (await call(t.app, 'POST', '/api/payment/create-pack-session', { token, body: { packId } })).body.data;
    const ref = (started: { checkoutUrl: string }) => new URL(started.checkoutUrl).pathname.split('/').at(-1)!;
    const paidEvent = (started: { checkoutUrl: string; sessionId: string }, customer: string | null) => ({
      id: ref(started),
      object: 'checkout.session',
      client_reference_id: started.sessionId,
      payment_status: 'paid',
      subscription: null,
      customer,
    });
    const older = await open('credits-250');
    // Stripe does not take the expiry of the older checkout (it is being paid that moment in another tab).
    stand.state.refuse = {
      method: 'POST',
      path: new RegExp(`^/v1/checkout/sessions/${ref(older)}/expire$`),
      error: { status: 400, type: 'invalid_request_error', message: 'Only Checkout Sessions with a status in [open] can be expired.' },
    };
    const newer = await open('credits-750').finally(() => {
      stand.state.refuse = null;
    });
    expect((await call(t.app, 'GET', `/api/payment/session/${older.sessionId}`, { token })).body.data.status).toBe('canceled');

    const first = await deliver('checkout.session.completed', paidEvent(older, stand.completePayment(ref(older))));
    expect(first.body.data.outcome).toBe('applied');
    expect((await call(t.app, 'GET', `/api/payment/session/${older.sessionId}`, { token })).body.data).toMatchObject({ status: 'paid', creditsGranted: 250 });
    expect(await ledgerSum(t.app.services, user.id)).toBe(100 + 500 + 250);
    // Its retry grants nothing more, and the newer checkout is still the person's to pay.
    expect((await deliver('checkout.session.completed', paidEvent(older, null))).body.data.outcome).toBe('ignored');
    expect((await deliver('checkout.session.completed', paidEvent(newer, stand.completePayment(ref(newer))))).body.data.outcome).toBe('applied');
    expect(await ledgerSum(t.app.services, user.id)).toBe(100 + 500 + 250 + 750);
    const receipts = (await call(t.app, 'GET', '/api/payment/receipts', { token })).body.data.items;
    expect(receipts.map((r: { pack: string | null }) => r.pack).sort()).toEqual(['credits-250', 'credits-750', null]);
  });

  it('cancelling releases a waiting schedule first, since Stripe refuses to cancel a scheduled subscription directly', async () => {
    const { token, subscriptionId } = await subscriber('max', 'yearly');
    await change(t.app, token, 'pro', 'yearly');
    const schedule = stand.subscriptions.get(subscriptionId)!.schedule!;
    const cancelled = await call(t.app, 'POST', '/api/subscription/cancel', { token });
    expect(cancelled.status).toBe(200);
    expect(stand.schedules.get(schedule)!.status).toBe('released');
    expect(stand.subscriptions.get(subscriptionId)!.cancel_at_period_end).toBe(true);
    expect((await call(t.app, 'GET', '/api/user/subscription', { token })).body.data).toMatchObject({
      plan: 'premium',
      status: 'canceled',
      scheduledChange: null,
    });
  });

  it('undoing a cancellation has Stripe renew the subscription again, and a failure there changes nothing here', async () => {
    const { token, subscriptionId } = await subscriber('pro', 'monthly');
    expect((await call(t.app, 'POST', '/api/subscription/cancel', { token })).status).toBe(200);
    expect(stand.subscriptions.get(subscriptionId)!.cancel_at_period_end).toBe(true);

    stand.state.refuse = {
      method: 'POST',
      path: new RegExp(`^/v1/subscriptions/${subscriptionId}$`),
      error: { status: 500, type: 'api_error', message: 'Something went wrong on Stripe’s end.' },
    };
    let failed;
    try {
      failed = await call(t.app, 'DELETE', '/api/subscription/cancellation', { token });
    } finally {
      stand.state.refuse = null;
    }
    expect([failed.status, failed.body.error]).toEqual([502, 'RESUME_FAILED']);
    expect(stand.subscriptions.get(subscriptionId)!.cancel_at_period_end).toBe(true);
    expect((await call(t.app, 'GET', '/api/user/subscription', { token })).body.data).toMatchObject({ plan: 'pro', status: 'canceled' });

    const resumed = await call(t.app, 'DELETE', '/api/subscription/cancellation', { token });
    expect(resumed.status).toBe(200);
    expect(resumed.body.data).toMatchObject({ plan: 'pro', status: 'active' });
    expect(stand.subscriptions.get(subscriptionId)!.cancel_at_period_end).toBe(false);

    // Ended at Stripe before its end reached us: Stripe refuses to renew it, and nothing changes here.
    expect((await call(t.app, 'POST', '/api/subscription/cancel', { token })).status).toBe(200);
    stand.subscriptions.get(subscriptionId)!.status = 'canceled';
    const ended = await call(t.app, 'DELETE', '/api/subscription/cancellation', { token });
    expect([ended.status, ended.body.error]).toEqual([502, 'RESUME_FAILED']);
    expect((await call(t.app, 'GET', '/api/user/subscription', { token })).body.data).toMatchObject({ plan: 'pro', status: 'canceled' });
  });

  it('when Stripe releases the waiting change but refuses the cancellation, cancelling again goes on from the release', async () => {
    const { token, subscriptionId } = await subscriber('max', 'monthly');
    await change(t.app, token, 'pro', 'monthly');
    const schedule = stand.subscriptions.get(subscriptionId)!.schedule!;
    stand.state.refuse = {
      method: 'POST',
      path: new RegExp(`^/v1/subscriptions/${subscriptionId}$`),
      error: { status: 500, type: 'api_error', message: 'Something went wrong on Stripe’s end.' },
    };
    const refused = await call(t.app, 'POST', '/api/subscription/cancel', { token }).finally(() => {
      stand.state.refuse = null;
    });
    expect([refused.status, refused.body.error]).toEqual([502, 'CANCELLATION_FAILED']);
    expect(stand.schedules.get(schedule)!.status).toBe('released');
    expect((await call(t.app, 'GET', '/api/user/subscription', { token })).body.data).toMatchObject({
      plan: 'premium',
      status: 'active',
      scheduledChange: null,
    });

    expect((await call(t.app, 'POST', '/api/subscription/cancel', { token })).status).toBe(200);
    expect(stand.subscriptions.get(subscriptionId)!.cancel_at_period_end).toBe(true);
    expect(stand.calls.filter((c) => c.path === `/v1/subscription_schedules/${schedule}/release`)).toHaveLength(1);
  });

  it('keeps a renewal reported before its checkout’s completion and applies it, once, when the checkout arrives; both delivered twice', async () => {
    const { token, user } = await signUp(t.app);
    const started = (await change(t.app, token, 'pro', 'monthly')).body.data;
    const subscriptionId = stand.complete(new URL(started.checkoutUrl).pathname.split('/').at(-1)!);
    const renewal = stand.renew(subscriptionId);
    const checkoutAt = Math.floor(Date.now() / 1000);

    // The renewal arrives first: nobody has that subscription yet, so it waits, and grants nothing yet.
    const early = await deliver('invoice.paid', renewal, 'evt_early_renewal', renewal.lines.data[0]!.period.start);
    expect(early.body.data.outcome).toBe('deferred');
    expect((await deliver('invoice.paid', renewal, 'evt_early_renewal', renewal.lines.data[0]!.period.start)).body.data.outcome).toBe('duplicate');
    expect((await call(t.app, 'GET', '/api/user/subscription', { token })).body.data.plan).toBe('free');
    expect(await ledgerSum(t.app.services, user.id)).toBe(100);

    // The checkout's completion links the subscription, then the renewal applies in its turn.
    const outcomes = await Promise.all(
      [1, 2].map(() => deliver('checkout.session.completed', completion(started, subscriptionId), 'evt_late_checkout', checkoutAt)),
    );
    expect(outcomes.map((reply) => reply.body.data.outcome).sort()).toEqual(['applied', 'duplicate']);
    await expectRenewedOnce(t.app, token, user.id, renewal.lines.data[0]!.period.end);
    expect((await call(t.app, 'GET', '/api/user/subscription', { token })).body.data.billingCycle).toBe('monthly');

    // Stripe retries both once more, under new deliveries of the same events: nothing moves.
    expect((await deliver('invoice.paid', renewal, 'evt_early_renewal')).body.data.outcome).toBe('duplicate');
    expect((await deliver('checkout.session.completed', completion(started, subscriptionId), 'evt_late_checkout')).body.data.outcome).toBe('duplicate');
    expect(await ledgerSum(t.app.services, user.id)).toBe(1100);
  });

  it('follows customer.subscription.updated by the event’s time: an older one delivered late changes nothing; plan, cancellation and status are taken over', async () => {
    const { token, user, subscriptionId } = await subscriber('pro', 'monthly');
    const t0 = Math.floor(Date.now() / 1000) + 60;
    const proNow = stand.subscriptions.get(subscriptionId)!;
    const state = (overrides: Record<string, unknown>) => ({ ...structuredClone(proNow), ...overrides });
    const read = async () => (await call(t.app, 'GET', '/api/user/subscription', { token })).body.data;

    // Cancelled at Stripe (the dashboard, the customer portal): the plan stays until the period ends.
    expect((await deliver('customer.subscription.updated', state({ cancel_at_period_end: true }), 'evt_cancel', t0 + 10)).body.data.outcome).toBe('applied');
    expect(await read()).toMatchObject({ plan: 'pro', status: 'canceled' });
    // An update from before the cancellation, delivered after it, does not undo it.
    expect((await deliver('customer.subscription.updated', state({ cancel_at_period_end: false }), 'evt_before_cancel', t0 + 5)).body.data.outcome).toBe(
      'stale',
    );
    expect(await read()).toMatchObject({ plan: 'pro', status: 'canceled' });
    // Taken back later at Stripe: active again.
    expect((await deliver('customer.subscription.updated', state({ cancel_at_period_end: false }), 'evt_resume', t0 + 20)).body.data.outcome).toBe('applied');
    expect(await read()).toMatchObject({ plan: 'pro', status: 'active' });

    // Moved to Max's price at Stripe: the site's plan follows the price (credits come only with money).
    const item = proNow.items.data[0]!;
    const onMax = state({
      items: { object: 'list', data: [{ ...item, price: { ...item.price, id: 'price_max', product: 'reelmint_premium', unit_amount: 3900 } }] },
    });
    const twice = await Promise.all([1, 2].map(() => deliver('customer.subscription.updated', onMax, 'evt_to_max', t0 + 30)));
    expect(twice.map((reply) => reply.body.data.outcome).sort()).toEqual(['applied', 'duplicate']);
    expect(await read()).toMatchObject({ plan: 'premium', features: PLAN_FEATURES.premium, billingCycle: 'monthly', status: 'active' });
    expect(await ledgerSum(t.app.services, user.id)).toBe(600);

    // The end is final, whenever it is reported; later news of that subscription cannot bring it back.
    expect((await deliver('customer.subscription.deleted', state({ status: 'canceled' }), 'evt_deleted', t0 + 25)).body.data.outcome).toBe('applied');
    expect(await read()).toMatchObject({ plan: 'free', scheduledChange: null });
    await deliver('customer.subscription.updated', onMax, 'evt_after_end', t0 + 40);
    expect(await read()).toMatchObject({ plan: 'free' });
  });

  it('an end reported before the checkout’s completion ends the subscription that checkout links', async () => {
    const { token } = await signUp(t.app);
    const started = (await change(t.app, token, 'max', 'monthly')).body.data;
    const subscriptionId = stand.complete(new URL(started.checkoutUrl).pathname.split('/').at(-1)!);
    const at = Math.floor(Date.now() / 1000);
    expect(
      (await deliver('customer.subscription.deleted', { ...stand.subscriptions.get(subscriptionId)!, status: 'canceled' }, 'evt_end_first', at + 5)).body.data
        .outcome,
    ).toBe('deferred');
    expect((await deliver('checkout.session.completed', completion(started, subscriptionId), 'evt_checkout_after_end', at)).body.data.outcome).toBe('applied');
    expect((await call(t.app, 'GET', '/api/user/subscription', { token })).body.data).toMatchObject({ plan: 'free' });
  });

  it('answers a checkout Stripe refuses as invalid with a 4xx and its reason; only an outage is a 502, a rate limit a 503; nothing opens or is granted', async () => {
    const { token, user } = await signUp(t.app);
    const attempt = () => call(t.app, 'POST', '/api/payment/create-subscription-session', { token, body: { planName: 'pro', billingCycle: 'monthly' } });
    const cases = [
      {
        error: { status: 400, type: 'invalid_request_error', message: 'Amount must be no more than $999,999.99', code: 'amount_too_large' },
        status: 422,
        code: 'CHECKOUT_REFUSED',
      },
      { error: { status: 429, type: 'rate_limit_error', message: 'Too many requests hit the API too quickly.' }, status: 503, code: 'PAYMENT_PROVIDER_BUSY' },
      { error: { status: 500, type: 'api_error', message: 'Something went wrong on Stripe’s end.' }, status: 502, code: 'UPGRADE_FAILED' },
    ];
    try {
      for (const { error, status, code } of cases) {
        stand.state.checkoutError = error;
        const reply = await attempt();
        expect([reply.status, reply.body.error]).toEqual([status, code]);
        expect(reply.body.message).toEqual(expect.any(String));
        expect(JSON.stringify(reply.body)).not.toMatch(/at .*\.ts:\d+/);
        // A refusal carries the provider's reason, so the caller can tell what to change.
        if (status === 422) expect(reply.body.message).toContain('Amount must be no more than');
      }
    } finally {
      stand.state.checkoutError = null;
    }
    expect((await call(t.app, 'GET', '/api/user/subscription', { token })).body.data.plan).toBe('free');
    expect(await ledgerSum(t.app.services, user.id)).toBe(100);
    // Once Stripe takes checkouts again, the same request opens one.
    expect((await attempt()).status).toBe(200);
  });

  it('answers a change or schedule Stripe refuses as invalid with 422 PLAN_CHANGE_REFUSED and its reason, a rate limit with 503, an outage with 502; nothing changes, and a waiting move down is put back', async () => {
    const { token, user, subscriptionId } = await subscriber('max', 'monthly');
    const invalid = { status: 400, type: 'invalid_request_error', message: 'This customer has no attached payment source or default payment method.' };
    const updatePath = new RegExp(`^/v1/subscriptions/${subscriptionId}$`);
    const state = async () => ({
      subscription: (await call(t.app, 'GET', '/api/user/subscription', { token })).body.data,
      balance: await ledgerSum(t.app.services, user.id),
      receipts: (await call(t.app, 'GET', '/api/payment/receipts', { token })).body.data.total,
    });
    const refusedWith = async (refuse: typeof stand.state.refuse, attempt: () => ReturnType<typeof change>) => {
      stand.state.refuse = refuse;
      try {
        return await attempt();
      } finally {
        stand.state.refuse = null;
      }
    };

    const before = await state();
    const cases = [
      { error: invalid, status: 422, code: 'PLAN_CHANGE_REFUSED' },
      { error: { status: 429, type: 'rate_limit_error', message: 'Too many requests hit the API too quickly.' }, status: 503, code: 'PAYMENT_PROVIDER_BUSY' },
      { error: { status: 500, type: 'api_error', message: 'Something went wrong on Stripe’s end.' }, status: 502, code: 'UPGRADE_FAILED' },
    ];
    for (const { error, status, code } of cases) {
      const reply = await refusedWith({ method: 'POST', path: updatePath, error }, () => change(t.app, token, 'max', 'yearly'));
      expect([reply.status, reply.body.error]).toEqual([status, code]);
      if (status === 422) {
        expect(reply.body.message).toContain('refused this change');
        expect(reply.body.message).toContain('no attached payment source');
      }
      if (status === 503) expect(reply.body.retryAfterSeconds).toBe(60);
      expect(await state()).toEqual(before);
    }

    // A schedule Stripe refuses to create: no move down waits, here or there.
    const noSchedule = await refusedWith({ method: 'POST', path: /^\/v1\/subscription_schedules$/, error: invalid }, () =>
      change(t.app, token, 'pro', 'monthly'),
    );
    expect([noSchedule.status, noSchedule.body.error]).toEqual([422, 'PLAN_CHANGE_REFUSED']);
    expect(await state()).toEqual(before);
    expect(stand.subscriptions.get(subscriptionId)!.schedule).toBeNull();

    // Refused half way (the new phase): the schedule Stripe made is let go, and nothing waits.
    const halfway = await refusedWith({ method: 'POST', path: /^\/v1\/subscription_schedules\/[^/]+$/, error: invalid }, () =>
      change(t.app, token, 'pro', 'monthly'),
    );
    expect([halfway.status, halfway.body.error]).toEqual([422, 'PLAN_CHANGE_REFUSED']);
    expect(await state()).toEqual(before);
    expect(stand.subscriptions.get(subscriptionId)!.schedule).toBeNull();

    // With a move down waiting, a refused move up leaves it waiting (Stripe needed it released to try).
    const scheduled = await change(t.app, token, 'pro', 'monthly');
    expect(scheduled.body.data.kind).toBe('scheduled');
    const waiting = await state();
    const up = await refusedWith({ method: 'POST', path: updatePath, error: invalid }, () => change(t.app, token, 'max', 'yearly'));
    expect([up.status, up.body.error]).toEqual([422, 'PLAN_CHANGE_REFUSED']);
    expect(await state()).toEqual(waiting);
    const schedule = stand.schedules.get(stand.subscriptions.get(subscriptionId)!.schedule!)!;
    expect(schedule.status).toBe('active');
    expect(schedule.phases[1]!.items[0]!.price_data).toMatchObject({ unit_amount: '1300', recurring: { interval: 'month' } });
  });

  type SweepLine = { details: Record<string, unknown>; message: string };
  /** Starts the sweeper of kept events as the API does, and answers the lines its first pass logged. */
  async function firstSweep(): Promise<SweepLine[]> {
    const lines: SweepLine[] = [];
    let swept!: () => void;
    const done = new Promise<void>((resolve) => {
      swept = resolve;
    });
    const stop = startDeferredEventSweeper(
      t.app.services,
      { maxAgeMs: 7 * 24 * 3600_000, sweepEveryMs: 3600_000 },
      {
        warn: (details, message) => {
          lines.push({ details: details as Record<string, unknown>, message });
          swept();
        },
      },
    );
    await done;
    stop();
    return lines;
  }

  it('gives up, with a log line, an event kept for a subscription no checkout linked within the limit; a younger one is kept', async () => {
    const invoiceFor = (subscription: string, id: string) => ({
      id,
      object: 'invoice',
      billing_reason: 'subscription_cycle',
      amount_paid: 1300,
      parent: { subscription_details: { subscription } },
      lines: { data: [{ period: { start: Math.floor(Date.now() / 1000), end: Math.floor(Date.now() / 1000) + 30 * 86400 } }] },
    });
    expect((await deliver('invoice.paid', invoiceFor('sub_never_linked', 'in_never'), 'evt_never_linked')).body.data.outcome).toBe('deferred');
    const kept = () =>
      t.app.services.db
        .selectFrom('deferred_payment_events')
        .select(['id', 'provider_subscription_id'])
        .where('provider_subscription_id', 'like', 'sub_%_linked')
        .execute();
    let lines: SweepLine[] = [];
    try {
      offsetMs = 8 * 24 * 3600_000;
      expect((await deliver('invoice.paid', invoiceFor('sub_later_linked', 'in_later'), 'evt_later_linked')).body.data.outcome).toBe('deferred');
      lines = await firstSweep();
    } finally {
      offsetMs = 0;
    }
    // The sweep logs every event it settles at once; those of other tests, if any, are not this test's business.
    expect(lines.filter((line) => String(line.details.subscription).endsWith('_linked'))).toEqual([
      {
        details: expect.objectContaining({
          event: 'stripe:evt_never_linked',
          type: 'subscription.renewed',
          subscription: 'sub_never_linked',
          outcome: 'dropped',
        }),
        message: 'dropped a payment event kept for a subscription no checkout ever linked',
      },
    ]);
    expect(await kept()).toEqual([{ id: 'stripe:evt_later_linked', provider_subscription_id: 'sub_later_linked' }]);
    // Nothing old is left to sweep: a second pass settles nothing.
    expect(await sweepDeferredEvents(t.app.services, 7 * 24 * 3600_000)).toEqual([]);
  });

  it('applies, with a log line, a kept event whose subscription is linked by the time the sweep finds it, once', async () => {
    const { token, user } = await signUp(t.app);
    const started = (await change(t.app, token, 'pro', 'monthly')).body.data;
    const subscriptionId = stand.complete(new URL(started.checkoutUrl).pathname.split('/').at(-1)!);
    const renewal = stand.renew(subscriptionId);
    expect((await deliver('invoice.paid', renewal, 'evt_waited_renewal', renewal.lines.data[0]!.period.start)).body.data.outcome).toBe('deferred');
    const keptRow = () => t.app.services.db.selectFrom('deferred_payment_events').selectAll().where('provider_subscription_id', '=', subscriptionId).execute();
    // The checkout that links a subscription replays what waited for it in the same transaction, so
    // the sweep's own apply is the safeguard for a kept row that outlives the link: to reach it,
    // the row is set aside while the checkout links the subscription, then put back.
    const [held] = await keptRow();
    expect(held).toBeDefined();
    await t.app.services.db.deleteFrom('deferred_payment_events').where('id', '=', held!.id).execute();
    expect((await deliver('checkout.session.completed', completion(started, subscriptionId), 'evt_links_waited')).body.data.outcome).toBe('applied');
    await t.app.services.db.insertInto('deferred_payment_events').values(held!).execute();
    expect(await ledgerSum(t.app.services, user.id)).toBe(100 + 500);

    let lines: SweepLine[] = [];
    try {
      offsetMs = 8 * 24 * 3600_000;
      lines = await firstSweep();
    } finally {
      offsetMs = 0;
    }
    expect(lines.filter((line) => line.details.subscription === subscriptionId)).toEqual([
      {
        details: expect.objectContaining({ event: 'stripe:evt_waited_renewal', type: 'subscription.renewed', outcome: 'applied' }),
        message: 'applied a kept payment event to its subscription',
      },
    ]);
    // The renewal did what it would have done on arrival: the next period, its credits and its receipt.
    await expectRenewedOnce(t.app, token, user.id, renewal.lines.data[0]!.period.end);
    // Settled once: the row is gone, a later pass finds nothing of it, and Stripe's retry is a duplicate.
    expect(await keptRow()).toEqual([]);
    offsetMs = 8 * 24 * 3600_000;
    try {
      expect((await sweepDeferredEvents(t.app.services, 7 * 24 * 3600_000)).filter((swept) => swept.providerSubscriptionId === subscriptionId)).toEqual([]);
    } finally {
      offsetMs = 0;
    }
    expect((await deliver('invoice.paid', renewal, 'evt_waited_renewal')).body.data.outcome).toBe('duplicate');
    expect(await ledgerSum(t.app.services, user.id)).toBe(1100);
  });

  it('keeps a Stripe plan while its renewal is late, and the late renewal still grants once', async () => {
    const { token, user, subscriptionId } = await subscriber('pro', 'monthly');
    const invoice = stand.renew(subscriptionId);
    // An hour after the period ended, before the renewal webhook has arrived.
    offsetMs = (invoice.lines.data[0]!.period.start + 3600) * 1000 - Date.now();
    try {
      expect((await call(t.app, 'GET', '/api/user/subscription', { token })).body.data).toMatchObject({ plan: 'pro', status: 'active' });
      expect((await deliver('invoice.paid', invoice)).body.data.outcome).toBe('applied');
      expect((await call(t.app, 'GET', '/api/user/subscription', { token })).body.data.expiresAt).toBe(
        new Date(invoice.lines.data[0]!.period.end * 1000).toISOString(),
      );
      expect(await ledgerSum(t.app.services, user.id)).toBe(100 + 500 + 500);
    } finally {
      offsetMs = 0;
    }
  });
});
