import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditCost } from '@reelmint/contract/pricing';
import { ledgerSum } from '../src/credits/ledger.ts';
import { claimNextJob } from '../src/videos/jobs.ts';
import { call, createTestApp, ScriptedEngine, signUp, waitFor } from './helpers.ts';
import type { TestApp } from './helpers.ts';

const text = (extra: Record<string, unknown> = {}) => ({
  type: 'text-to-video',
  prompt: 'Rain on a tin roof',
  model: 'v2.0',
  resolution: '1080p',
  duration: '10s',
  ...extra,
});

/** A new person on `plan` (monthly), bought through the local checkout, then left with `balance` credits. */
async function member(t: TestApp, plan: 'pro' | 'max', balance: number) {
  const person = await signUp(t.app);
  const checkout = await call(t.app, 'POST', '/api/payment/create-subscription-session', {
    token: person.token,
    body: { planName: plan, billingCycle: 'monthly' },
  });
  expect((await call(t.app, 'POST', `/api/payment/checkout/${checkout.body.data.sessionId}/pay`, { token: person.token })).status).toBe(303);
  const { balance: before } = (await call(t.app, 'GET', '/api/user/credits', { token: person.token })).body.data;
  const spent = await call(t.app, 'POST', '/api/user/credits/deduct', {
    token: person.token,
    headers: { 'idempotency-key': `spend-${person.user.id}` },
    body: { amount: before - balance, metadata: { type: 'video_generation', timestamp: new Date().toISOString() } },
  });
  expect(spent.body.data.newBalance).toBe(balance);
  return person;
}

describe('Max’s relaxed queue', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ engine: new ScriptedEngine('succeed'), worker: false });
  });
  afterAll(async () => t.close());

  it('lets a Max member with no credits left generate on the relaxed queue for nothing, one video at a time', async () => {
    const { token, user } = await member(t, 'max', 0);
    const queued = await call(t.app, 'POST', '/api/videos/generate', { token, body: text({ queue: 'relaxed' }) });
    expect(queued.status).toBe(202);
    expect(queued.body.data).toMatchObject({ status: 'queued', cost: 0, newBalance: 0, queue: 'relaxed' });
    expect((await call(t.app, 'GET', `/api/videos/status/${queued.body.data.id}`, { token })).body.data).toMatchObject({ queue: 'relaxed', cost: 0 });

    // One relaxed video at a time; a paid one still needs the credits.
    const second = await call(t.app, 'POST', '/api/videos/generate', { token, body: text({ queue: 'relaxed', prompt: 'Another' }) });
    expect([second.status, second.body.error]).toEqual([429, 'RELAXED_JOB_ACTIVE']);
    const paid = await call(t.app, 'POST', '/api/videos/generate', { token, body: text({ queue: 'priority' }) });
    expect([paid.status, paid.body.error]).toEqual([402, 'INSUFFICIENT_CREDITS']);
    expect(paid.body.required).toBe(creditCost({ model: 'v2.0', resolution: '1080p', duration: '10s' }));
    expect(await ledgerSum(t.app.services, user.id)).toBe(0);

    // Once it has finished, the next relaxed video may go.
    await t.app.services.db.updateTable('videos').set({ status: 'succeeded', progress: 100 }).where('id', '=', queued.body.data.id).execute();
    expect((await call(t.app, 'POST', '/api/videos/generate', { token, body: text({ queue: 'relaxed', prompt: 'Another' }) })).status).toBe(202);
    const history = (await call(t.app, 'GET', '/api/user/credits/history', { token })).body.data.items;
    expect(history[0]).toMatchObject({ kind: 'spend', amount: 0, purpose: 'generation' });
  });

  it('refuses the relaxed queue to other plans and charges nothing', async () => {
    const free = await signUp(t.app);
    const pro = await member(t, 'pro', 500);
    for (const person of [free, pro]) {
      const refused = await call(t.app, 'POST', '/api/videos/generate', {
        token: person.token,
        body: text({ queue: 'relaxed', model: 'v1.0', resolution: '512p' }),
      });
      expect([refused.status, refused.body.error]).toEqual([403, 'RELAXED_QUEUE_UNAVAILABLE']);
      expect(refused.body.upgradeRequired).toBe(true);
    }
    expect((await call(t.app, 'GET', '/api/user/credits', { token: pro.token })).body.data.balance).toBe(500);
    expect((await call(t.app, 'GET', '/api/videos/history', { token: pro.token })).body.data.total).toBe(0);
    const bad = await call(t.app, 'POST', '/api/videos/generate', { token: pro.token, body: text({ queue: 'slow' }) });
    expect([bad.status, bad.body.error]).toEqual([400, 'VALIDATION_ERROR']);
  });

  it('hands the worker every queued priority job before a relaxed one, however long the relaxed one has waited', async () => {
    const max = await member(t, 'max', 0);
    const pro = await member(t, 'pro', 500);
    const relaxed = await call(t.app, 'POST', '/api/videos/generate', { token: max.token, body: text({ queue: 'relaxed', prompt: 'Waits' }) });
    const first = await call(t.app, 'POST', '/api/videos/generate', {
      token: pro.token,
      body: text({ model: 'v1.0', resolution: '512p', duration: '5s', prompt: 'Goes first' }),
    });
    const second = await call(t.app, 'POST', '/api/videos/generate', {
      token: pro.token,
      body: text({ model: 'v1.0', resolution: '512p', duration: '5s', prompt: 'Goes second' }),
    });
    // Whatever earlier tests left queued goes too; only the order of these three matters.
    const order: string[] = [];
    await waitFor(
      async () => {
        const job = await claimNextJob(t.app.services, 'test-worker');
        if (!job) return true;
        order.push(job.id);
        return undefined;
      },
      10_000,
      'the queue to drain',
    );
    const ours = order.filter((id) => [relaxed.body.data.id, first.body.data.id, second.body.data.id].includes(id));
    expect(ours).toEqual([first.body.data.id, second.body.data.id, relaxed.body.data.id]);
  });
});

describe('a relaxed video, rendered', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ engine: new ScriptedEngine('succeed') });
  });
  afterAll(async () => t.close());

  it('is made by the worker like any other and costs nothing', async () => {
    const { token, user } = await member(t, 'max', 0);
    const queued = await call(t.app, 'POST', '/api/videos/generate', { token, body: text({ queue: 'relaxed' }) });
    const done = await waitFor(
      async () => {
        const reply = await call(t.app, 'GET', `/api/videos/status/${queued.body.data.id}`, { token });
        return reply.body.data.status === 'succeeded' ? reply.body.data : undefined;
      },
      20_000,
      'the relaxed video to finish',
    );
    expect(done).toMatchObject({ queue: 'relaxed', cost: 0, refunded: false, videoUrl: expect.any(String) });
    expect(await ledgerSum(t.app.services, user.id)).toBe(0);
  });
});
