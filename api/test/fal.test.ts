import { mkdtemp, readFile, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { probeVideo, runFfmpeg } from '../src/videos/ffmpeg.ts';
import { FalAdapter } from '../src/videos/providers/fal.ts';
import { DEFAULT_HOSTED_OPTIONS, HostedEngine } from '../src/videos/providers/hosted-engine.ts';
import { DEFAULT_MAPPING } from '../src/videos/providers/mapping.ts';
import { IMAGE_PROMPT } from '../src/videos/providers/provider.ts';
import { DEFAULT_WORKER_OPTIONS, JobWorker } from '../src/videos/worker.ts';
import type { WorkerOptions } from '../src/videos/worker.ts';
import { call, createTestApp, makePicture, signUp, uploadPicture, waitFor } from './helpers.ts';
import type { TestApp } from './helpers.ts';
import { startFalStandIn } from './stand-ins/fal-server.ts';
import type { FalStandIn } from './stand-ins/fal-server.ts';

const TEXT = { type: 'text-to-video', prompt: 'A lighthouse in a storm', model: 'v1.0', resolution: '512p', duration: '5s' };

let fal: FalStandIn;
let apps: TestApp[] = [];

beforeAll(async () => {
  const dir = await mkdtemp(join(tmpdir(), 'reelmint-fal-'));
  const clip = join(dir, 'clip.mp4');
  await runFfmpeg(['-y', '-f', 'lavfi', '-i', 'testsrc2=s=320x180:d=2:r=24', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', clip]).done;
  fal = await startFalStandIn(await readFile(clip));
});
afterAll(async () => fal.close());
afterEach(async () => {
  await Promise.all(apps.map((t) => t.close()));
  apps = [];
  fal.reset();
});

/** The API with the fal engine pointed at the stand-in through the SDK, with short waits for tests. */
async function falApp(options: { key?: string; pollIntervalMs?: number; worker?: Partial<WorkerOptions>; webhooks?: boolean; timeoutMs?: number } = {}) {
  const engine = new HostedEngine(
    // backoffMultiplier 0: the SDK's own retries wait its base second once instead of doubling.
    new FalAdapter({
      key: options.key ?? 'test-key',
      queueUrl: fal.url,
      jwksUrl: fal.jwksUrl,
      ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
      retry: { backoffMultiplier: 0, enableJitter: false },
    }),
    {
      ...DEFAULT_HOSTED_OPTIONS,
      mapping: DEFAULT_MAPPING.fal,
      webhookBase: options.webhooks ? 'http://api.test' : null,
      pollIntervalMs: options.pollIntervalMs ?? 100,
      maxPollIntervalMs: Math.max(400, options.pollIntervalMs ?? 0),
      maxFailures: 3,
      log: { error: () => undefined },
    },
  );
  const t = await createTestApp({ engine, worker: { idleIntervalMs: 50, progressIntervalMs: 40, staleAfterMs: 60_000, ...options.worker } });
  apps.push(t);
  const { token } = await signUp(t.app);
  return { t, token, engine };
}

async function generate(t: TestApp, token: string, body: Record<string, unknown> = TEXT) {
  const reply = await call(t.app, 'POST', '/api/videos/generate', { token, body });
  expect(reply.status).toBe(202);
  return reply.body.data.id as string;
}

// A ceiling, not a delay: a clip extended on a machine running several suites at once took over 30 s.
async function settled(t: TestApp, token: string, id: string, timeoutMs = 50_000) {
  return waitFor(
    async () => {
      const reply = await call(t.app, 'GET', `/api/videos/status/${id}`, { token });
      return ['succeeded', 'failed'].includes(reply.body.data?.status) ? reply.body.data : undefined;
    },
    timeoutMs,
    `video ${id} to finish`,
  );
}

async function balance(t: TestApp, token: string) {
  return (await call(t.app, 'GET', '/api/user/credits', { token })).body.data.balance as number;
}

async function row(t: TestApp, id: string) {
  return t.app.services.db.selectFrom('videos').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

describe('fal.ai through @fal-ai/client, against a stand-in of its queue API', () => {
  it('submits the mapped settings, follows the queue, downloads the video into our storage and stores request id and cost', async () => {
    const { t, token } = await falApp();
    expect((await call(t.app, 'GET', '/api/config')).body.data.videoEngine).toBe('fal');
    const id = await generate(t, token);
    const done = await settled(t, token, id);
    expect(done).toMatchObject({ status: 'succeeded', engine: 'fal', refunded: false, progress: 100 });

    const [submit] = fal.callsTo('POST', /^\/fal-ai\/bytedance\/seedance\/v1\/lite\/text-to-video$/);
    // The seed the API chose for the job goes to fal under fal's name for it.
    expect(submit?.body).toEqual({ prompt: 'A lighthouse in a storm', resolution: '480p', duration: '5', aspect_ratio: '16:9', seed: done.seed });
    expect(Number.isInteger(done.seed)).toBe(true);
    expect(submit?.headers.authorization).toBe('Key test-key');
    const stored = await row(t, id);
    expect(stored.engine_ref).toBe('req-1');
    expect(stored.provider_cost_cents).toBe(20);

    // The person gets our URL, never the provider's, and the bytes are the provider's video.
    expect(done.videoUrl).toMatch(/\/api\/videos\/vid_[^/]+\/file\?token=/);
    expect(done.videoUrl).not.toContain(fal.url);
    const file = await t.app.inject({ method: 'GET', url: new URL(done.videoUrl).pathname + new URL(done.videoUrl).search });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(await readFile(join(t.dataDir, 'videos', `${id}.mp4`)))).toBe(true);
    expect(file.rawPayload.subarray(4, 8).toString('latin1')).toBe('ftyp');
    const poster = await t.app.inject({ method: 'GET', url: new URL(done.posterUrl).pathname + new URL(done.posterUrl).search });
    expect(poster.headers['content-type']).toBe('image/jpeg');
    expect(fal.callsTo('GET', /^\/files\//)).toHaveLength(1);
  });

  it('sends a picture as a data URI to the image model', async () => {
    const { t, token } = await falApp();
    const picture = await makePicture(t.dataDir, 'p.png');
    const upload = await uploadPicture(t.app, token, 'p.png', 'image/png', picture);
    const id = await generate(t, token, {
      type: 'image-to-video',
      imageId: upload.json().data.id,
      model: 'v1.0',
      resolution: '512p',
      duration: '10s',
      aspectRatio: '9:16',
      seed: 4242,
      negativePrompt: 'blur',
    });
    expect(await settled(t, token, id)).toMatchObject({ status: 'succeeded', aspectRatio: '9:16', seed: 4242, negativePrompt: 'blur' });
    const [submit] = fal.callsTo('POST', /image-to-video$/);
    const input = submit?.body as Record<string, string>;
    expect(input.image_url).toBe(`data:image/png;base64,${picture.toString('base64')}`);
    // Seedance takes the shape and the seed; it has no negative prompt, so none is sent.
    expect(input).toMatchObject({ resolution: '480p', duration: '10', aspect_ratio: '9:16', seed: 4242 });
    expect(input).not.toHaveProperty('negative_prompt');
  });

  it('fails a job whose key fal refuses (401), refunded once, with a reason to show', async () => {
    const { t, token } = await falApp({ key: 'wrong-key' });
    const id = await generate(t, token);
    expect(await settled(t, token, id)).toMatchObject({ status: 'failed', errorCode: 'PROVIDER_UNAVAILABLE', refunded: true });
    expect(await balance(t, token)).toBe(100);
  });

  it('fails a content-policy refusal (422) as CONTENT_POLICY and refunds it', async () => {
    const { t, token } = await falApp();
    fal.behaviour.submit = () => ({
      status: 422,
      json: { detail: [{ loc: ['body', 'prompt'], msg: 'The prompt was flagged by the content checker', type: 'content_policy_violation' }] },
    });
    const id = await generate(t, token);
    expect(await settled(t, token, id)).toMatchObject({ status: 'failed', errorCode: 'CONTENT_POLICY', refunded: true });
    expect(await balance(t, token)).toBe(100);
  });

  it('waits as long as a 429 Retry-After asks, then goes on', async () => {
    const { t, token } = await falApp();
    fal.behaviour.submit = (_call, n) =>
      n <= 4 ? { status: 429, json: { detail: 'Too many requests' }, headers: { 'retry-after': '2' } } : { json: { request_id: 'req-late' } };
    const id = await generate(t, token);
    expect(await settled(t, token, id)).toMatchObject({ status: 'succeeded' });
    const submits = fal.callsTo('POST', /text-to-video$/);
    // The SDK tries four times; the engine then waits the asked two seconds before the fifth.
    expect(submits).toHaveLength(5);
    expect(submits[4]!.at - submits[3]!.at).toBeGreaterThanOrEqual(1900);
    expect((await row(t, id)).engine_ref).toBe('req-late');
  });

  it('gives up on a provider that keeps answering 500, and refunds', async () => {
    const { t, token } = await falApp();
    fal.behaviour.status = () => ({ status: 500, json: { detail: 'Internal error' } });
    const id = await generate(t, token);
    expect(await settled(t, token, id, 60_000)).toMatchObject({ status: 'failed', errorCode: 'PROVIDER_UNAVAILABLE', refunded: true });
    expect(await balance(t, token)).toBe(100);
  });

  it('treats malformed JSON like an outage: retried, then failed and refunded', async () => {
    const { t, token } = await falApp();
    fal.behaviour.status = () => ({ text: '{"status": "IN_PRO' });
    const id = await generate(t, token);
    expect(await settled(t, token, id, 60_000)).toMatchObject({ status: 'failed', errorCode: 'PROVIDER_UNAVAILABLE', refunded: true });
    expect(fal.callsTo('GET', /\/status$/).length).toBeGreaterThanOrEqual(3);
  });

  it('stops a job that never finishes at the time limit, cancels it at fal and refunds', async () => {
    const { t, token } = await falApp({ worker: { jobTimeoutMs: 2_000 } });
    fal.behaviour.status = (requestId) => ({ json: { request_id: requestId, status: 'IN_PROGRESS' } });
    const id = await generate(t, token);
    expect(await settled(t, token, id)).toMatchObject({ status: 'failed', errorCode: 'TIMEOUT', refunded: true });
    await waitFor(async () => (fal.callsTo('PUT', /\/requests\/req-1\/cancel$/).length === 1 ? true : undefined), 5_000, 'the cancel at fal');
    expect(await balance(t, token)).toBe(100);
  });

  it('fails a job whose result URL answers 404, leaving no file behind', async () => {
    const { t, token } = await falApp();
    fal.behaviour.file = () => 404;
    const id = await generate(t, token);
    expect(await settled(t, token, id)).toMatchObject({ status: 'failed', errorCode: 'RENDER_FAILED', refunded: true, videoUrl: null });
    expect(await readdir(join(t.dataDir, 'videos'))).toEqual([]);
  });

  it('cancels the request at fal when the person deletes a running job', async () => {
    const { t, token } = await falApp();
    fal.behaviour.status = (requestId) => ({ json: { request_id: requestId, status: 'IN_QUEUE', queue_position: 3 } });
    const id = await generate(t, token);
    await waitFor(async () => ((await row(t, id)).engine_ref === 'req-1' ? true : undefined), 10_000, 'the request id to be stored');
    expect((await call(t.app, 'DELETE', `/api/videos/${id}`, { token })).status).toBe(200);
    await waitFor(async () => (fal.callsTo('PUT', /\/requests\/req-1\/cancel$/).length === 1 ? true : undefined), 5_000, 'the cancel at fal');
    expect(await balance(t, token)).toBe(100);
  });

  it('cancels the request at fal when the person cancels a running job, and refunds it at once', async () => {
    const { t, token } = await falApp();
    fal.behaviour.status = (requestId) => ({ json: { request_id: requestId, status: 'IN_PROGRESS' } });
    const id = await generate(t, token);
    await waitFor(async () => ((await row(t, id)).engine_ref === 'req-1' ? true : undefined), 10_000, 'the request id to be stored');
    const cancelled = await call(t.app, 'POST', `/api/videos/${id}/cancel`, { token });
    expect(cancelled.body.data).toMatchObject({ id, status: 'cancelled', newBalance: 100 });
    await waitFor(async () => (fal.callsTo('PUT', /\/requests\/req-1\/cancel$/).length === 1 ? true : undefined), 5_000, 'the cancel at fal');
    expect((await row(t, id)).status).toBe('cancelled');
    expect(await balance(t, token)).toBe(100);
  });

  it('keeps jobs beyond the provider limit queued until one in flight finishes', async () => {
    const { t, token } = await falApp({ worker: { concurrency: 3, maxInFlight: 1 } });
    let release = false;
    fal.behaviour.status = (requestId) => ({ json: { request_id: requestId, status: release ? 'COMPLETED' : 'IN_PROGRESS' } });
    const first = await generate(t, token);
    const second = await generate(t, token);
    await waitFor(async () => ((await row(t, first)).engine_ref === 'req-1' ? true : undefined), 10_000, 'the first submit');
    // Several idle rounds of the worker later, the second job still waits its turn.
    await waitFor(async () => (fal.callsTo('GET', /\/status$/).length >= 3 ? true : undefined), 10_000, 'a few status checks');
    expect((await row(t, second)).status).toBe('queued');
    expect(fal.callsTo('POST', /text-to-video$/)).toHaveLength(1);
    release = true;
    expect(await settled(t, token, first)).toMatchObject({ status: 'succeeded' });
    expect(await settled(t, token, second)).toMatchObject({ status: 'succeeded' });
    expect(fal.callsTo('POST', /text-to-video$/)).toHaveLength(2);
  });
});

describe('fal.ai requests outliving their worker', () => {
  it('follows the request a stopped or crashed worker submitted instead of paying for it again', async () => {
    const { t, token } = await falApp();
    let release = false;
    fal.behaviour.status = (requestId) => ({ json: { request_id: requestId, status: release ? 'COMPLETED' : 'IN_PROGRESS' } });
    const id = await generate(t, token);
    await waitFor(async () => ((await row(t, id)).engine_ref === 'req-1' ? true : undefined), 10_000, 'the submit');

    // A stop (deploy) leaves the request running at fal and the job queued with its id.
    await t.app.services.worker?.stop();
    expect(await row(t, id)).toMatchObject({ status: 'queued', engine_ref: 'req-1' });
    expect(fal.callsTo('PUT', /\/cancel$/)).toHaveLength(0);

    // Crash recovery keeps the id too: here the job looks orphaned by a dead worker.
    await t.app.services.db
      .updateTable('videos')
      .set({ status: 'processing', heartbeat_at: new Date(Date.now() - 3_600_000).toISOString(), worker_id: 'dead' })
      .where('id', '=', id)
      .execute();
    const next = new JobWorker(
      {
        ...t.app.services,
        engine: new HostedEngine(new FalAdapter({ key: 'test-key', queueUrl: fal.url }), {
          ...DEFAULT_HOSTED_OPTIONS,
          mapping: DEFAULT_MAPPING.fal,
          webhookBase: null,
          pollIntervalMs: 100,
          maxPollIntervalMs: 400,
          log: { error: () => undefined },
        }),
        log: { error: () => undefined },
      },
      { ...DEFAULT_WORKER_OPTIONS, idleIntervalMs: 50, progressIntervalMs: 40 },
    );
    next.start();
    try {
      release = true;
      expect(await settled(t, token, id)).toMatchObject({ status: 'succeeded', refunded: false });
    } finally {
      await next.stop();
    }
    expect(fal.callsTo('POST', /text-to-video$/)).toHaveLength(1);
    expect((await row(t, id)).engine_ref).toBe('req-1');
  });
});

describe('fal.ai submits, sent once', () => {
  const submits = () => fal.callsTo('POST', /text-to-video$/);

  it('a submit fal took whose answer was lost (a dropped connection, a gateway error, a timeout) is not sent again: one request, refunded', async () => {
    const answers = [{ drop: true }, { status: 502, json: { detail: 'Bad gateway' } }, { stall: true }];
    for (const answer of answers) {
      fal.reset();
      // Long enough for the submit to reach the stand-in on a loaded machine; the stalled one ends at this limit.
      const { t, token } = await falApp({ timeoutMs: 2_000 });
      const before = await balance(t, token);
      fal.behaviour.submit = () => answer;
      const id = await generate(t, token);
      // The reference is on the job before the submit leaves.
      expect(await settled(t, token, id)).toMatchObject({ status: 'failed', errorCode: 'PROVIDER_UNAVAILABLE', refunded: true });
      expect(await balance(t, token)).toBe(before);
      expect(submits(), JSON.stringify(answer)).toHaveLength(1);
      expect((await row(t, id)).engine_ref).toBe(`submitting:${id}`);
    }
  });

  it('sends a submit again when fal says it did not take it (503), and follows the one it took', async () => {
    const { t, token } = await falApp({ timeoutMs: 10_000 });
    const normal = fal.behaviour.submit;
    fal.behaviour.submit = (call, n) => (n === 1 ? { status: 503, json: { detail: 'Busy' } } : normal(call, n));
    const id = await generate(t, token);
    expect(await settled(t, token, id)).toMatchObject({ status: 'succeeded', refunded: false });
    expect(submits()).toHaveLength(2);
    expect((await row(t, id)).engine_ref).toBe('req-1');
  });

  it('a worker that stopped between sending a submit and reading its answer leaves it unsent for good: the next attempt refunds', async () => {
    const { t, token } = await falApp({ timeoutMs: 10_000 });
    const before = await balance(t, token);
    await t.app.services.worker?.stop();
    const id = await generate(t, token);
    // As a worker that died right after sending leaves its job: processing, its heartbeat old, the reference recorded.
    await t.app.services.db
      .updateTable('videos')
      .set({
        status: 'processing',
        heartbeat_at: new Date(Date.now() - 3_600_000).toISOString(),
        worker_id: 'dead',
        engine: 'fal',
        engine_ref: `submitting:${id}`,
      })
      .where('id', '=', id)
      .execute();
    const next = new JobWorker(
      { ...t.app.services, log: { error: () => undefined } },
      { ...DEFAULT_WORKER_OPTIONS, idleIntervalMs: 50, progressIntervalMs: 40 },
    );
    next.start();
    try {
      expect(await settled(t, token, id)).toMatchObject({ status: 'failed', errorCode: 'PROVIDER_UNAVAILABLE', refunded: true });
    } finally {
      await next.stop();
    }
    expect(await balance(t, token)).toBe(before);
    expect(submits()).toHaveLength(0);
  });

  it('gives a picture sent without a prompt one to Seedance, which needs it', async () => {
    const { t, token } = await falApp({ timeoutMs: 10_000 });
    const picture = await makePicture(t.dataDir, 'quiet.png');
    const upload = await uploadPicture(t.app, token, 'quiet.png', 'image/png', picture);
    const id = await generate(t, token, { type: 'image-to-video', imageId: upload.json().data.id, model: 'v1.0', resolution: '512p', duration: '5s' });
    expect(await settled(t, token, id)).toMatchObject({ status: 'succeeded' });
    const [submit] = fal.callsTo('POST', /image-to-video$/);
    expect((submit?.body as { prompt: string }).prompt).toBe(IMAGE_PROMPT);
  });
});

describe('fal.ai webhooks', () => {
  it('refuses a webhook with a bad signature and changes nothing', async () => {
    const { t, token } = await falApp({ pollIntervalMs: 60_000, webhooks: true });
    fal.behaviour.status = (requestId, n) => ({ json: { request_id: requestId, status: n === 1 ? 'IN_QUEUE' : 'COMPLETED' } });
    const id = await generate(t, token);
    await waitFor(async () => ((await row(t, id)).engine_ref === 'req-1' ? true : undefined), 10_000, 'the submit');
    expect(fal.callsTo('POST', /text-to-video$/)[0]!.query.get('fal_webhook')).toBe('http://api.test/api/videos/webhooks/fal');
    const body = JSON.stringify({
      request_id: 'req-1',
      gateway_request_id: 'req-1',
      status: 'OK',
      payload: { video: { url: 'https://elsewhere.example/x.mp4' } },
    });
    const reply = await t.app.inject({ method: 'POST', url: '/api/videos/webhooks/fal', headers: fal.webhookHeaders('req-1', body, true), payload: body });
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toMatchObject({ success: false, error: 'INVALID_SIGNATURE' });
    const unsigned = await t.app.inject({ method: 'POST', url: '/api/videos/webhooks/fal', headers: { 'content-type': 'application/json' }, payload: body });
    expect(unsigned.statusCode).toBe(400);
    expect((await row(t, id)).status).toBe('processing');
    expect(fal.callsTo('GET', /\/status$/)).toHaveLength(0);
  });

  it('finishes the job at once on a signed webhook, and once only when the webhook arrives twice', async () => {
    const { t, token } = await falApp({ pollIntervalMs: 60_000, webhooks: true });
    fal.behaviour.status = (requestId) => ({ json: { request_id: requestId, status: 'COMPLETED' } });
    const id = await generate(t, token);
    await waitFor(async () => ((await row(t, id)).engine_ref === 'req-1' ? true : undefined), 10_000, 'the submit');
    const body = JSON.stringify({ request_id: 'req-1', gateway_request_id: 'req-1', status: 'OK', payload: { video: { url: `${fal.url}/files/req-1.mp4` } } });
    const headers = fal.webhookHeaders('req-1', body);
    const first = await t.app.inject({ method: 'POST', url: '/api/videos/webhooks/fal', headers, payload: body });
    const second = await t.app.inject({ method: 'POST', url: '/api/videos/webhooks/fal', headers, payload: body });
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    // Polling alone would wait a minute: the webhook is what finished it.
    expect(await settled(t, token, id, 20_000)).toMatchObject({ status: 'succeeded', refunded: false });
    expect(fal.callsTo('GET', /^\/files\//)).toHaveLength(1);
    expect(await balance(t, token)).toBe(90);
    const again = await t.app.inject({ method: 'POST', url: '/api/videos/webhooks/fal', headers, payload: body });
    expect(again.json()).toMatchObject({ success: true, data: { received: true, matched: false } });
  });
});

describe('extending a fal clip', () => {
  // Two renders, a frame taken out and a join, all with ffmpeg: room for a busy machine.
  it('continues from its last frame with an image-to-video request to fal and joins the two', { timeout: 150_000 }, async () => {
    const { t, token } = await falApp();
    const started = await call(t.app, 'POST', '/api/payment/create-subscription-session', { token, body: { planName: 'max', billingCycle: 'monthly' } });
    expect((await call(t.app, 'POST', `/api/payment/checkout/${started.body.data.sessionId}/pay`, { token })).status).toBe(303);
    const source = await settled(t, token, await generate(t, token));
    expect(source.status).toBe('succeeded');

    const queued = await call(t.app, 'POST', '/api/videos/edits', { token, body: { kind: 'extend', videoId: source.id, duration: '5s' } });
    expect(queued.status, JSON.stringify(queued.body)).toBe(202);
    const done = await settled(t, token, queued.body.data.id);
    // The stand-in's clips last 2 s whatever was asked, and the edit keeps the length it really has.
    expect(done).toMatchObject({ status: 'succeeded', type: 'edit', engine: 'fal', sourceId: source.id, duration: '4s', edit: { kind: 'extend' } });

    // The continuation is asked of the same model from the clip's last frame, with the clip's prompt, shape and seed.
    const [submit] = fal.callsTo('POST', /^\/fal-ai\/bytedance\/seedance\/v1\/lite\/image-to-video$/);
    expect(submit?.body).toMatchObject({ prompt: 'A lighthouse in a storm', duration: '5', aspect_ratio: '16:9', seed: source.seed });
    expect((submit?.body as { image_url: string }).image_url).toMatch(/^data:image\/jpeg;base64,/);
    expect((await row(t, done.id)).provider_cost_cents).toBe(20);

    // Both halves are the stand-in's 2 s clip, joined at the frame size of the clip's resolution.
    const facts = await probeVideo(join(t.dataDir, 'videos', `${done.id}.mp4`));
    expect(facts).toMatchObject({ width: 912, height: 512, fps: 24 });
    expect(facts?.duration).toBeCloseTo(4, 1);
  });
});
