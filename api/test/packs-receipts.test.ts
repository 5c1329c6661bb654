import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerSum } from '../src/credits/ledger.ts';
import { call, createTestApp, signUp } from './helpers.ts';
import type { TestApp } from './helpers.ts';

type App = TestApp['app'];

const pathOf = (url: string) => new URL(url).pathname + new URL(url).search;

async function payLocal(app: App, token: string, sessionId: string) {
  const paid = await call(app, 'POST', `/api/payment/checkout/${sessionId}/pay`, { token });
  expect(paid.status).toBe(303);
}

describe('credit packs and receipts with the local provider', () => {
  let t: TestApp;
  let clock = new Date('2026-08-03T15:30:00Z');
  beforeAll(async () => {
    t = await createTestApp({ now: () => clock, worker: false, accessTokenTtlSeconds: 400 * 24 * 3600 });
  });
  afterAll(async () => t.close());

  async function member(planName: string, billingCycle: 'monthly' | 'yearly') {
    const person = await signUp(t.app);
    const started = await call(t.app, 'POST', '/api/payment/create-subscription-session', { token: person.token, body: { planName, billingCycle } });
    await payLocal(t.app, person.token, started.body.data.sessionId);
    return person;
  }

  it('lists the packs publicly, and sells them only to members of a paid plan', async () => {
    const packs = await call(t.app, 'GET', '/api/credits/packs');
    expect(packs.body.data).toEqual([
      { id: 'credits-250', credits: 250, price: 8, currency: 'USD' },
      { id: 'credits-750', credits: 750, price: 20, currency: 'USD' },
      { id: 'credits-2000', credits: 2000, price: 53, currency: 'USD' },
    ]);
    // A plan stays the better deal: every pack costs more per credit than the cheapest monthly grant (Pro's), and a
    // larger pack costs less per credit than a smaller one.
    const plans = (await call(t.app, 'GET', '/api/subscription/plans')).body.data as { price: number; credits: number }[];
    const cheapestMonthly = Math.min(...plans.filter((plan) => plan.price > 0).map((plan) => plan.price / plan.credits));
    const perCredit = (packs.body.data as { price: number; credits: number }[]).map((pack) => pack.price / pack.credits);
    expect(perCredit.every((cost) => cost > cheapestMonthly)).toBe(true);
    expect(perCredit).toEqual([...perCredit].sort((a, b) => b - a));
    const free = await signUp(t.app);
    const refused = await call(t.app, 'POST', '/api/payment/create-pack-session', { token: free.token, body: { packId: 'credits-250' } });
    expect([refused.status, refused.body.error]).toEqual([409, 'PLAN_REQUIRED']);
    const { token } = await member('pro', 'monthly');
    const unknown = await call(t.app, 'POST', '/api/payment/create-pack-session', { token, body: { packId: 'credits-1' } });
    expect([unknown.status, unknown.body.error]).toEqual([400, 'INVALID_PACK']);
    expect((await call(t.app, 'POST', '/api/payment/create-pack-session', { body: { packId: 'credits-250' } })).status).toBe(401);
    expect((await call(t.app, 'GET', '/api/payment/receipts')).status).toBe(401);
    expect((await call(t.app, 'GET', '/api/user/credits', { token: free.token })).body.data.balance).toBe(100);
  });

  it('a Pro member buys 750 credits through the test checkout: granted once, the plan untouched, and a receipt for each payment', async () => {
    const { token, user } = await member('pro', 'monthly');
    const bought = clock;
    clock = new Date(clock.getTime() + 60_000);
    const before = (await call(t.app, 'GET', '/api/user/subscription', { token })).body.data;
    // An open plan checkout and a pack checkout do not close each other.
    const planCheckout = await call(t.app, 'POST', '/api/payment/create-subscription-session', { token, body: { planName: 'max', billingCycle: 'monthly' } });
    const started = await call(t.app, 'POST', '/api/payment/create-pack-session', { token, body: { packId: 'credits-750', source: 'modal' } });
    expect(started.status).toBe(200);
    const page = await t.app.inject({ method: 'GET', url: pathOf(started.body.data.checkoutUrl) });
    expect(page.body).toContain('Reelmint 750 credits');
    expect(page.body).toContain('One-time payment');
    expect(page.body).toContain('Pay $20.00');

    await payLocal(t.app, token, started.body.data.sessionId);
    await payLocal(t.app, token, started.body.data.sessionId);
    expect((await call(t.app, 'GET', `/api/payment/session/${started.body.data.sessionId}`, { token })).body.data).toMatchObject({
      kind: 'pack',
      pack: 'credits-750',
      status: 'paid',
      amount: 20,
      creditsGranted: 750,
      creditsTakenBack: 0,
      balance: 1350,
    });
    expect(await ledgerSum(t.app.services, user.id)).toBe(100 + 500 + 750);
    expect((await call(t.app, 'GET', '/api/user/subscription', { token })).body.data).toEqual(before);
    expect((await call(t.app, 'GET', `/api/payment/session/${planCheckout.body.data.sessionId}`, { token })).body.data.status).toBe('open');
    const history = await call(t.app, 'GET', '/api/user/credits/history', { token });
    expect(history.body.data.items[0]).toMatchObject({ kind: 'grant', amount: 750, purpose: 'pack' });

    const receipts = await call(t.app, 'GET', '/api/payment/receipts', { token });
    expect(receipts.body.data).toMatchObject({ page: 1, perPage: 20, total: 2 });
    expect(receipts.body.data.items).toEqual([
      {
        id: expect.stringMatching(/^rcpt_/),
        kind: 'pack',
        plan: null,
        billingCycle: null,
        pack: 'credits-750',
        amount: 20,
        listPrice: 20,
        currency: 'USD',
        credits: 750,
        creditsTakenBack: 0,
        provider: 'local',
        createdAt: clock.toISOString(),
      },
      {
        id: expect.stringMatching(/^rcpt_/),
        kind: 'plan',
        plan: 'pro',
        billingCycle: 'monthly',
        pack: null,
        amount: 13,
        listPrice: 13,
        currency: 'USD',
        credits: 500,
        creditsTakenBack: 0,
        provider: 'local',
        createdAt: bought.toISOString(),
      },
    ]);
    // Receipts are private.
    const stranger = await signUp(t.app);
    expect((await call(t.app, 'GET', '/api/payment/receipts', { token: stranger.token })).body.data).toMatchObject({ items: [], total: 0 });
  });

  it('refuses to take payment through a pack checkout a newer one replaced or its owner cancelled, granting nothing', async () => {
    const { token, user } = await member('pro', 'monthly');
    const open = async (packId: string) => (await call(t.app, 'POST', '/api/payment/create-pack-session', { token, body: { packId } })).body.data;
    const replaced = await open('credits-250');
    const newer = await open('credits-750');
    const late = await call(t.app, 'POST', `/api/payment/checkout/${replaced.sessionId}/pay`, { token });
    expect([late.status, late.body.error]).toEqual([409, 'SESSION_CLOSED']);
    expect((await call(t.app, 'POST', `/api/payment/checkout/${newer.sessionId}/cancel`, { token })).status).toBe(303);
    const cancelled = await call(t.app, 'POST', `/api/payment/checkout/${newer.sessionId}/pay`, { token });
    expect([cancelled.status, cancelled.body.error]).toEqual([409, 'SESSION_CLOSED']);
    expect(await ledgerSum(t.app.services, user.id)).toBe(100 + 500);
    expect((await call(t.app, 'GET', '/api/payment/receipts', { token })).body.data.total).toBe(1);
  });

  it('gives a move up a receipt with what was paid beside the list price, and the scheduled move down one when it starts', async () => {
    const start = clock;
    const { token } = await member('pro', 'monthly');
    try {
      clock = new Date('2026-08-10T15:30:00Z');
      const up = await call(t.app, 'POST', '/api/subscription/change', { token, body: { planName: 'max', billingCycle: 'monthly' } });
      await payLocal(t.app, token, up.body.data.sessionId);
      const upgraded = (await call(t.app, 'GET', '/api/payment/receipts', { token })).body.data.items[0];
      expect(upgraded).toMatchObject({ kind: 'plan', plan: 'premium', listPrice: 39, credits: 1000 });
      expect(upgraded.amount).toBeLessThan(39);
      expect(upgraded.amount).toBeGreaterThan(39 - 13);
      // A week of Pro used: what was left of its 500 credits went back, and the receipt lists it as the ledger has it.
      const history = (await call(t.app, 'GET', '/api/user/credits/history', { token })).body.data.items;
      const takeBack = history.find((item: { purpose: string }) => item.purpose === 'plan-change');
      expect(takeBack).toMatchObject({ kind: 'forfeit' });
      expect(upgraded.creditsTakenBack).toBe(-takeBack.amount);
      expect(upgraded.creditsTakenBack).toBeGreaterThan(0);
      expect(upgraded.creditsTakenBack).toBeLessThan(500);

      await call(t.app, 'POST', '/api/subscription/change', { token, body: { planName: 'pro', billingCycle: 'monthly' } });
      clock = new Date('2026-09-11T00:00:00Z');
      const receipts = (await call(t.app, 'GET', '/api/payment/receipts', { token })).body.data;
      expect(receipts.total).toBe(3);
      expect(receipts.items[0]).toMatchObject({
        kind: 'renewal',
        plan: 'pro',
        billingCycle: 'monthly',
        amount: 13,
        credits: 500,
        creditsTakenBack: 0,
        provider: 'local',
      });
    } finally {
      clock = start;
    }
  });

  it('pages receipts and refuses a bad page', async () => {
    const { token } = await member('pro', 'monthly');
    for (let i = 0; i < 2; i += 1) {
      clock = new Date(clock.getTime() + 60_000);
      const pack = await call(t.app, 'POST', '/api/payment/create-pack-session', { token, body: { packId: 'credits-250' } });
      await payLocal(t.app, token, pack.body.data.sessionId);
    }
    const second = await call(t.app, 'GET', '/api/payment/receipts?page=2&per_page=2', { token });
    expect(second.body.data).toMatchObject({ page: 2, perPage: 2, total: 3 });
    expect(second.body.data.items.map((r: { kind: string }) => r.kind)).toEqual(['plan']);
    const bad = await call(t.app, 'GET', '/api/payment/receipts?page=0', { token });
    expect([bad.status, bad.body.error]).toEqual([400, 'VALIDATION_ERROR']);
  });
});
