import { execFile } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import ffprobe from '@ffprobe-installer/ffprobe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditCost } from '@reelmint/contract/pricing';
import { runFfmpeg, spawnFfmpeg } from '../src/videos/ffmpeg.ts';
import { call, createTestApp, signUp, uploadPicture, waitFor } from './helpers.ts';
import type { TestApp } from './helpers.ts';

/** Renders share two cores with every other test file; a loaded machine can take minutes for a few clips. */
const RENDER_TEST_MS = 300_000;

/** The kinds of stream ffprobe finds in a file ("video", "audio"), with the audio codec when there is one. */
async function streams(file: string): Promise<Array<{ codec_type: string; codec_name: string }>> {
  const { stdout } = await promisify(execFile)(ffprobe.path, ['-v', 'error', '-show_entries', 'stream=codec_type,codec_name', '-of', 'json', file]);
  return (JSON.parse(stdout) as { streams: Array<{ codec_type: string; codec_name: string }> }).streams;
}

/** The loudest sample of the audio track, in dBFS as ffmpeg's volumedetect measures it. */
async function maxVolume(file: string): Promise<number> {
  const text = await new Promise<string>((resolve) => {
    const child = spawnFfmpeg(['-hide_banner', '-i', file, '-map', '0:a', '-af', 'volumedetect', '-f', 'null', '-'], { stdio: ['ignore', 'ignore', 'pipe'] });
    let out = '';
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    child.on('close', () => resolve(out));
  });
  return Number(/max_volume: (-?[\d.]+) dB/.exec(text)?.[1] ?? Number.NaN);
}

/** The average colour of the frame at `seconds`, as [r, g, b]. */
async function colourAt(file: string, seconds: number): Promise<[number, number, number]> {
  return new Promise((resolve, reject) => {
    const child = spawnFfmpeg(
      [
        '-hide_banner',
        '-loglevel',
        'error',
        '-ss',
        String(seconds),
        '-i',
        file,
        '-frames:v',
        '1',
        '-vf',
        'scale=1:1:flags=area',
        '-f',
        'rawvideo',
        '-pix_fmt',
        'rgb24',
        '-',
      ],
      { stdio: ['ignore', 'pipe', 'ignore'] },
    );
    const chunks: Buffer[] = [];
    child.stdout?.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.on('error', reject);
    child.on('close', () => {
      const pixel = Buffer.concat(chunks);
      resolve([pixel[0]!, pixel[1]!, pixel[2]!]);
    });
  });
}

async function solidPicture(dir: string, name: string, colour: string): Promise<Buffer> {
  const path = join(dir, name);
  await runFfmpeg(['-y', '-f', 'lavfi', '-i', `color=c=${colour}:s=320x180`, '-frames:v', '1', path]).done;
  return readFile(path);
}

const IMAGE = { type: 'image-to-video', prompt: '', model: 'v2.0', resolution: '512p', duration: '5s' };
const TEXT = { type: 'text-to-video', prompt: 'A lighthouse at dusk', model: 'v1.0', resolution: '512p', duration: '5s' };

describe('generation controls: keyframes, camera motion and audio', () => {
  let t: TestApp;
  let token: string;
  let red: string;
  let blue: string;

  beforeAll(async () => {
    t = await createTestApp();
    ({ token } = await signUp(t.app));
    // v2.0, which takes end frames and audio, comes with Pro: bought through the local checkout.
    const checkout = await call(t.app, 'POST', '/api/payment/create-subscription-session', { token, body: { planName: 'pro', billingCycle: 'monthly' } });
    expect((await call(t.app, 'POST', `/api/payment/checkout/${checkout.body.data.sessionId}/pay`, { token })).status).toBe(303);
    const upload = async (name: string, colour: string) => {
      const reply = await uploadPicture(t.app, token, name, 'image/png', await solidPicture(t.dataDir, name, colour));
      expect(reply.statusCode, reply.body).toBe(201);
      return reply.json().data.id as string;
    };
    red = await upload('red.png', 'red');
    blue = await upload('blue.png', 'blue');
  });
  afterAll(async () => t.close());

  const balance = async () => (await call(t.app, 'GET', '/api/user/credits', { token })).body.data.balance as number;

  const rendered = async (body: Record<string, unknown>) => {
    const queued = await call(t.app, 'POST', '/api/videos/generate', { token, body });
    expect(queued.status, JSON.stringify(queued.body)).toBe(202);
    const video = await waitFor(
      async () => {
        const reply = await call(t.app, 'GET', `/api/videos/status/${queued.body.data.id}`, { token });
        return ['succeeded', 'failed'].includes(reply.body.data.status) ? reply.body.data : undefined;
      },
      RENDER_TEST_MS - 10_000,
      'the render',
    );
    expect(video.status, video.error).toBe('succeeded');
    const media = await t.app.inject({ method: 'GET', url: `/api/videos/${video.id}/file`, headers: { authorization: `Bearer ${token}` } });
    const file = join(t.dataDir, `${video.id}-download.mp4`);
    await writeFile(file, media.rawPayload);
    return { video, cost: queued.body.data.cost as number, file };
  };

  it('describes what each model takes', async () => {
    const reply = await call(t.app, 'GET', '/api/videos/features');
    expect(reply.status).toBe(200);
    expect(reply.body.data.cameraMotions).toEqual(['static', 'push_in', 'pull_out', 'pan_left', 'pan_right', 'tilt_up', 'tilt_down', 'orbit', 'handheld']);
    expect(reply.body.data.audioFactor).toBe(1.25);
    expect(reply.body.data.models).toEqual([
      { model: 'v1.0', startFrame: true, endFrame: false, camera: 'prompt', audio: false },
      { model: 'v2.0', startFrame: true, endFrame: true, camera: 'control', audio: true },
    ]);
  });

  it('declares the controls and the features route in the OpenAPI document', async () => {
    const doc = (await call(t.app, 'GET', '/api/openapi.json')).body;
    expect(doc.paths['/api/videos/features'].get).toBeDefined();
    const body = doc.paths['/api/videos/generate'].post.requestBody.content['application/json'].schema;
    expect(Object.keys(body.properties)).toEqual(expect.arrayContaining(['startImageId', 'endImageId', 'cameraMotion', 'audio']));
  });

  it('refuses controls a model lacks, unknown presets and frames that are not your pictures, charging nothing', async () => {
    const other = await signUp(t.app, 'Someone Else');
    const theirs = (await uploadPicture(t.app, other.token, 'theirs.png', 'image/png', await solidPicture(t.dataDir, 'theirs.png', 'green'))).json().data.id;
    const before = await balance();
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ ...TEXT, cameraMotion: 'dolly_zoom' }, 400, 'CAMERA_MOTION_UNKNOWN'],
      [{ ...TEXT, audio: true }, 422, 'CONTROL_UNAVAILABLE'],
      [{ ...IMAGE, model: 'v1.0', imageId: red, endImageId: blue }, 422, 'CONTROL_UNAVAILABLE'],
      [{ ...IMAGE, imageId: red, endImageId: 'upl_missing' }, 404, 'UPLOAD_NOT_FOUND'],
      [{ ...IMAGE, imageId: red, endImageId: theirs }, 404, 'UPLOAD_NOT_FOUND'],
      [{ ...TEXT, startImageId: theirs }, 404, 'UPLOAD_NOT_FOUND'],
      [{ ...IMAGE, imageId: red, startImageId: blue }, 400, 'VALIDATION_ERROR'],
      [{ ...TEXT, endImageId: blue }, 400, 'VALIDATION_ERROR'],
      [{ ...TEXT, audio: 'yes' }, 400, 'VALIDATION_ERROR'],
    ];
    for (const [body, status, code] of cases) {
      const reply = await call(t.app, 'POST', '/api/videos/generate', { token, body });
      expect([reply.status, reply.body.error], JSON.stringify(body)).toEqual([status, code]);
      expect(reply.body.message).toEqual(expect.any(String));
    }
    const audioRefusal = await call(t.app, 'POST', '/api/videos/generate', { token, body: { ...TEXT, audio: true } });
    expect(audioRefusal.body).toMatchObject({ control: 'audio', model: 'v1.0', availableOn: 'v2.0' });
    expect(await balance()).toBe(before);
  });

  it(
    'refuses a video given as a keyframe',
    async () => {
      const { video } = await rendered(TEXT);
      const reply = await call(t.app, 'POST', '/api/videos/generate', { token, body: { ...IMAGE, imageId: red, endImageId: video.id } });
      expect([reply.status, reply.body.error]).toEqual([422, 'FRAME_NOT_A_PICTURE']);
    },
    RENDER_TEST_MS,
  );

  it(
    'moves from the first picture to the last with a camera motion, and carries a real sound track priced by the formula',
    async () => {
      const { video, cost, file } = await rendered({ ...IMAGE, imageId: red, endImageId: blue, cameraMotion: 'push_in', audio: true });
      expect(cost).toBe(creditCost({ model: 'v2.0', resolution: '512p', duration: '5s', audio: true }));
      expect(cost).toBeGreaterThan(creditCost({ model: 'v2.0', resolution: '512p', duration: '5s' }));
      expect(video).toMatchObject({ endImageId: blue, startImageId: null, cameraMotion: 'push_in', audio: true });
      const kinds = await streams(file);
      expect(kinds.map((s) => s.codec_type).sort()).toEqual(['audio', 'video']);
      expect(kinds.find((s) => s.codec_type === 'audio')?.codec_name).toBe('aac');
      // Not silence: a generated ambience.
      expect(await maxVolume(file)).toBeGreaterThan(-40);
      const [r0, , b0] = await colourAt(file, 0.1);
      // Halfway through, the last picture has half faded in over the first.
      const [rm, , bm] = await colourAt(file, 2.5);
      expect(Math.min(rm, bm)).toBeGreaterThan(60);
      const [r1, , b1] = await colourAt(file, 4.8);
      expect(r0).toBeGreaterThan(b0 + 100);
      expect(b1).toBeGreaterThan(r1 + 100);
    },
    RENDER_TEST_MS,
  );

  it(
    'starts a text video on its start frame, and a clip without audio has no audio stream',
    async () => {
      const { video, file } = await rendered({ ...TEXT, startImageId: blue, cameraMotion: 'pan_left' });
      expect(video).toMatchObject({ type: 'text-to-video', startImageId: blue, cameraMotion: 'pan_left', audio: false });
      expect((await streams(file)).map((s) => s.codec_type)).toEqual(['video']);
      const [r, , b] = await colourAt(file, 0.1);
      expect(b).toBeGreaterThan(r + 100);
    },
    RENDER_TEST_MS,
  );
});
