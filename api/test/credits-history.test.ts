import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, signUp } from './helpers.ts';
import type { TestApp } from './helpers.ts';

describe('credits history', () => {
  let t: TestApp;
  let clock = new Date('2026-04-01T09:00:00Z');
  const tick = () => {
    clock = new Date(clock.getTime() + 60_000);
  };
  beforeAll(async () => {
    t = await createTestApp({ now: () => clock, worker: false });
  });
  afterAll(async () => t.close());

  const history = (token: string | undefined, query = '') => call(t.app, 'GET', `/api/user/credits/history${query}`, { token });

  it('lists every grant, spend, refund and plan purchase of the person, newest first, with what each was for', async () => {
    const { token } = await signUp(t.app);
    tick();
    const spend = await call(t.app, 'POST', '/api/user/credits/deduct', {
      token,
      headers: { 'idempotency-key': 'h-1' },
      body: { amount: 30, metadata: { type: 'video_generation', timestamp: clock.toISOString() } },
    });
    tick();
    await call(t.app, 'POST', '/api/user/credits/refund', {
      token,
      headers: { 'idempotency-key': 'h-2' },
      body: { amount: 10, reason: 'partial', transactionId: spend.body.data.transactionId },
    });
    tick();
    const checkout = await call(t.app, 'POST', '/api/payment/create-subscription-session', { token, body: { planName: 'pro', billingCycle: 'monthly' } });
    tick();
    const paid = await call(t.app, 'POST', `/api/payment/checkout/${checkout.body.data.sessionId}/pay`, { token });
    expect(paid.status).toBe(303);
    tick();
    const generate = await call(t.app, 'POST', '/api/videos/generate', {
      token,
      body: { type: 'text-to-video', prompt: 'A lighthouse at dusk', model: 'v2.0', resolution: '720p', duration: '10s' },
    });
    expect(generate.status).toBe(202);

    const reply = await history(token);
    expect(reply.status).toBe(200);
    expect(reply.body.data).toMatchObject({ page: 1, perPage: 20, total: 5 });
    const items = reply.body.data.items;
    expect(items.map((item: { purpose: string }) => item.purpose)).toEqual(['generation', 'plan', 'refund', 'spend', 'signup']);
    expect(items[0]).toMatchObject({
      kind: 'spend',
      amount: -45,
      balanceAfter: 535,
      videoId: generate.body.data.id,
      model: 'v2.0',
      resolution: '720p',
      duration: '10s',
    });
    expect(items[1]).toMatchObject({ kind: 'grant', amount: 500, balanceAfter: 580, plan: 'pro', billingCycle: 'monthly' });
    expect(items[2]).toMatchObject({ kind: 'refund', amount: 10, balanceAfter: 80 });
    expect(items[3]).toMatchObject({ kind: 'spend', amount: -30, balanceAfter: 70 });
    expect(items[4]).toMatchObject({ kind: 'grant', amount: 100, balanceAfter: 100, plan: null, videoId: null });
    expect(items[0].createdAt > items[1].createdAt).toBe(true);
  });

  it('lists entries of one instant in the order they were written: each entry’s balance is the one before it plus its amount', async () => {
    // No tick: every entry below has the same time to the millisecond, and an upgrade writes two in one transaction.
    const { token } = await signUp(t.app);
    const pay = async (sessionId: string) => expect((await call(t.app, 'POST', `/api/payment/checkout/${sessionId}/pay`, { token })).status).toBe(303);
    await pay(
      (await call(t.app, 'POST', '/api/payment/create-subscription-session', { token, body: { planName: 'pro', billingCycle: 'monthly' } })).body.data
        .sessionId,
    );
    for (let i = 0; i < 3; i += 1) {
      await call(t.app, 'POST', '/api/user/credits/deduct', {
        token,
        headers: { 'idempotency-key': `instant-${i}` },
        body: { amount: i + 1, metadata: { type: 'video_generation', timestamp: clock.toISOString() } },
      });
    }
    await pay((await call(t.app, 'POST', '/api/subscription/change', { token, body: { planName: 'max', billingCycle: 'monthly' } })).body.data.sessionId);

    const items = (await history(token)).body.data.items as { amount: number; balanceAfter: number; createdAt: string }[];
    expect(new Set(items.map((item) => item.createdAt)).size).toBe(1);
    expect(items.length).toBeGreaterThanOrEqual(7);
    expect(items[0]!.balanceAfter).toBe((await call(t.app, 'GET', '/api/user/credits', { token })).body.data.balance);
    for (let i = 0; i + 1 < items.length; i += 1) {
      expect(items[i]!.balanceAfter - items[i]!.amount, `entry ${i} follows entry ${i + 1}`).toBe(items[i + 1]!.balanceAfter);
    }
  });

  it('pages, shows nobody else’s rows, and refuses a bad page or no session with a 4xx that changes nothing', async () => {
    const { token } = await signUp(t.app);
    const other = await signUp(t.app);
    for (let i = 0; i < 3; i += 1) {
      tick();
      await call(t.app, 'POST', '/api/user/credits/deduct', {
        token,
        headers: { 'idempotency-key': `page-${i}` },
        body: { amount: i + 1, metadata: { type: 'video_generation', timestamp: clock.toISOString() } },
      });
    }
    const first = await history(token, '?page=1&per_page=2');
    const second = await history(token, '?page=2&per_page=2');
    expect(first.body.data).toMatchObject({ total: 4, page: 1, perPage: 2 });
    expect(first.body.data.items.map((item: { amount: number }) => item.amount)).toEqual([-3, -2]);
    expect(second.body.data.items.map((item: { amount: number }) => item.amount)).toEqual([-1, 100]);
    expect((await history(other.token)).body.data.items).toHaveLength(1);

    expect(await history(undefined)).toMatchObject({ status: 401, body: { error: 'UNAUTHENTICATED' } });
    for (const query of ['?page=0', '?per_page=51', '?page=abc', '?since=1']) {
      const bad = await history(token, query);
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject({ success: false, error: 'VALIDATION_ERROR' });
    }
  });
});
