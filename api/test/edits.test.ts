import { execFile } from 'node:child_process';
import { readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import ffprobe from '@ffprobe-installer/ffprobe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, ScriptedEngine, signUp, waitFor } from './helpers.ts';
import type { TestApp } from './helpers.ts';
import { startBucket } from './s3.ts';
import type { TestBucket } from './s3.ts';

/** Renders share two cores with every other test file; a loaded machine can take minutes for a few clips. */
const RENDER_TEST_MS = 300_000;

const TEXT = { type: 'text-to-video', prompt: 'A paper boat on a rainy street', model: 'v1.0', resolution: '512p', duration: '5s' };

interface Probed {
  width: number;
  height: number;
  fps: number;
  seconds: number;
}

/** Frame size, frame rate and length as ffprobe reads them from the file. */
async function probe(file: string): Promise<Probed> {
  const { stdout } = await promisify(execFile)(ffprobe.path, [
    '-v',
    'error',
    '-select_streams',
    'v:0',
    '-show_entries',
    'stream=width,height,r_frame_rate:format=duration',
    '-of',
    'json',
    file,
  ]);
  const facts = JSON.parse(stdout) as { streams: Array<{ width: number; height: number; r_frame_rate: string }>; format: { duration: string } };
  const [num, den] = facts.streams[0]!.r_frame_rate.split('/').map(Number) as [number, number];
  return { width: facts.streams[0]!.width, height: facts.streams[0]!.height, fps: num / den, seconds: Number(facts.format.duration) };
}

async function maxMember(t: TestApp) {
  const person = await signUp(t.app);
  const started = await call(t.app, 'POST', '/api/payment/create-subscription-session', {
    token: person.token,
    body: { planName: 'max', billingCycle: 'monthly' },
  });
  const paid = await call(t.app, 'POST', `/api/payment/checkout/${started.body.data.sessionId}/pay`, { token: person.token });
  expect(paid.status).toBe(303);
  return person;
}

function helpersFor(t: TestApp) {
  const balance = async (token: string) => (await call(t.app, 'GET', '/api/user/credits', { token })).body.data.balance as number;
  const finished = async (token: string, id: string) =>
    waitFor(
      async () => {
        const reply = await call(t.app, 'GET', `/api/videos/status/${id}`, { token });
        return ['succeeded', 'failed'].includes(reply.body.data.status) ? reply.body.data : undefined;
      },
      RENDER_TEST_MS - 10_000,
      `video ${id}`,
    );
  /** Waits for a video, saves its file as its owner downloads it and reads it with ffprobe. */
  const downloaded = async (token: string, id: string) => {
    const video = await finished(token, id);
    expect(video.status, video.error).toBe('succeeded');
    const media = await t.app.inject({ method: 'GET', url: `/api/videos/${id}/file`, headers: { authorization: `Bearer ${token}` } });
    expect(media.statusCode).toBe(200);
    const file = join(t.dataDir, `${id}-download.mp4`);
    await writeFile(file, media.rawPayload);
    return { video, facts: await probe(file) };
  };
  /** Asks for the estimate, then queues the edit, and checks both name the same cost. */
  const edit = async (token: string, body: Record<string, unknown>) => {
    const estimate = await call(t.app, 'POST', '/api/videos/edits/estimate', { token, body });
    expect(estimate.status, JSON.stringify(estimate.body)).toBe(200);
    const before = await balance(token);
    const queued = await call(t.app, 'POST', '/api/videos/edits', { token, body });
    expect(queued.status, JSON.stringify(queued.body)).toBe(202);
    expect(queued.body.data).toMatchObject({ status: 'queued', type: 'edit', cost: estimate.body.data.cost, newBalance: before - estimate.body.data.cost });
    return { id: queued.body.data.id as string, estimate: estimate.body.data };
  };
  return { balance, finished, downloaded, edit };
}

describe('editing finished videos', () => {
  let t: TestApp;
  let max: Awaited<ReturnType<typeof signUp>>;
  let h: ReturnType<typeof helpersFor>;
  /** A real 5 s render, and a 1.5 s trim of it that the lighter edits below start from. */
  let source: string;
  let short: string;

  beforeAll(async () => {
    t = await createTestApp();
    h = helpersFor(t);
    max = await maxMember(t);
    const queued = await call(t.app, 'POST', '/api/videos/generate', { token: max.token, body: TEXT });
    source = queued.body.data.id;
    await h.downloaded(max.token, source);
  }, RENDER_TEST_MS);
  afterAll(async () => t.close());

  it('lets only Max members edit: Free and Pro get 403 PLAN_UPGRADE_REQUIRED naming Max, and pay nothing', async () => {
    const free = await signUp(t.app);
    const pro = await signUp(t.app);
    const started = await call(t.app, 'POST', '/api/payment/create-subscription-session', {
      token: pro.token,
      body: { planName: 'pro', billingCycle: 'monthly' },
    });
    await call(t.app, 'POST', `/api/payment/checkout/${started.body.data.sessionId}/pay`, { token: pro.token });
    for (const person of [free, pro]) {
      const before = await h.balance(person.token);
      for (const path of ['/api/videos/edits/estimate', '/api/videos/edits']) {
        const reply = await call(t.app, 'POST', path, { token: person.token, body: { kind: 'trim', videoId: source, start: 0, end: 2 } });
        expect(reply.status).toBe(403);
        expect(reply.body).toMatchObject({
          success: false,
          error: 'PLAN_UPGRADE_REQUIRED',
          upgradeRequired: true,
          message: 'Editing videos requires the Max plan',
        });
        expect(reply.body.problems[0]).toMatchObject({ feature: 'advancedEditing' });
      }
      expect(await h.balance(person.token)).toBe(before);
    }
    expect((await call(t.app, 'POST', '/api/videos/edits', { body: { kind: 'trim', videoId: source, start: 0, end: 2 } })).status).toBe(401);
  });

  it('refuses bad edits with a 4xx, a code and a message, and charges nothing', async () => {
    const stranger = await maxMember(t);
    const theirs = await call(t.app, 'POST', '/api/videos/generate', { token: stranger.token, body: TEXT });
    const before = await h.balance(max.token);
    const total = (await call(t.app, 'GET', '/api/videos/history', { token: max.token })).body.data.total;
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ kind: 'trim', videoId: theirs.body.data.id, start: 0, end: 2 }, 404, 'VIDEO_NOT_FOUND'],
      [{ kind: 'trim', videoId: 'vid_unknown', start: 0, end: 2 }, 404, 'VIDEO_NOT_FOUND'],
      [{ kind: 'trim', videoId: source, start: 1, end: 6 }, 422, 'TRIM_OUT_OF_RANGE'],
      [{ kind: 'trim', videoId: source, start: 3, end: 2 }, 422, 'TRIM_OUT_OF_RANGE'],
      [{ kind: 'trim', videoId: source, start: 2, end: 2.5 }, 422, 'CLIP_TOO_SHORT'],
      [{ kind: 'trim', videoId: source, start: -1, end: 2 }, 400, 'VALIDATION_ERROR'],
      [{ kind: 'trim', videoId: source, start: 0, end: 5 }, 422, 'EDIT_CHANGES_NOTHING'],
      [{ kind: 'trim', videoId: source, start: 1 }, 400, 'VALIDATION_ERROR'],
      [{ kind: 'trim', videoId: source, start: 0, end: 2, speed: 2 }, 400, 'VALIDATION_ERROR'],
      [{ kind: 'merge', videoIds: [source] }, 422, 'MERGE_CLIP_COUNT'],
      [{ kind: 'merge', videoIds: Array.from({ length: 11 }, () => source) }, 422, 'MERGE_CLIP_COUNT'],
      [{ kind: 'merge', videoIds: [source, theirs.body.data.id] }, 404, 'VIDEO_NOT_FOUND'],
      [{ kind: 'merge', videoIds: [source, source], transition: 'wipe' }, 400, 'VALIDATION_ERROR'],
      [{ kind: 'reframe', videoId: source, aspectRatio: '4:3' }, 400, 'VALIDATION_ERROR'],
      [{ kind: 'reframe', videoId: source, aspectRatio: '16:9' }, 422, 'EDIT_CHANGES_NOTHING'],
      [{ kind: 'reframe', videoId: source, aspectRatio: '1:1', focusX: 1.5 }, 400, 'VALIDATION_ERROR'],
      [{ kind: 'reframe', videoId: source, aspectRatio: '1:1', mode: 'fit', focusX: 0.2 }, 400, 'VALIDATION_ERROR'],
      [{ kind: 'speed', videoId: source, speed: 3 }, 400, 'VALIDATION_ERROR'],
      [{ kind: 'speed', videoId: source, speed: 1 }, 400, 'VALIDATION_ERROR'],
      [{ kind: 'speed', videoId: source, speed: '2' }, 400, 'VALIDATION_ERROR'],
      [{ kind: 'extend', videoId: source, duration: '7s' }, 400, 'VALIDATION_ERROR'],
      [{ kind: 'rotate', videoId: source }, 400, 'VALIDATION_ERROR'],
    ];
    for (const [body, status, code] of cases) {
      for (const path of ['/api/videos/edits/estimate', '/api/videos/edits']) {
        const reply = await call(t.app, 'POST', path, { token: max.token, body });
        expect([reply.status, reply.body.error], `${path} ${JSON.stringify(body)}`).toEqual([status, code]);
        expect(reply.body.message).toEqual(expect.any(String));
      }
    }
    expect(await h.balance(max.token)).toBe(before);
    expect((await call(t.app, 'GET', '/api/videos/history', { token: max.token })).body.data.total).toBe(total);
  });

  it(
    'trims a clip into a new video linked to its source, which is kept',
    async () => {
      const { id, estimate } = await h.edit(max.token, { kind: 'trim', videoId: source, start: 1, end: 2.5 });
      expect(estimate).toMatchObject({ kind: 'trim', cost: 2, seconds: 1.5, duration: '1.5s', aspectRatio: '16:9', width: 912, height: 512 });
      const { video, facts } = await h.downloaded(max.token, id);
      expect(video).toMatchObject({
        type: 'edit',
        sourceId: source,
        duration: '1.5s',
        cost: 2,
        edit: { kind: 'trim', sourceIds: [source], start: 1, end: 2.5 },
      });
      expect(facts).toMatchObject({ width: 912, height: 512, fps: 24 });
      expect(facts.seconds).toBeCloseTo(1.5, 1);
      expect((await call(t.app, 'GET', `/api/videos/status/${source}`, { token: max.token })).body.data.status).toBe('succeeded');
      short = id;
    },
    RENDER_TEST_MS,
  );

  it(
    'reframes by cropping around a focus and by fitting over a blurred fill, and changes the speed',
    async () => {
      const crop = await h.edit(max.token, { kind: 'reframe', videoId: short, aspectRatio: '9:16', focusX: 0.2 });
      const fit = await h.edit(max.token, { kind: 'reframe', videoId: short, aspectRatio: '1:1', mode: 'fit' });
      const slow = await h.edit(max.token, { kind: 'speed', videoId: short, speed: 0.5 });
      expect([crop.estimate.cost, fit.estimate.cost, slow.estimate.cost]).toEqual([4, 4, 3]);
      const [cropped, fitted, slowed] = await Promise.all([crop.id, fit.id, slow.id].map((id) => h.downloaded(max.token, id)));
      expect(cropped!.video).toMatchObject({ aspectRatio: '9:16', sourceId: short, edit: { kind: 'reframe', mode: 'crop', focusX: 0.2, focusY: 0.5 } });
      expect(cropped!.facts).toMatchObject({ width: 512, height: 912, fps: 24 });
      expect(cropped!.facts.seconds).toBeCloseTo(1.5, 1);
      expect(fitted!.facts).toMatchObject({ width: 512, height: 512, fps: 24 });
      expect(slowed!.video).toMatchObject({ duration: '3s', edit: { kind: 'speed', speed: 0.5 } });
      expect(slowed!.facts).toMatchObject({ width: 912, height: 512, fps: 24 });
      expect(Math.abs(slowed!.facts.seconds - 3)).toBeLessThan(0.15);
    },
    RENDER_TEST_MS,
  );

  it(
    'merges clips in the chosen order with a cut or a crossfade',
    async () => {
      const cut = await h.edit(max.token, { kind: 'merge', videoIds: [short, short, short], transition: 'cut' });
      const fade = await h.edit(max.token, { kind: 'merge', videoIds: [short, short], transition: 'crossfade' });
      expect(cut.estimate).toMatchObject({ cost: 6, seconds: 4.5 });
      expect(fade.estimate).toMatchObject({ cost: 4, seconds: 2.5 });
      const [joined, faded] = await Promise.all([cut.id, fade.id].map((id) => h.downloaded(max.token, id)));
      expect(joined!.video).toMatchObject({ sourceId: short, edit: { kind: 'merge', sourceIds: [short, short, short], transition: 'cut' } });
      expect(joined!.facts).toMatchObject({ width: 912, height: 512, fps: 24 });
      expect(joined!.facts.seconds).toBeCloseTo(4.5, 1);
      expect(faded!.facts.seconds).toBeCloseTo(2.5, 1);
    },
    RENDER_TEST_MS,
  );

  it(
    'extends a clip from its last frame with a new render of the same engine, joined after it',
    async () => {
      const { id, estimate } = await h.edit(max.token, { kind: 'extend', videoId: short, duration: '5s' });
      // The 5 s v1.0 512p generation (10) plus the join (2).
      expect(estimate).toMatchObject({ cost: 12, seconds: 6.5 });
      const { video, facts } = await h.downloaded(max.token, id);
      expect(video).toMatchObject({ sourceId: short, engine: 'local', duration: '6.5s', edit: { kind: 'extend', duration: '5s' } });
      expect(facts).toMatchObject({ width: 912, height: 512, fps: 24 });
      expect(facts.seconds).toBeCloseTo(6.5, 1);
      const history = await call(t.app, 'GET', '/api/user/credits/history', { token: max.token });
      expect(history.body.data.items[0]).toMatchObject({ purpose: 'edit', amount: -12, videoId: id });
    },
    RENDER_TEST_MS,
  );
});

describe('edits that cannot finish', () => {
  it(
    'refuses to edit a video that is not finished, and refunds an edit whose render fails',
    async () => {
      const engine = new ScriptedEngine('succeed');
      const t = await createTestApp({ engine });
      const h = helpersFor(t);
      try {
        const max = await maxMember(t);
        // The scripted engine "finishes" with bytes that are not a video, so ffmpeg cannot edit it.
        const made = await call(t.app, 'POST', '/api/videos/generate', { token: max.token, body: TEXT });
        await h.finished(max.token, made.body.data.id);
        engine.mode = 'hang';
        const running = await call(t.app, 'POST', '/api/videos/generate', { token: max.token, body: TEXT });
        const before = await h.balance(max.token);
        const unfinished = await call(t.app, 'POST', '/api/videos/edits', {
          token: max.token,
          body: { kind: 'speed', videoId: running.body.data.id, speed: 2 },
        });
        expect([unfinished.status, unfinished.body.error]).toEqual([409, 'VIDEO_NOT_READY']);
        expect(await h.balance(max.token)).toBe(before);

        const { id } = await h.edit(max.token, { kind: 'speed', videoId: made.body.data.id, speed: 2 });
        const failed = await h.finished(max.token, id);
        expect(failed).toMatchObject({ status: 'failed', errorCode: 'RENDER_FAILED', refunded: true });
        expect(await h.balance(max.token)).toBe(before);
        const history = await call(t.app, 'GET', '/api/user/credits/history', { token: max.token });
        expect(history.body.data.items.slice(0, 2)).toMatchObject([
          { purpose: 'edit-refund', amount: 3, videoId: id },
          { purpose: 'edit', amount: -3, videoId: id },
        ]);
      } finally {
        await t.close();
      }
    },
    RENDER_TEST_MS,
  );
});

describe('edits with media in an S3-compatible bucket (s3rver)', () => {
  let bucket: TestBucket;
  beforeAll(async () => {
    bucket = await startBucket();
  });
  afterAll(async () => bucket.close());

  it(
    'fetches the source from the bucket, edits it and serves the result from the bucket',
    async () => {
      const t = await createTestApp({ storage: bucket.storage() });
      const h = helpersFor(t);
      try {
        const max = await maxMember(t);
        const made = await call(t.app, 'POST', '/api/videos/generate', { token: max.token, body: TEXT });
        await h.downloaded(max.token, made.body.data.id);
        const { id } = await h.edit(max.token, { kind: 'trim', videoId: made.body.data.id, start: 0.5, end: 2 });
        const { facts } = await h.downloaded(max.token, id);
        expect(facts).toMatchObject({ width: 912, height: 512, fps: 24 });
        expect(facts.seconds).toBeCloseTo(1.5, 1);
        // The bucket holds the result; this machine kept no copy of it or of the fetched source.
        expect(await readdir(join(t.dataDir, 'videos'))).toEqual([]);
        const stored = await bucket
          .storage()
          .download(`videos/${id}.mp4`, join(t.dataDir, 'from-bucket.mp4'))
          .then(() => probe(join(t.dataDir, 'from-bucket.mp4')));
        expect(stored.seconds).toBeCloseTo(1.5, 1);
      } finally {
        await t.close();
      }
    },
    RENDER_TEST_MS,
  );
});
