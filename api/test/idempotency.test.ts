import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerSum } from '../src/credits/ledger.ts';
import { call, createTestApp, ScriptedEngine, signUp } from './helpers.ts';
import type { TestApp } from './helpers.ts';

/** Warnings and errors the server logged, to see that a replay did not go on working after its reply. */
class LogLines extends Writable {
  lines: Array<{ level: number; msg: string }> = [];
  override _write(chunk: Buffer, _encoding: string, done: () => void) {
    for (const line of chunk.toString().split('\n').filter(Boolean)) this.lines.push(JSON.parse(line));
    done();
  }
}

const metadata = (extra: Record<string, unknown> = {}) => ({ type: 'video_generation', timestamp: new Date().toISOString(), model: 'v1.0', ...extra });
const text = (extra: Record<string, unknown> = {}) => ({
  type: 'text-to-video',
  prompt: 'A lighthouse in a storm',
  model: 'v1.0',
  resolution: '512p',
  duration: '5s',
  ...extra,
});

describe('an Idempotency-Key is bound to its request', () => {
  let t: TestApp;
  const log = new LogLines();
  beforeAll(async () => {
    t = await createTestApp({ engine: new ScriptedEngine('hang'), logger: { level: 'warn', stream: log } });
  });
  afterAll(async () => t.close());

  const deduct = (token: string, body: unknown, key: string) =>
    call(t.app, 'POST', '/api/user/credits/deduct', { token, body, headers: { 'idempotency-key': key } });
  const generate = (token: string, body: unknown, key: string) =>
    call(t.app, 'POST', '/api/videos/generate', { token, body, headers: { 'idempotency-key': key } });
  const balance = async (token: string) => (await call(t.app, 'GET', '/api/user/credits', { token })).body.data.balance as number;

  it('deduct: the same key with other metadata is refused and spends nothing more', async () => {
    const { token } = await signUp(t.app);
    expect((await deduct(token, { amount: 10, metadata: metadata({ model: 'v1.0' }) }, 'd-1')).status).toBe(200);
    const other = await deduct(token, { amount: 10, metadata: metadata({ model: 'v2.0' }) }, 'd-1');
    expect(other.status).toBe(422);
    expect(other.body).toMatchObject({ success: false, error: 'IDEMPOTENCY_KEY_REUSED' });
    expect(await balance(token)).toBe(90);
  });

  it('deduct: a retry with a later timestamp and its keys in another order is a replay', async () => {
    const { token } = await signUp(t.app);
    const first = await deduct(
      token,
      { amount: 10, metadata: { type: 'video_generation', timestamp: '2026-01-01T00:00:00Z', a: 1, b: { c: 2, d: 3 } } },
      'd-2',
    );
    const retry = await deduct(
      token,
      { metadata: { b: { d: 3, c: 2 }, a: 1, timestamp: '2026-01-01T00:00:09Z', type: 'video_generation' }, amount: 10 },
      'd-2',
    );
    expect(retry.status).toBe(200);
    expect(retry.body.data).toEqual({ ...first.body.data, replayed: true });
    expect(await balance(token)).toBe(90);
  });

  it('refund: the same key with another reason is refused', async () => {
    const { token } = await signUp(t.app);
    const spend = await deduct(token, { amount: 30, metadata: metadata() }, 'd-3');
    const refund = (reason: string) =>
      call(t.app, 'POST', '/api/user/credits/refund', {
        token,
        body: { amount: 10, reason, transactionId: spend.body.data.transactionId },
        headers: { 'idempotency-key': 'r-1' },
      });
    expect((await refund('render failed')).status).toBe(200);
    expect((await refund('render failed')).body.data.replayed).toBe(true);
    expect((await refund('changed my mind')).body).toMatchObject({ error: 'IDEMPOTENCY_KEY_REUSED' });
    expect(await balance(token)).toBe(80);
  });

  it('generate: the same key with another prompt or template is refused, not answered as a replay', async () => {
    const { token } = await signUp(t.app);
    expect((await generate(token, text(), 'g-1')).status).toBe(202);
    for (const body of [
      text({ prompt: 'Something else entirely' }),
      { type: 'template', templateId: 'tpl-neon-city', model: 'v1.0', resolution: '512p', duration: '5s' },
    ]) {
      const reply = await generate(token, body, 'g-1');
      expect(reply.status, JSON.stringify(body)).toBe(422);
      expect(reply.body.error).toBe('IDEMPOTENCY_KEY_REUSED');
    }
    expect((await call(t.app, 'GET', '/api/videos/history', { token })).body.data.total).toBe(1);
  });

  it('generate: a replay answers the stored job and runs nothing after its reply', async () => {
    const { token, user } = await signUp(t.app);
    const first = await generate(token, text(), 'g-2');
    expect(first.status).toBe(202);
    const before = log.lines.length;
    const replay = await generate(token, text(), 'g-2');
    expect(replay.status).toBe(200);
    const { id, transactionId, cost, newBalance } = first.body.data;
    expect(replay.body.data).toMatchObject({ id, transactionId, cost, newBalance, replayed: true });
    // The request is answered before its handler could go on; a second round trip gives any
    // work it left running the time to log.
    await call(t.app, 'GET', '/api/user/credits', { token });
    expect(log.lines.slice(before)).toEqual([]);
    expect(await ledgerSum(t.app.services, user.id)).toBe(100 - first.body.data.cost);
  });
});
