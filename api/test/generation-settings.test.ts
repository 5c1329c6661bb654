import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_MAX } from '@reelmint/contract/pricing';
import { probeVideo, spawnFfmpeg } from '../src/videos/ffmpeg.ts';
import { call, createTestApp, makePicture, signUp, uploadPicture, waitFor } from './helpers.ts';
import type { TestApp } from './helpers.ts';

/** Renders share two cores with every other test file; a loaded machine can take minutes for a few clips. */
const RENDER_TEST_MS = 300_000;

const TEXT = { type: 'text-to-video', prompt: 'Lanterns drifting over a dark river', model: 'v1.0', resolution: '512p', duration: '5s' };

/** One MD5 per decoded frame: equal lists mean the clips show the same pictures. */
async function frameHashes(file: string): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const child = spawnFfmpeg(['-hide_banner', '-loglevel', 'error', '-i', file, '-map', '0:v', '-f', 'framemd5', '-'], {
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    let text = '';
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
    child.on('error', reject);
    child.on('close', () =>
      resolve(
        text
          .split('\n')
          .filter((line) => line && !line.startsWith('#'))
          .map((line) => line.split(',').pop()!.trim()),
      ),
    );
  });
}

describe('generation settings: shape, seed and negative prompt', () => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp();
    ({ token } = await signUp(t.app));
  });
  afterAll(async () => t.close());

  const balance = async () => (await call(t.app, 'GET', '/api/user/credits', { token })).body.data.balance as number;

  const finished = async (id: string) =>
    waitFor(
      async () => {
        const reply = await call(t.app, 'GET', `/api/videos/status/${id}`, { token });
        return ['succeeded', 'failed'].includes(reply.body.data.status) ? reply.body.data : undefined;
      },
      RENDER_TEST_MS - 10_000,
      `video ${id}`,
    );

  const queue = async (body: Record<string, unknown>) => {
    const queued = await call(t.app, 'POST', '/api/videos/generate', { token, body });
    expect(queued.status, JSON.stringify(queued.body)).toBe(202);
    return queued.body.data.id as string;
  };

  /** Waits for a queued video and saves its file as the owner downloads it. */
  const rendered = async (id: string) => {
    const video = await finished(id);
    expect(video.status, video.error).toBe('succeeded');
    const media = await t.app.inject({ method: 'GET', url: `/api/videos/${video.id}/file`, headers: { authorization: `Bearer ${token}` } });
    expect(media.statusCode).toBe(200);
    const file = join(t.dataDir, `${video.id}-download.mp4`);
    await writeFile(file, media.rawPayload);
    return { video, file };
  };

  it('refuses bad settings with a 400 and a code, and charges nothing', async () => {
    const before = await balance();
    const bad: Record<string, unknown>[] = [
      { aspectRatio: '4:3' },
      { aspectRatio: '' },
      { seed: -1 },
      { seed: 1.5 },
      { seed: SEED_MAX + 1 },
      { seed: '42' },
      { negativePrompt: 'x'.repeat(501) },
      { negativePrompt: 7 },
    ];
    for (const extra of bad) {
      const reply = await call(t.app, 'POST', '/api/videos/generate', { token, body: { ...TEXT, ...extra } });
      expect(reply.status, JSON.stringify(extra)).toBe(400);
      expect(reply.body).toMatchObject({ success: false, data: null, error: 'VALIDATION_ERROR' });
      expect(typeof reply.body.message).toBe('string');
    }
    expect(await balance()).toBe(before);
    const history = await call(t.app, 'GET', '/api/videos/history', { token });
    expect(history.body.data.total).toBe(0);
  });

  it(
    'renders each shape at the frame size it names, for text and for a picture',
    async () => {
      const picture = await makePicture(t.dataDir, 'wide.jpg', '640x360');
      const upload = await uploadPicture(t.app, token, 'wide.jpg', 'image/jpeg', picture);
      // Queued together (three is the cap per person) so the worker renders two at once.
      const ids = [
        await queue({ ...TEXT, aspectRatio: '9:16' }),
        await queue({ ...TEXT, aspectRatio: '1:1' }),
        await queue({ type: 'image-to-video', imageId: upload.json().data.id, model: 'v1.0', resolution: '512p', duration: '5s', aspectRatio: '9:16' }),
      ];
      const [portrait, square, image] = await Promise.all(ids.map(rendered));

      expect(portrait!.video).toMatchObject({ aspectRatio: '9:16' });
      const facts = await probeVideo(portrait!.file);
      expect(facts).toMatchObject({ width: 512, height: 912, fps: 24 });
      expect(facts?.duration).toBeCloseTo(5, 1);
      expect(await probeVideo(square!.file)).toMatchObject({ width: 512, height: 512, fps: 24 });
      expect(await probeVideo(image!.file)).toMatchObject({ width: 512, height: 912, fps: 24 });
    },
    RENDER_TEST_MS,
  );

  it(
    'gives every video a seed, and the same seed and settings draw the same clip while another seed does not',
    async () => {
      const settings = { ...TEXT, aspectRatio: '1:1', negativePrompt: '  people, text  ' };
      const ids = [await queue({ ...settings, seed: 123456 }), await queue({ ...settings, seed: 123456 }), await queue({ ...settings, seed: 654321 })];
      const [first, second, other] = (await Promise.all(ids.map(rendered))) as [
        Awaited<ReturnType<typeof rendered>>,
        Awaited<ReturnType<typeof rendered>>,
        Awaited<ReturnType<typeof rendered>>,
      ];
      expect(first.video).toMatchObject({ seed: 123456, negativePrompt: 'people, text', aspectRatio: '1:1' });

      const [a, b, c] = await Promise.all([frameHashes(first.file), frameHashes(second.file), frameHashes(other.file)]);
      expect(a).toHaveLength(120);
      expect(b).toEqual(a);
      expect(c).not.toEqual(a);
      // The encoder is deterministic too, so the files are the same bytes.
      expect((await readFile(second.file)).equals(await readFile(first.file))).toBe(true);

      // A request without a seed gets one chosen by the server, shown with the video and in the history.
      const queued = await call(t.app, 'POST', '/api/videos/generate', { token, body: TEXT });
      const status = await call(t.app, 'GET', `/api/videos/status/${queued.body.data.id}`, { token });
      expect(Number.isInteger(status.body.data.seed)).toBe(true);
      expect(status.body.data.seed).toBeGreaterThanOrEqual(0);
      expect(status.body.data.seed).toBeLessThanOrEqual(SEED_MAX);
      const history = await call(t.app, 'GET', '/api/videos/history', { token });
      const listed = history.body.data.items.find((item: { id: string }) => item.id === queued.body.data.id);
      expect(listed).toMatchObject({ seed: status.body.data.seed, aspectRatio: '16:9', negativePrompt: null });
    },
    RENDER_TEST_MS,
  );

  it('keeps the cost rule: the shape does not change what a video costs', async () => {
    const fresh = await signUp(t.app);
    const costs = [];
    for (const aspectRatio of ['16:9', '9:16', '1:1']) {
      const reply = await call(t.app, 'POST', '/api/videos/generate', { token: fresh.token, body: { ...TEXT, aspectRatio } });
      expect(reply.status).toBe(202);
      costs.push(reply.body.data.cost);
    }
    expect(costs).toEqual([10, 10, 10]);
  });

  it('lists each template with its shape and what it keeps out, so they travel into the generator', async () => {
    const reply = await call(t.app, 'GET', '/api/video/templates');
    for (const template of reply.body.data) expect(['16:9', '9:16', '1:1']).toContain(template.settings.aspectRatio);
    expect(reply.body.data.find((item: { id: string }) => item.id === 'tpl-coffee-pour').settings).toMatchObject({ negativePrompt: 'spills, text, logos' });
  });
});
