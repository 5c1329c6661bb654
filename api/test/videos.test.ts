import { access } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditCost } from '@reelmint/contract/pricing';
import { ledgerSum } from '../src/credits/ledger.ts';
import { failAndRefund } from '../src/videos/jobs.ts';
import { DEFAULT_WORKER_OPTIONS, JobWorker } from '../src/videos/worker.ts';
import { call, createTestApp, makePicture, ScriptedEngine, signUp, uploadPicture, waitFor } from './helpers.ts';
import type { TestApp } from './helpers.ts';

const text = (extra: Record<string, unknown> = {}) => ({
  type: 'text-to-video',
  prompt: 'A lighthouse in a storm',
  model: 'v1.0',
  resolution: '512p',
  duration: '5s',
  ...extra,
});
const exists = (path: string) =>
  access(path).then(
    () => true,
    () => false,
  );

async function settled(t: TestApp, token: string, id: string) {
  return waitFor(
    async () => {
      const reply = await call(t.app, 'GET', `/api/videos/status/${id}`, { token });
      return reply.body.data && ['succeeded', 'failed'].includes(reply.body.data.status) ? reply.body.data : undefined;
    },
    20_000,
    `video ${id} to finish`,
  );
}

describe('video jobs with a scripted engine', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ engine: new ScriptedEngine('succeed') });
  });
  afterAll(async () => t.close());

  it('queues a text video, charges creditCost with the job, and finishes it', async () => {
    const { token, user } = await signUp(t.app);
    const reply = await call(t.app, 'POST', '/api/videos/generate', { token, body: text({ duration: '10s' }) });
    expect(reply.status).toBe(202);
    const cost = creditCost({ model: 'v1.0', resolution: '512p', duration: '10s' });
    expect(reply.body.data).toMatchObject({
      id: expect.stringMatching(/^vid_/),
      status: 'queued',
      cost,
      newBalance: 100 - cost,
      progress: 0,
      type: 'text-to-video',
    });
    const done = await settled(t, token, reply.body.data.id);
    expect(done).toMatchObject({ status: 'succeeded', progress: 100, cost, refunded: false, error: null, errorCode: null, engine: 'local' });
    expect(done.videoUrl).toMatch(/\/api\/videos\/vid_[^/]+\/file\?token=/);
    expect(done.posterUrl).toMatch(/\/api\/videos\/vid_[^/]+\/poster\?token=/);
    expect(await ledgerSum(t.app.services, user.id)).toBe(100 - cost);
  });

  it('serves the video to its owner by bearer or signed URL, with Range, and to nobody else', async () => {
    const owner = await signUp(t.app);
    const other = await signUp(t.app);
    const job = await call(t.app, 'POST', '/api/videos/generate', { token: owner.token, body: text() });
    const done = await settled(t, owner.token, job.body.data.id);
    const fileUrl = new URL(done.videoUrl);

    const viaToken = await t.app.inject({ method: 'GET', url: fileUrl.pathname + fileUrl.search });
    expect(viaToken.statusCode).toBe(200);
    expect(viaToken.headers['content-type']).toBe('video/mp4');
    expect(viaToken.rawPayload.length).toBe(4096);

    const ranged = await t.app.inject({ method: 'GET', url: fileUrl.pathname, headers: { authorization: `Bearer ${owner.token}`, range: 'bytes=100-199' } });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.headers['content-range']).toBe('bytes 100-199/4096');
    expect(ranged.rawPayload.length).toBe(100);

    const poster = new URL(done.posterUrl);
    expect((await t.app.inject({ method: 'GET', url: poster.pathname + poster.search })).headers['content-type']).toBe('image/jpeg');
    // A token is scoped to one file: the poster's does not open the video.
    const swapped = await t.app.inject({ method: 'GET', url: `${fileUrl.pathname}${poster.search}` });
    expect(swapped.statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: fileUrl.pathname })).statusCode).toBe(401);

    const id = job.body.data.id;
    for (const reply of [
      await call(t.app, 'GET', `/api/videos/status/${id}`, { token: other.token }),
      await call(t.app, 'GET', `/api/videos/${id}/file`, { token: other.token }),
      await call(t.app, 'GET', `/api/videos/${id}/poster`, { token: other.token }),
      await call(t.app, 'DELETE', `/api/videos/${id}`, { token: other.token }),
    ]) {
      expect(reply.status).toBe(404);
      expect(reply.body.error).toBe('VIDEO_NOT_FOUND');
    }
    expect((await call(t.app, 'GET', '/api/videos/history', { token: other.token })).body.data.total).toBe(0);
    expect(await exists(join(t.dataDir, 'videos', `${id}.mp4`))).toBe(true);
    expect((await call(t.app, 'GET', `/api/videos/status/${id}`, { token: owner.token })).status).toBe(200);
  });

  it('deletes the caller’s own video and its files', async () => {
    const { token } = await signUp(t.app);
    const job = await call(t.app, 'POST', '/api/videos/generate', { token, body: text() });
    const id = job.body.data.id;
    await settled(t, token, id);
    const reply = await call(t.app, 'DELETE', `/api/videos/${id}`, { token });
    expect(reply.status).toBe(200);
    expect(reply.body.data).toEqual({ id, deleted: true });
    expect(await exists(join(t.dataDir, 'videos', `${id}.mp4`))).toBe(false);
    expect(await exists(join(t.dataDir, 'videos', `${id}.jpg`))).toBe(false);
    expect((await call(t.app, 'GET', `/api/videos/status/${id}`, { token })).status).toBe(404);
  });

  it('pages the history newest first and filters by type', async () => {
    const { token } = await signUp(t.app);
    const template = await call(t.app, 'POST', '/api/videos/generate', {
      token,
      body: { type: 'template', templateId: 'tpl-neon-city', model: 'v1.0', resolution: '512p', duration: '5s' },
    });
    expect(template.status).toBe(202);
    await settled(t, token, template.body.data.id);
    const ids: string[] = [template.body.data.id];
    for (let i = 0; i < 2; i += 1) {
      const job = await call(t.app, 'POST', '/api/videos/generate', { token, body: text({ prompt: `clip ${i}` }) });
      ids.push(job.body.data.id);
      await settled(t, token, job.body.data.id);
    }
    const first = await call(t.app, 'GET', '/api/videos/history?page=1&per_page=2', { token });
    expect(first.body.data).toMatchObject({ page: 1, perPage: 2, total: 3 });
    expect(first.body.data.items).toHaveLength(2);
    const second = await call(t.app, 'GET', '/api/videos/history?page=2&per_page=2', { token });
    expect(second.body.data.items.map((v: { id: string }) => v.id)).toEqual([ids[0]]);
    const item = first.body.data.items[0];
    expect(Object.keys(item)).toEqual(
      expect.arrayContaining([
        'id',
        'type',
        'status',
        'prompt',
        'model',
        'resolution',
        'duration',
        'cost',
        'videoUrl',
        'posterUrl',
        'createdAt',
        'progress',
        'error',
      ]),
    );
    const templates = await call(t.app, 'GET', '/api/videos/history?videoType=template', { token });
    expect(templates.body.data.items.map((v: { id: string }) => v.id)).toEqual([ids[0]]);
    expect(templates.body.data.items[0].prompt).toMatch(/neon/i);
    const defaults = await call(t.app, 'GET', '/api/videos/history', { token });
    expect(defaults.body.data).toMatchObject({ page: 1, perPage: 10, total: 3 });
    for (const query of ['per_page=0', 'per_page=abc', 'page=-1', 'videoType=gif', 'per_page=51']) {
      const bad = await call(t.app, 'GET', `/api/videos/history?${query}`, { token });
      expect(bad.status, query).toBe(400);
      expect(bad.body.error).toBe('VALIDATION_ERROR');
    }
  });

  it('refuses settings the plan does not include with the spec messages, charging nothing', async () => {
    const { token } = await signUp(t.app);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ model: 'v2.0' }, 'V2.0 model requires premium subscription'],
      [{ resolution: '720p' }, '720p resolution requires premium subscription'],
      [{ resolution: '1080p' }, '1080p resolution requires premium subscription'],
    ];
    for (const [change, message] of cases) {
      const reply = await call(t.app, 'POST', '/api/videos/generate', { token, body: text(change) });
      expect(reply.status).toBe(403);
      expect(reply.body).toMatchObject({ success: false, error: 'PLAN_UPGRADE_REQUIRED', message, upgradeRequired: true });
    }
    expect((await call(t.app, 'GET', '/api/user/credits', { token })).body.data.balance).toBe(100);
  });

  it('refuses a generation the balance cannot pay for', async () => {
    const { token } = await signUp(t.app);
    await call(t.app, 'POST', '/api/user/credits/deduct', {
      token,
      body: { amount: 95, metadata: { type: 'video_generation', timestamp: 'now' } },
      headers: { 'idempotency-key': 'drain' },
    });
    const reply = await call(t.app, 'POST', '/api/videos/generate', { token, body: text() });
    expect(reply.status).toBe(402);
    expect(reply.body).toMatchObject({
      error: 'INSUFFICIENT_CREDITS',
      message: 'Insufficient credits. Required: 10, Available: 5',
      required: 10,
      available: 5,
    });
    expect((await call(t.app, 'GET', '/api/videos/history', { token })).body.data.total).toBe(0);
  });

  it('validates what each type needs', async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    const picture = await makePicture(t.dataDir, 'mine.png', '64x36');
    const uploaded = await uploadPicture(t.app, b.token, 'p.png', 'image/png', picture);
    const foreignImage = uploaded.json().data.id;
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [text({ prompt: '   ' }), 400, 'VALIDATION_ERROR'],
      [{ type: 'text-to-video', model: 'v1.0', resolution: '512p', duration: '5s' }, 400, 'VALIDATION_ERROR'],
      [{ type: 'image-to-video', model: 'v1.0', resolution: '512p', duration: '5s' }, 400, 'VALIDATION_ERROR'],
      [{ type: 'image-to-video', imageId: foreignImage, model: 'v1.0', resolution: '512p', duration: '5s' }, 404, 'UPLOAD_NOT_FOUND'],
      [{ type: 'template', templateId: 'tpl-nope', model: 'v1.0', resolution: '512p', duration: '5s' }, 404, 'TEMPLATE_NOT_FOUND'],
      [text({ duration: '7s' }), 400, 'VALIDATION_ERROR'],
      [text({ cost: 0 }), 400, 'VALIDATION_ERROR'],
    ];
    for (const [payload, status, code] of cases) {
      const reply = await call(t.app, 'POST', '/api/videos/generate', { token: a.token, body: payload });
      expect(reply.status, JSON.stringify(payload)).toBe(status);
      expect(reply.body.error).toBe(code);
    }
    expect((await call(t.app, 'GET', '/api/user/credits', { token: a.token })).body.data.balance).toBe(100);
    expect((await call(t.app, 'POST', '/api/videos/generate', { body: text() })).status).toBe(401);
  });

  it('creates one job for one Idempotency-Key sent several times at once', async () => {
    const { token, user } = await signUp(t.app);
    const replies = await Promise.all(
      Array.from({ length: 6 }, () => call(t.app, 'POST', '/api/videos/generate', { token, body: text(), headers: { 'idempotency-key': 'gen-once' } })),
    );
    expect(replies.every((r) => r.status === 202 || r.status === 200)).toBe(true);
    expect(new Set(replies.map((r) => r.body.data.id)).size).toBe(1);
    expect(await ledgerSum(t.app.services, user.id)).toBe(90);
    const history = await call(t.app, 'GET', '/api/videos/history', { token });
    expect(history.body.data.total).toBe(1);
  });
});

describe('video job failures', () => {
  it('refunds a failed render exactly once, and once only when the refund path runs twice at once', async () => {
    const engine = new ScriptedEngine('fail');
    const t = await createTestApp({ engine });
    try {
      const { token, user } = await signUp(t.app);
      const job = await call(t.app, 'POST', '/api/videos/generate', { token, body: text() });
      const done = await settled(t, token, job.body.data.id);
      expect(done).toMatchObject({ status: 'failed', refunded: true, errorCode: 'RENDER_FAILED', error: expect.stringContaining('refunded') });
      expect((await call(t.app, 'GET', '/api/user/credits', { token })).body.data.balance).toBe(100);

      // A second job, failed by two paths racing (e.g. the worker and the timeout sweep).
      await t.app.services.worker?.stop();
      const second = await call(t.app, 'POST', '/api/videos/generate', { token, body: text() });
      expect((await call(t.app, 'GET', '/api/user/credits', { token })).body.data.balance).toBe(90);
      const results = await Promise.all([
        failAndRefund(t.app.services, second.body.data.id, 'RENDER_FAILED'),
        failAndRefund(t.app.services, second.body.data.id, 'RENDER_FAILED'),
        failAndRefund(t.app.services, second.body.data.id, 'RENDER_FAILED'),
      ]);
      expect(results.filter(Boolean)).toHaveLength(1);
      const refunds = await t.app.services.db.selectFrom('credit_ledger').selectAll().where('user_id', '=', user.id).where('kind', '=', 'refund').execute();
      expect(refunds).toHaveLength(2);
      expect((await call(t.app, 'GET', '/api/user/credits', { token })).body.data.balance).toBe(100);
      expect(await ledgerSum(t.app.services, user.id)).toBe(100);
    } finally {
      await t.close();
    }
  });

  it('fails and refunds a job that runs past its time limit, stopping the render', async () => {
    const engine = new ScriptedEngine('hang');
    const t = await createTestApp({ engine, worker: { idleIntervalMs: 50, progressIntervalMs: 20, jobTimeoutMs: 300 } });
    try {
      const { token } = await signUp(t.app);
      const job = await call(t.app, 'POST', '/api/videos/generate', { token, body: text() });
      const done = await settled(t, token, job.body.data.id);
      expect(done).toMatchObject({ status: 'failed', refunded: true, errorCode: 'TIMEOUT', error: expect.stringContaining('too long') });
      expect(engine.canceled).toContain(`scripted:${job.body.data.id}`);
      expect((await call(t.app, 'GET', '/api/user/credits', { token })).body.data.balance).toBe(100);
    } finally {
      await t.close();
    }
  });

  it('fails and refunds when the engine cannot take the job', async () => {
    const t = await createTestApp({ engine: new ScriptedEngine('throw') });
    try {
      const { token } = await signUp(t.app);
      const job = await call(t.app, 'POST', '/api/videos/generate', { token, body: text() });
      expect(await settled(t, token, job.body.data.id)).toMatchObject({ status: 'failed', refunded: true });
      expect((await call(t.app, 'GET', '/api/user/credits', { token })).body.data.balance).toBe(100);
    } finally {
      await t.close();
    }
  });

  it('caps the jobs one person has in progress with 429 TOO_MANY_JOBS', async () => {
    const t = await createTestApp({ engine: new ScriptedEngine('hang'), maxActiveJobsPerUser: 2 });
    try {
      const { token } = await signUp(t.app);
      const replies = await Promise.all(
        Array.from({ length: 4 }, (_, i) => call(t.app, 'POST', '/api/videos/generate', { token, body: text({ prompt: `job ${i}` }) })),
      );
      expect(replies.filter((r) => r.status === 202)).toHaveLength(2);
      const refused = replies.filter((r) => r.status === 429);
      expect(refused).toHaveLength(2);
      expect(refused[0]?.body.error).toBe('TOO_MANY_JOBS');
      expect((await call(t.app, 'GET', '/api/user/credits', { token })).body.data.balance).toBe(80);
      const other = await signUp(t.app);
      expect((await call(t.app, 'POST', '/api/videos/generate', { token: other.token, body: text() })).status).toBe(202);
    } finally {
      await t.close();
    }
  });

  it('refunds a job deleted before it finished', async () => {
    const t = await createTestApp({ engine: new ScriptedEngine('hang') });
    try {
      const { token } = await signUp(t.app);
      const job = await call(t.app, 'POST', '/api/videos/generate', { token, body: text() });
      expect((await call(t.app, 'DELETE', `/api/videos/${job.body.data.id}`, { token })).status).toBe(200);
      expect((await call(t.app, 'GET', '/api/user/credits', { token })).body.data.balance).toBe(100);
    } finally {
      await t.close();
    }
  });

  it('recovers jobs left processing by a crash: requeued once, then failed and refunded', async () => {
    const engine = new ScriptedEngine('succeed');
    const t = await createTestApp({ engine, worker: false });
    try {
      const { token } = await signUp(t.app);
      const first = await call(t.app, 'POST', '/api/videos/generate', { token, body: text({ prompt: 'first' }) });
      const second = await call(t.app, 'POST', '/api/videos/generate', { token, body: text({ prompt: 'second' }) });
      const longAgo = new Date(Date.now() - 3_600_000).toISOString();
      const { db } = t.app.services;
      await db
        .updateTable('videos')
        .set({ status: 'processing', heartbeat_at: longAgo, attempts: 1, worker_id: 'dead' })
        .where('id', '=', first.body.data.id)
        .execute();
      await db
        .updateTable('videos')
        .set({ status: 'processing', heartbeat_at: longAgo, attempts: 2, worker_id: 'dead' })
        .where('id', '=', second.body.data.id)
        .execute();

      const worker = new JobWorker(
        { ...t.app.services, log: { error: () => undefined } },
        { ...DEFAULT_WORKER_OPTIONS, idleIntervalMs: 50, progressIntervalMs: 20 },
      );
      worker.start();
      try {
        expect(await settled(t, token, first.body.data.id)).toMatchObject({ status: 'succeeded', refunded: false });
        expect(await settled(t, token, second.body.data.id)).toMatchObject({ status: 'failed', refunded: true });
      } finally {
        await worker.stop();
      }
      expect((await call(t.app, 'GET', '/api/user/credits', { token })).body.data.balance).toBe(90);
    } finally {
      await t.close();
    }
  });
});
