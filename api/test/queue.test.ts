import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditCost, runCost } from '@reelmint/contract/pricing';
import { ledgerSum } from '../src/credits/ledger.ts';
import { cancelAndRefund, claimNextJob, completeJob, failAndRefund } from '../src/videos/jobs.ts';
import { call, createTestApp, DIALECT, ScriptedEngine, signUp, waitFor } from './helpers.ts';
import type { TestApp } from './helpers.ts';
import type { EngineStatus } from '../src/videos/engine.ts';

const CONFIG = { model: 'v1.0', resolution: '512p', duration: '5s' } as const;
const TEXT = { type: 'text-to-video', prompt: 'Paper boats on a puddle', ...CONFIG };
const balance = async (t: TestApp, token: string) => (await call(t.app, 'GET', '/api/user/credits', { token })).body.data.balance as number;
const rows = (t: TestApp, userId: string) => t.app.services.db.selectFrom('videos').selectAll().where('user_id', '=', userId).orderBy('variation').execute();
const ledger = (t: TestApp, userId: string) =>
  t.app.services.db.selectFrom('credit_ledger').selectAll().where('user_id', '=', userId).orderBy('created_at').orderBy('id').execute();

describe(`variations of one run (${DIALECT})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ engine: new ScriptedEngine('hang'), worker: false });
  });
  afterAll(async () => t.close());

  it('refuses 0, 5, a fraction and several on the relaxed queue with a code, charging and writing nothing', async () => {
    const { token, user } = await signUp(t.app);
    const before = await balance(t, token);
    for (const variations of [0, 5, 1.5, -2]) {
      const reply = await call(t.app, 'POST', '/api/videos/generate', { token, body: { ...TEXT, variations } });
      expect([reply.status, reply.body.error]).toEqual([422, 'VARIATIONS_OUT_OF_RANGE']);
      expect(reply.body.message).toMatch(/1 to 4/);
    }
    const relaxed = await call(t.app, 'POST', '/api/videos/generate', { token, body: { ...TEXT, variations: 2, queue: 'relaxed' } });
    expect([relaxed.status, relaxed.body.error]).toEqual([422, 'RELAXED_ONE_VARIATION']);
    expect(await balance(t, token)).toBe(before);
    expect(await rows(t, user.id)).toEqual([]);
  });

  it('makes each variation its own job under one run, charged once for all of them', async () => {
    const { token, user } = await signUp(t.app);
    const before = await balance(t, token);
    const reply = await call(t.app, 'POST', '/api/videos/generate', { token, body: { ...TEXT, variations: 3, seed: 7 } });
    expect(reply.status).toBe(202);
    const { runId, videoIds, newBalance, cost } = reply.body.data;
    expect(runId).toMatch(/^run_/);
    expect(videoIds).toHaveLength(3);
    expect(reply.body.data.id).toBe(videoIds[0]);
    expect(cost).toBe(creditCost(CONFIG));
    expect(newBalance).toBe(before - runCost(CONFIG, 3));

    const videos = await rows(t, user.id);
    expect(videos.map((v) => [v.id, v.run_id, v.variation, v.cost, v.seed])).toEqual([
      [videoIds[0], runId, 1, cost, 7],
      [videoIds[1], runId, 2, cost, 8],
      [videoIds[2], runId, 3, cost, 9],
    ]);
    const spends = (await ledger(t, user.id)).filter((entry) => entry.kind === 'spend');
    expect(spends.map((entry) => entry.amount)).toEqual([-runCost(CONFIG, 3)]);

    const history = (await call(t.app, 'GET', '/api/videos/history', { token })).body.data.items;
    expect(history.map((item: { runId: string; variation: number }) => [item.runId, item.variation]).sort()).toEqual([
      [runId, 1],
      [runId, 2],
      [runId, 3],
    ]);
  });

  it('refuses a run that would pass the cap on jobs in progress, and takes nothing', async () => {
    const { token } = await signUp(t.app);
    const before = await balance(t, token);
    expect((await call(t.app, 'POST', '/api/videos/generate', { token, body: { ...TEXT, variations: 3 } })).status).toBe(202);
    const over = await call(t.app, 'POST', '/api/videos/generate', { token, body: { ...TEXT, variations: 2 } });
    expect([over.status, over.body.error]).toEqual([429, 'TOO_MANY_JOBS']);
    expect(await balance(t, token)).toBe(before - runCost(CONFIG, 3));
  });

  it('refunds each failed variation on its own, and never the same one twice', async () => {
    const { token, user } = await signUp(t.app);
    const before = await balance(t, token);
    const { videoIds } = (await call(t.app, 'POST', '/api/videos/generate', { token, body: { ...TEXT, variations: 3 } })).body.data;
    const cost = creditCost(CONFIG);

    expect(await failAndRefund(t.app.services, videoIds[1], 'RENDER_FAILED')).toBe(true);
    expect(await failAndRefund(t.app.services, videoIds[1], 'RENDER_FAILED')).toBe(false);
    expect(await balance(t, token)).toBe(before - 2 * cost);
    // Two at once for the same variation: one refund.
    const raced = await Promise.all([failAndRefund(t.app.services, videoIds[2], 'TIMEOUT'), failAndRefund(t.app.services, videoIds[2], 'INTERRUPTED')]);
    expect(raced.filter(Boolean)).toHaveLength(1);
    expect(await balance(t, token)).toBe(before - cost);

    const refunds = (await ledger(t, user.id)).filter((entry) => entry.kind === 'refund');
    expect(refunds.map((entry) => [entry.amount, entry.refund_part]).sort()).toEqual(
      [
        [cost, videoIds[1]],
        [cost, videoIds[2]],
      ].sort(),
    );
    expect(await ledgerSum(t.app.services, user.id)).toBe(before - cost);
  });
});

describe(`the queue: place, expected start and cancel (${DIALECT})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    // No worker: the test moves jobs along itself. One render at a time.
    t = await createTestApp({ engine: new ScriptedEngine('hang'), worker: false, renderSlots: 1 });
  });
  afterAll(async () => t.close());

  const status = async (token: string, id: string) => (await call(t.app, 'GET', `/api/videos/status/${id}`, { token })).body.data;

  it('tells each queued job its place and an expected start from recent render times', async () => {
    const { token, user } = await signUp(t.app);
    // A finished render of 40 s teaches the estimate how long one takes.
    const { id: done } = (await call(t.app, 'POST', '/api/videos/generate', { token, body: TEXT })).body.data;
    await t.app.services.db
      .updateTable('videos')
      .set({ status: 'succeeded', started_at: '2030-01-01T00:00:00.000Z', finished_at: '2030-01-01T00:00:40.000Z' })
      .where('id', '=', done)
      .execute();
    const { videoIds } = (await call(t.app, 'POST', '/api/videos/generate', { token, body: { ...TEXT, variations: 3 } })).body.data;

    const places = await Promise.all(videoIds.map((id: string) => status(token, id)));
    expect(places.map((p) => p.queuePosition)).toEqual([1, 2, 3]);
    expect(places.map((p) => p.expectedStartSeconds)).toEqual([0, 40, 80]);
    for (const place of places) expect(Date.parse(place.expectedStartAt)).not.toBeNaN();

    // Once the first is rendering, the others move up and wait for it.
    expect((await claimNextJob(t.app.services, 'test-worker'))?.id).toBe(videoIds[0]);
    const started = await status(token, videoIds[0]);
    expect([started.status, started.queuePosition, started.expectedStartAt]).toEqual(['processing', null, null]);
    const next = await status(token, videoIds[1]);
    expect(next.queuePosition).toBe(1);
    expect(next.expectedStartSeconds).toBeGreaterThan(0);
    expect(next.expectedStartSeconds).toBeLessThanOrEqual(40);
    expect((await status(token, done)).queuePosition).toBeNull();

    // The history carries the same places.
    const history = (await call(t.app, 'GET', '/api/videos/history', { token })).body.data.items;
    expect(history.find((item: { id: string }) => item.id === videoIds[2]).queuePosition).toBe(2);
    for (const id of videoIds) await cancelAndRefund(t.app.services, user.id, id);
  });

  it('cancels a queued job and returns its credits at once; cancelling again or a finished job is refused', async () => {
    const { token, user } = await signUp(t.app);
    const before = await balance(t, token);
    const { id } = (await call(t.app, 'POST', '/api/videos/generate', { token, body: TEXT })).body.data;
    expect(await balance(t, token)).toBe(before - creditCost(CONFIG));

    const cancelled = await call(t.app, 'POST', `/api/videos/${id}/cancel`, { token });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data).toEqual({ id, status: 'cancelled', refunded: creditCost(CONFIG), newBalance: before });
    expect(await status(token, id)).toMatchObject({ status: 'cancelled', refunded: true, errorCode: 'CANCELLED', queuePosition: null });
    expect(await ledgerSum(t.app.services, user.id)).toBe(before);

    const again = await call(t.app, 'POST', `/api/videos/${id}/cancel`, { token });
    expect([again.status, again.body.error]).toEqual([409, 'ALREADY_FINISHED']);
    expect(again.body.message).toMatch(/cancelled/);

    const { id: finished } = (await call(t.app, 'POST', '/api/videos/generate', { token, body: TEXT })).body.data;
    await t.app.services.db.updateTable('videos').set({ status: 'succeeded', progress: 100 }).where('id', '=', finished).execute();
    const late = await call(t.app, 'POST', `/api/videos/${finished}/cancel`, { token });
    expect([late.status, late.body.error]).toEqual([409, 'ALREADY_FINISHED']);
    expect(await balance(t, token)).toBe(before - creditCost(CONFIG));
  });

  it("answers someone else's job as not found and leaves it running", async () => {
    const owner = await signUp(t.app);
    const stranger = await signUp(t.app);
    const { id } = (await call(t.app, 'POST', '/api/videos/generate', { token: owner.token, body: TEXT })).body.data;
    const reply = await call(t.app, 'POST', `/api/videos/${id}/cancel`, { token: stranger.token });
    expect([reply.status, reply.body.error]).toEqual([404, 'VIDEO_NOT_FOUND']);
    expect((await status(owner.token, id)).status).toBe('queued');
    expect((await call(t.app, 'POST', `/api/videos/${id}/cancel`)).status).toBe(401);
  });

  it('cancels one variation of a run and keeps the others and their charge', async () => {
    const { token } = await signUp(t.app);
    const before = await balance(t, token);
    const { videoIds } = (await call(t.app, 'POST', '/api/videos/generate', { token, body: { ...TEXT, variations: 2 } })).body.data;
    expect((await call(t.app, 'POST', `/api/videos/${videoIds[1]}/cancel`, { token })).body.data.newBalance).toBe(before - creditCost(CONFIG));
    expect((await status(token, videoIds[0])).status).toBe('queued');
    expect((await call(t.app, 'POST', `/api/videos/${videoIds[0]}/cancel`, { token })).body.data.newBalance).toBe(before);
  });

  it('refunds exactly once when a cancel races the worker finishing, failing or another cancel', async () => {
    const { token, user } = await signUp(t.app);
    const start = await balance(t, token);
    const cost = creditCost(CONFIG);
    const outcomes: string[] = [];
    for (let round = 0; round < 6; round += 1) {
      const { id } = (await call(t.app, 'POST', '/api/videos/generate', { token, body: TEXT })).body.data;
      await t.app.services.db.updateTable('videos').set({ status: 'processing', started_at: new Date().toISOString() }).where('id', '=', id).execute();
      const rival =
        round % 3 === 0
          ? completeJob(t.app.services, id, `${id}.mp4`, `${id}.jpg`)
          : round % 3 === 1
            ? failAndRefund(t.app.services, id, 'RENDER_FAILED')
            : call(t.app, 'POST', `/api/videos/${id}/cancel`, { token }).then((reply) => reply.status === 200);
      const [cancel, rivalWon] = await Promise.all([call(t.app, 'POST', `/api/videos/${id}/cancel`, { token }), rival]);
      // Exactly one of the two ended the job.
      expect([cancel.status === 200, rivalWon].filter(Boolean)).toHaveLength(1);
      if (cancel.status !== 200) expect(cancel.body.error).toBe('ALREADY_FINISHED');
      const ended = await status(token, id);
      outcomes.push(ended.status);
      // A finished video keeps its charge; a failed or cancelled one has it back, once.
      const refunds = (await ledger(t, user.id)).filter((entry) => entry.kind === 'refund' && entry.refund_part === id);
      expect(refunds).toHaveLength(ended.status === 'succeeded' ? 0 : 1);
      expect(ended.refunded).toBe(ended.status !== 'succeeded');
    }
    const succeeded = outcomes.filter((s) => s === 'succeeded').length;
    expect(await balance(t, token)).toBe(start - succeeded * cost);
    expect(await ledgerSum(t.app.services, user.id)).toBe(start - succeeded * cost);
  });
});

describe(`cancel with the worker running (${DIALECT})`, () => {
  let t: TestApp;
  const engine = new ScriptedEngine('hang');
  beforeAll(async () => {
    t = await createTestApp({ engine });
  });
  afterAll(async () => t.close());

  it('stops a rendering job at the engine and the worker leaves it cancelled', async () => {
    const { token } = await signUp(t.app);
    const before = await balance(t, token);
    const { id } = (await call(t.app, 'POST', '/api/videos/generate', { token, body: TEXT })).body.data;
    await waitFor(async () => ((await call(t.app, 'GET', `/api/videos/status/${id}`, { token })).body.data.status === 'processing' ? true : undefined));
    expect((await call(t.app, 'POST', `/api/videos/${id}/cancel`, { token })).body.data).toMatchObject({ status: 'cancelled', newBalance: before });
    await waitFor(async () => (engine.canceled.includes(`scripted:${id}`) ? true : undefined), 10_000, 'the engine to be told');
    expect((await call(t.app, 'GET', `/api/videos/status/${id}`, { token })).body.data).toMatchObject({ status: 'cancelled', refunded: true });
    expect(await balance(t, token)).toBe(before);
  });
});

/** Makes every clip but the one of the seed it is told to fail (a run's variations have consecutive seeds). */
class PickyEngine extends ScriptedEngine {
  constructor(private readonly failingSeed: number) {
    super('succeed');
  }
  override async poll(ref: string): Promise<EngineStatus> {
    const request = this.submitted.find((r) => `scripted:${r.jobId}` === ref);
    return request?.seed === this.failingSeed ? { state: 'failed', error: 'forced failure of one variation' } : super.poll(ref);
  }
}

describe(`a run rendered by the worker (${DIALECT})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ engine: new PickyEngine(501) });
  });
  afterAll(async () => t.close());

  it('refunds the one variation the engine could not make and keeps the charge for the others', async () => {
    const { token, user } = await signUp(t.app);
    const before = await balance(t, token);
    const { videoIds } = (await call(t.app, 'POST', '/api/videos/generate', { token, body: { ...TEXT, variations: 3, seed: 500 } })).body.data;
    const ended = await waitFor(
      async () => {
        const videos = await rows(t, user.id);
        return videos.every((v) => v.status === 'succeeded' || v.status === 'failed') ? videos : undefined;
      },
      20_000,
      'the run to finish',
    );
    expect(ended.map((v) => [v.id, v.status, v.refunded])).toEqual([
      [videoIds[0], 'succeeded', 0],
      [videoIds[1], 'failed', 1],
      [videoIds[2], 'succeeded', 0],
    ]);
    expect(await balance(t, token)).toBe(before - 2 * creditCost(CONFIG));
    expect(await ledgerSum(t.app.services, user.id)).toBe(before - 2 * creditCost(CONFIG));
  });
});
