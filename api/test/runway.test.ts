import { mkdtemp, readFile, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runFfmpeg } from '../src/videos/ffmpeg.ts';
import { DEFAULT_HOSTED_OPTIONS, HostedEngine } from '../src/videos/providers/hosted-engine.ts';
import { DEFAULT_MAPPING } from '../src/videos/providers/mapping.ts';
import { IMAGE_PROMPT } from '../src/videos/providers/provider.ts';
import { RunwayAdapter } from '../src/videos/providers/runway.ts';
import type { WorkerOptions } from '../src/videos/worker.ts';
import { call, createTestApp, makePicture, signUp, uploadPicture, waitFor } from './helpers.ts';
import type { TestApp } from './helpers.ts';
import { startRunwayStandIn } from './stand-ins/runway-server.ts';

const TEXT = { type: 'text-to-video', prompt: 'A lighthouse in a storm', model: 'v1.0', resolution: '512p', duration: '5s' };

let runway: Awaited<ReturnType<typeof startRunwayStandIn>>;
let apps: TestApp[] = [];

beforeAll(async () => {
  const dir = await mkdtemp(join(tmpdir(), 'reelmint-runway-'));
  const clip = join(dir, 'clip.mp4');
  await runFfmpeg(['-y', '-f', 'lavfi', '-i', 'testsrc2=s=320x180:d=2:r=24', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', clip]).done;
  runway = await startRunwayStandIn(await readFile(clip));
});
afterAll(async () => runway.close());
afterEach(async () => {
  await Promise.all(apps.map((t) => t.close()));
  apps = [];
  runway.reset();
});

/** The API with the Runway engine pointed at the stand-in through the SDK's baseURL. */
async function runwayApp(options: { key?: string; worker?: Partial<WorkerOptions> } = {}) {
  const engine = new HostedEngine(new RunwayAdapter({ apiKey: options.key ?? 'test-key', baseURL: runway.url }), {
    ...DEFAULT_HOSTED_OPTIONS,
    mapping: DEFAULT_MAPPING.runway,
    webhookBase: null,
    pollIntervalMs: 100,
    maxPollIntervalMs: 400,
    maxFailures: 3,
    log: { error: () => undefined },
  });
  const t = await createTestApp({ engine, worker: { idleIntervalMs: 50, progressIntervalMs: 40, staleAfterMs: 60_000, ...options.worker } });
  apps.push(t);
  const { token } = await signUp(t.app);
  return { t, token };
}

async function generate(t: TestApp, token: string, body: Record<string, unknown> = TEXT) {
  const reply = await call(t.app, 'POST', '/api/videos/generate', { token, body });
  expect(reply.status).toBe(202);
  return reply.body.data.id as string;
}

async function settled(t: TestApp, token: string, id: string, timeoutMs = 30_000) {
  return waitFor(
    async () => {
      const reply = await call(t.app, 'GET', `/api/videos/status/${id}`, { token });
      return ['succeeded', 'failed'].includes(reply.body.data?.status) ? reply.body.data : undefined;
    },
    timeoutMs,
    `video ${id} to finish`,
  );
}

const balance = async (t: TestApp, token: string) => (await call(t.app, 'GET', '/api/user/credits', { token })).body.data.balance as number;
const row = (t: TestApp, id: string) => t.app.services.db.selectFrom('videos').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('Runway through @runwayml/sdk, against a stand-in of its API', () => {
  it("creates the mapped task, shows Runway's progress, downloads the output and stores task id and cost", async () => {
    const { t, token } = await runwayApp();
    expect((await call(t.app, 'GET', '/api/config')).body.data.videoEngine).toBe('runway');
    let sawHalf = false;
    runway.behaviour.task = (id, n) =>
      n <= 3
        ? { json: { id, status: 'RUNNING', progress: 0.5, createdAt: '2030-01-01T00:00:00Z' } }
        : { json: { id, status: 'SUCCEEDED', output: [`${runway.url}/files/${id}.mp4`], createdAt: '2030-01-01T00:00:00Z' } };
    const id = await generate(t, token);
    await waitFor(
      async () => {
        const reply = await call(t.app, 'GET', `/api/videos/status/${id}`, { token });
        if (reply.body.data.progress === 47) sawHalf = true;
        return sawHalf || reply.body.data.status === 'succeeded' ? true : undefined;
      },
      20_000,
      'progress from Runway',
    );
    expect(sawHalf).toBe(true);
    const done = await settled(t, token, id);
    expect(done).toMatchObject({ status: 'succeeded', engine: 'runway', refunded: false });
    const [create] = runway.callsTo('POST', /^\/v1\/text_to_video$/);
    expect(create?.body).toEqual({ model: 'gen4.5', promptText: 'A lighthouse in a storm', ratio: '1280:720', seed: done.seed, duration: 5 });
    const stored = await row(t, id);
    expect(stored).toMatchObject({ engine_ref: 'task-1', provider_cost_cents: 60 });
    expect(done.videoUrl).not.toContain(runway.url);
    const file = await t.app.inject({ method: 'GET', url: new URL(done.videoUrl).pathname + new URL(done.videoUrl).search });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(4, 8).toString('latin1')).toBe('ftyp');
  });

  it('sends a picture inline to image_to_video', async () => {
    const { t, token } = await runwayApp();
    const picture = await makePicture(t.dataDir, 'p.jpg');
    const upload = await uploadPicture(t.app, token, 'p.jpg', 'image/jpeg', picture);
    const id = await generate(t, token, {
      type: 'image-to-video',
      imageId: upload.json().data.id,
      model: 'v1.0',
      resolution: '512p',
      duration: '10s',
      aspectRatio: '1:1',
      seed: 7,
    });
    expect(await settled(t, token, id)).toMatchObject({ status: 'succeeded' });
    const [create] = runway.callsTo('POST', /^\/v1\/image_to_video$/);
    expect(create?.body).toMatchObject({
      model: 'gen4_turbo',
      promptImage: `data:image/jpeg;base64,${picture.toString('base64')}`,
      ratio: '960:960',
      seed: 7,
      duration: 10,
    });
  });

  it('refuses a square text video, which gen4.5 cannot make, before charging anything', async () => {
    const { t, token } = await runwayApp();
    const before = (await call(t.app, 'GET', '/api/user/credits', { token })).body.data.balance;
    const refused = await call(t.app, 'POST', '/api/videos/generate', { token, body: { ...TEXT, aspectRatio: '1:1' } });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ success: false, error: 'ASPECT_RATIO_UNAVAILABLE' });
    expect((await call(t.app, 'GET', '/api/user/credits', { token })).body.data.balance).toBe(before);
    expect(runway.callsTo('POST', /^\/v1\/text_to_video$/)).toHaveLength(0);
  });

  it('fails on a refused key (401) and refunds', async () => {
    const { t, token } = await runwayApp({ key: 'wrong-key' });
    const id = await generate(t, token);
    expect(await settled(t, token, id)).toMatchObject({ status: 'failed', errorCode: 'PROVIDER_UNAVAILABLE', refunded: true });
    expect(await balance(t, token)).toBe(100);
  });

  it('fails a moderation refusal (422 at submit, or a SAFETY failure code) as CONTENT_POLICY and refunds', async () => {
    const { t, token } = await runwayApp();
    runway.behaviour.create = () => ({ status: 422, json: { error: 'Prompt rejected by content moderation' } });
    const first = await generate(t, token);
    expect(await settled(t, token, first)).toMatchObject({ status: 'failed', errorCode: 'CONTENT_POLICY', refunded: true });
    runway.behaviour.create = () => ({ json: { id: 'task-safety' } });
    runway.behaviour.task = (id) => ({
      json: { id, status: 'FAILED', failure: 'Output flagged', failureCode: 'SAFETY.OUTPUT.VIDEO', createdAt: '2030-01-01T00:00:00Z' },
    });
    const second = await generate(t, token);
    expect(await settled(t, token, second)).toMatchObject({ status: 'failed', errorCode: 'CONTENT_POLICY', refunded: true });
    expect(await balance(t, token)).toBe(100);
  });

  it('waits out a 429 for as long as Retry-After says', async () => {
    const { t, token } = await runwayApp();
    runway.behaviour.create = (_call, n) =>
      n === 1 ? { status: 429, json: { error: 'Too many requests' }, headers: { 'retry-after': '2' } } : { json: { id: 'task-late' } };
    const id = await generate(t, token);
    expect(await settled(t, token, id)).toMatchObject({ status: 'succeeded' });
    const creates = runway.callsTo('POST', /^\/v1\/text_to_video$/);
    expect(creates).toHaveLength(2);
    expect(creates[1]!.at - creates[0]!.at).toBeGreaterThanOrEqual(1900);
  });

  it('gives up on a persistent 500 and on malformed JSON, refunding both', async () => {
    const { t, token } = await runwayApp();
    runway.behaviour.task = () => ({ status: 500, json: { error: 'Internal error' } });
    const first = await generate(t, token);
    expect(await settled(t, token, first)).toMatchObject({ status: 'failed', errorCode: 'PROVIDER_UNAVAILABLE', refunded: true });
    runway.behaviour.task = () => ({ text: '{"id": "task-2", "status": "RUNN' });
    const second = await generate(t, token);
    expect(await settled(t, token, second)).toMatchObject({ status: 'failed', errorCode: 'PROVIDER_UNAVAILABLE', refunded: true });
    expect(await balance(t, token)).toBe(100);
  });

  it('cancels a task that never finishes at the time limit, and refunds', async () => {
    const { t, token } = await runwayApp({ worker: { jobTimeoutMs: 2_000 } });
    runway.behaviour.task = (id) => ({ json: { id, status: 'RUNNING', progress: 0.1, createdAt: '2030-01-01T00:00:00Z' } });
    const id = await generate(t, token);
    expect(await settled(t, token, id)).toMatchObject({ status: 'failed', errorCode: 'TIMEOUT', refunded: true });
    await waitFor(async () => (runway.callsTo('DELETE', /^\/v1\/tasks\/task-1$/).length === 1 ? true : undefined), 5_000, 'the cancel at Runway');
  });

  it('cancels the task at Runway when the person cancels a running job, and refunds it at once', async () => {
    const { t, token } = await runwayApp();
    runway.behaviour.task = (id) => ({ json: { id, status: 'RUNNING', progress: 0.2, createdAt: '2030-01-01T00:00:00Z' } });
    const before = await balance(t, token);
    const id = await generate(t, token);
    await waitFor(async () => ((await row(t, id)).engine_ref === 'task-1' ? true : undefined), 10_000, 'the task id to be stored');
    const cancelled = await call(t.app, 'POST', `/api/videos/${id}/cancel`, { token });
    expect(cancelled.body.data).toMatchObject({ id, status: 'cancelled', newBalance: before });
    await waitFor(async () => (runway.callsTo('DELETE', /^\/v1\/tasks\/task-1$/).length === 1 ? true : undefined), 5_000, 'the cancel at Runway');
    expect((await row(t, id)).status).toBe('cancelled');
  });

  it('fails a job whose output URL answers 404, leaving no file behind', async () => {
    const { t, token } = await runwayApp();
    runway.behaviour.file = () => 404;
    const id = await generate(t, token);
    expect(await settled(t, token, id)).toMatchObject({ status: 'failed', errorCode: 'RENDER_FAILED', refunded: true });
    expect(await readdir(join(t.dataDir, 'videos'))).toEqual([]);
  });
});

describe('Runway requests as its API documents them', () => {
  /** A Pro member (the v2.0 model, gen4.5 for pictures), through the local checkout. */
  async function proMember() {
    const app = await runwayApp();
    const checkout = await call(app.t.app, 'POST', '/api/payment/create-subscription-session', {
      token: app.token,
      body: { planName: 'pro', billingCycle: 'monthly' },
    });
    expect((await call(app.t.app, 'POST', `/api/payment/checkout/${checkout.body.data.sessionId}/pay`, { token: app.token })).status).toBe(303);
    return app;
  }

  const imageVideo = (imageId: string, prompt?: string) => ({
    type: 'image-to-video',
    imageId,
    model: 'v2.0',
    resolution: '720p',
    duration: '5s',
    ...(prompt === undefined ? {} : { prompt }),
  });

  it('gives gen4.5 a prompt for a picture sent without one, since it needs one', async () => {
    const { t, token } = await proMember();
    const picture = await makePicture(t.dataDir, 'p.png');
    const upload = await uploadPicture(t.app, token, 'p.png', 'image/png', picture);
    const id = await generate(t, token, imageVideo(upload.json().data.id));
    expect(await settled(t, token, id)).toMatchObject({ status: 'succeeded' });
    const [create] = runway.callsTo('POST', /^\/v1\/image_to_video$/);
    expect(create?.body).toMatchObject({ model: 'gen4.5', promptText: IMAGE_PROMPT, ratio: '1280:720', duration: 5 });
  });

  it('sends a picture over the inline limit through the upload API', async () => {
    const { t, token } = await proMember();
    // A real picture with bytes after it: about 4.5 MB, over Runway's 5 MB once base64 makes it a third larger.
    const picture = await makePicture(t.dataDir, 'big.png');
    const big = Buffer.concat([picture, Buffer.alloc(4_500_000 - picture.length, 3)]);
    const upload = await uploadPicture(t.app, token, 'big.png', 'image/png', big);
    expect(upload.statusCode).toBe(201);
    const id = await generate(t, token, imageVideo(upload.json().data.id, 'Waves on the rocks'));
    expect(await settled(t, token, id)).toMatchObject({ status: 'succeeded' });
    const [create] = runway.callsTo('POST', /^\/v1\/image_to_video$/);
    expect((create?.body as { promptImage: string }).promptImage).toMatch(/^runway:\/\/uploads\//);
    expect(runway.callsTo('POST', /^\/v1\/uploads$/)).toHaveLength(1);
    expect(runway.callsTo('POST', /^\/upload-target$/)).toHaveLength(1);
  });

  it('refuses, as Runway does, a request that differs from its documents', async () => {
    // What an adapter that forgot gen4.5's prompt would send.
    const refused = await fetch(`${runway.url}/v1/image_to_video`, {
      method: 'POST',
      headers: { authorization: 'Bearer test-key', 'x-runway-version': '2024-11-06', 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'gen4.5', promptImage: 'https://example.com/a.png', ratio: '1280:720', duration: 5 }),
    });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ error: 'promptText: Required' });
    expect(runway.callsTo('POST', /^\/v1\/image_to_video$/)).toHaveLength(1);
  });

  it('a create whose answer was lost is not sent again: one task, the job refunded', async () => {
    for (const answer of [{ drop: true }, { status: 504, json: { error: 'Gateway timeout' } }]) {
      runway.reset();
      const { t, token } = await runwayApp();
      runway.behaviour.create = () => answer;
      const id = await generate(t, token);
      expect(await settled(t, token, id)).toMatchObject({ status: 'failed', errorCode: 'PROVIDER_UNAVAILABLE', refunded: true });
      expect(await balance(t, token)).toBe(100);
      expect(runway.callsTo('POST', /^\/v1\/text_to_video$/), JSON.stringify(answer)).toHaveLength(1);
    }
  });
});
