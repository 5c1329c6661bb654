import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerSum } from '../src/credits/ledger.ts';
import { call, createTestApp, ScriptedEngine, signUp, waitFor } from './helpers.ts';
import type { TestApp } from './helpers.ts';

const deductBody = (amount: number) => ({ amount, metadata: { type: 'video_generation', timestamp: new Date().toISOString(), model: 'v1.0' } });

describe('credits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ engine: new ScriptedEngine('hang'), worker: false });
  });
  afterAll(async () => t.close());

  const deduct = (token: string, amount: number, key: string) =>
    call(t.app, 'POST', '/api/user/credits/deduct', { token, body: deductBody(amount), headers: { 'idempotency-key': key } });
  const refund = (token: string, body: Record<string, unknown>, key: string) =>
    call(t.app, 'POST', '/api/user/credits/refund', {
      token,
      body: { reason: 'test', timestamp: new Date().toISOString(), ...body },
      headers: { 'idempotency-key': key },
    });
  const balance = async (token: string) => (await call(t.app, 'GET', '/api/user/credits', { token })).body.data.balance as number;

  it('reads the balance and needs a session', async () => {
    const { token } = await signUp(t.app);
    expect(await call(t.app, 'GET', '/api/user/credits', { token })).toMatchObject({ status: 200, body: { success: true, data: { balance: 100 } } });
    expect((await call(t.app, 'GET', '/api/user/credits')).status).toBe(401);
  });

  it('deducts and answers newBalance and transactionId', async () => {
    const { token } = await signUp(t.app);
    const reply = await deduct(token, 30, 'k-1');
    expect(reply.status).toBe(200);
    expect(reply.body.data).toEqual({ newBalance: 70, transactionId: expect.stringMatching(/^txn_/), replayed: false });
    expect(await balance(token)).toBe(70);
  });

  it('refuses a spend larger than the balance with the spec message and both numbers', async () => {
    const { token } = await signUp(t.app);
    const reply = await deduct(token, 101, 'too-much');
    expect(reply.status).toBe(402);
    expect(reply.body).toEqual({
      success: false,
      data: null,
      error: 'INSUFFICIENT_CREDITS',
      message: 'Insufficient credits. Required: 101, Available: 100',
      required: 101,
      available: 100,
    });
    expect(await balance(token)).toBe(100);
  });

  it('lets exactly 10 of 50 concurrent deductions through when the balance covers 10, and the ledger adds up', async () => {
    const { token, user } = await signUp(t.app);
    const replies = await Promise.all(Array.from({ length: 50 }, (_, i) => deduct(token, 10, `race-${i}`)));
    const statuses = replies.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 402)).toHaveLength(40);
    expect(await balance(token)).toBe(0);
    expect(await ledgerSum(t.app.services, user.id)).toBe(0);
    const spends = await t.app.services.db.selectFrom('credit_ledger').select('id').where('user_id', '=', user.id).where('kind', '=', 'spend').execute();
    expect(spends).toHaveLength(10);
  });

  it('spends once for one idempotency key sent 20 times at once, and every reply is the first result', async () => {
    const { token, user } = await signUp(t.app);
    const replies = await Promise.all(Array.from({ length: 20 }, () => deduct(token, 7, 'same-key')));
    expect(replies.every((r) => r.status === 200)).toBe(true);
    const ids = new Set(replies.map((r) => r.body.data.transactionId));
    expect(ids.size).toBe(1);
    expect(new Set(replies.map((r) => r.body.data.newBalance))).toEqual(new Set([93]));
    expect(await balance(token)).toBe(93);
    expect(await ledgerSum(t.app.services, user.id)).toBe(93);
    const later = await deduct(token, 7, 'same-key');
    expect(later.body.data).toMatchObject({ transactionId: [...ids][0], newBalance: 93, replayed: true });
  });

  it('refuses a key reused for a different amount, and a request without a key', async () => {
    const { token } = await signUp(t.app);
    await deduct(token, 5, 'reuse');
    const reused = await deduct(token, 6, 'reuse');
    expect(reused.status).toBe(422);
    expect(reused.body.error).toBe('IDEMPOTENCY_KEY_REUSED');
    const missing = await call(t.app, 'POST', '/api/user/credits/deduct', { token, body: deductBody(5) });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe('VALIDATION_ERROR');
    expect(await balance(token)).toBe(95);
  });

  it('keys are per person: the same key from two people is two spends', async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    const ra = await deduct(a.token, 10, 'shared-key');
    const rb = await deduct(b.token, 10, 'shared-key');
    expect(ra.body.data.transactionId).not.toBe(rb.body.data.transactionId);
    expect(await balance(a.token)).toBe(90);
    expect(await balance(b.token)).toBe(90);
  });

  it('refunds a spend once, at most what it took', async () => {
    const { token, user } = await signUp(t.app);
    const spent = await deduct(token, 40, 'to-refund');
    const txn = spent.body.data.transactionId;
    const tooMuch = await refund(token, { amount: 41, transactionId: txn }, 'r-too-much');
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.body.error).toBe('REFUND_EXCEEDS_SPEND');

    const ok = await refund(token, { amount: 40, transactionId: txn }, 'r-1');
    expect(ok.status).toBe(200);
    expect(ok.body.data).toEqual({ newBalance: 100, refundId: expect.stringMatching(/^txn_/), replayed: false });

    const replay = await refund(token, { amount: 40, transactionId: txn }, 'r-1');
    expect(replay.body.data).toMatchObject({ refundId: ok.body.data.refundId, replayed: true });
    const again = await refund(token, { amount: 1, transactionId: txn }, 'r-2');
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('ALREADY_REFUNDED');
    expect(await balance(token)).toBe(100);
    expect(await ledgerSum(t.app.services, user.id)).toBe(100);
  });

  it('refuses a refund that names no spend, someone else’s spend, or a grant', async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    const spent = await deduct(b.token, 10, 'b-spend');
    const grant = await t.app.services.db
      .selectFrom('credit_ledger')
      .select('id')
      .where('user_id', '=', a.user.id)
      .where('kind', '=', 'grant')
      .executeTakeFirstOrThrow();
    for (const transactionId of ['txn_does-not-exist', spent.body.data.transactionId, grant.id]) {
      const reply = await refund(a.token, { amount: 1, transactionId }, `r-${transactionId}`);
      expect(reply.status).toBe(404);
      expect(reply.body.error).toBe('TRANSACTION_NOT_FOUND');
    }
    const noTransaction = await refund(a.token, { amount: 1 }, 'r-none');
    expect(noTransaction.status).toBe(400);
    expect(await balance(a.token)).toBe(100);
  });

  it('lets only one of several concurrent refunds of one spend through', async () => {
    const { token, user } = await signUp(t.app);
    const spent = await deduct(token, 20, 'spend-for-race');
    const replies = await Promise.all(
      Array.from({ length: 8 }, (_, i) => refund(token, { amount: 20, transactionId: spent.body.data.transactionId }, `race-refund-${i}`)),
    );
    expect(replies.filter((r) => r.status === 200)).toHaveLength(1);
    expect(replies.filter((r) => r.status === 409).every((r) => r.body.error === 'ALREADY_REFUNDED')).toBe(true);
    expect(await balance(token)).toBe(100);
    expect(await ledgerSum(t.app.services, user.id)).toBe(100);
  });

  it('does not let a client refund what a video generation spent', async () => {
    const { token } = await signUp(t.app);
    const job = await call(t.app, 'POST', '/api/videos/generate', {
      token,
      body: { type: 'text-to-video', prompt: 'a cat', model: 'v1.0', resolution: '512p', duration: '5s' },
    });
    expect(job.status).toBe(202);
    const reply = await refund(token, { amount: 10, transactionId: job.body.data.transactionId }, 'refund-job');
    expect(reply.status).toBe(409);
    expect(reply.body.error).toBe('REFUND_NOT_ALLOWED');
    expect(await balance(token)).toBe(90);
  });
});

describe('credits across a worker', () => {
  it('keeps the balance equal to the ledger through spends, grants and refunds', async () => {
    const t = await createTestApp({ engine: new ScriptedEngine('fail') });
    try {
      const { token, user } = await signUp(t.app);
      const job = await call(t.app, 'POST', '/api/videos/generate', {
        token,
        body: { type: 'text-to-video', prompt: 'waves', model: 'v1.0', resolution: '512p', duration: '10s' },
      });
      expect(job.body.data).toMatchObject({ cost: 20, newBalance: 80 });
      await waitFor(async () => {
        const status = await call(t.app, 'GET', `/api/videos/status/${job.body.data.id}`, { token });
        return status.body.data.status === 'failed' ? status : undefined;
      });
      const credits = await call(t.app, 'GET', '/api/user/credits', { token });
      expect(credits.body.data.balance).toBe(100);
      expect(await ledgerSum(t.app.services, user.id)).toBe(100);
    } finally {
      await t.close();
    }
  });
});
