import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditCost } from '@reelmint/contract/pricing';
import { probeDuration } from '../src/videos/ffmpeg.ts';
import { fileURLToPath } from 'node:url';
import { call, createTestApp, makePicture, probe, signUp, waitFor } from './helpers.ts';
import type { TestApp } from './helpers.ts';

describe('the API over real HTTP, with the local ffmpeg engine', () => {
  let t: TestApp;
  let base: string;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp({ siteOrigin: 'http://localhost:5173', worker: { idleIntervalMs: 50, progressIntervalMs: 50 } });
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = address;
  });
  afterAll(async () => t.close());

  const json = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    // Untyped on purpose: the assertions below are the check on each field.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- untyped on purpose, as said above
    return { status: response.status, body: (await response.json()) as any };
  };

  const waitForVideo = async (id: string) => {
    const deadline = Date.now() + 60_000;
    const seen = new Set<string>();
    for (;;) {
      const { body } = await json('GET', `/api/videos/status/${id}`);
      seen.add(body.data.status);
      if (body.data.status === 'succeeded' || body.data.status === 'failed') return { video: body.data, seen };
      if (Date.now() > deadline) throw new Error(`video ${id} did not finish`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };

  const download = async (url: string, name: string) => {
    const response = await fetch(url);
    expect(response.status).toBe(200);
    const path = join(t.dataDir, name);
    await writeFile(path, Buffer.from(await response.arrayBuffer()));
    return path;
  };

  it('registers, renders a text and an image video, and charges what the spec formula says', async () => {
    const registered = await json('POST', '/api/auth/register', { name: 'Hedy', email: 'hedy@example.com', password: 'frequency hopping' });
    expect(registered.status).toBe(201);
    token = registered.body.data.access_token;
    expect((await json('GET', '/api/user/credits')).body.data.balance).toBe(100);

    const textJob = await json(
      'POST',
      '/api/videos/generate',
      { type: 'text-to-video', prompt: 'Paper boats sailing across a rainy window', model: 'v1.0', resolution: '512p', duration: '5s' },
      { 'idempotency-key': 'text-1' },
    );
    expect(textJob.status).toBe(202);

    const picture = await makePicture(t.dataDir, 'photo.jpg', '640x480');
    const form = new FormData();
    form.append('file', new Blob([picture], { type: 'image/jpeg' }), 'photo.jpg');
    const uploaded = await fetch(`${base}/api/upload`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
    expect(uploaded.status).toBe(201);
    const image = ((await uploaded.json()) as { data: { id: string } }).data;
    expect(image).toMatchObject({ width: 640, height: 480, mimeType: 'image/jpeg' });

    const imageJob = await json('POST', '/api/videos/generate', {
      type: 'image-to-video',
      imageId: image.id,
      prompt: 'slow zoom',
      model: 'v1.0',
      resolution: '512p',
      duration: '5s',
    });
    expect(imageJob.status).toBe(202);
    const cost = creditCost({ model: 'v1.0', resolution: '512p', duration: '5s' });
    expect(imageJob.body.data.newBalance).toBe(100 - 2 * cost);

    for (const [job, name] of [
      [textJob, 'text.mp4'],
      [imageJob, 'image.mp4'],
    ] as const) {
      const { video, seen } = await waitForVideo(job.body.data.id);
      expect(video.status, video.error).toBe('succeeded');
      expect(seen.has('failed')).toBe(false);
      const file = await download(video.videoUrl, name);
      const duration = await probeDuration(file);
      expect(duration).toBeGreaterThanOrEqual(4.9);
      expect(duration).toBeLessThanOrEqual(5.1);
      const info = await probe(file);
      expect(info).toMatch(/Video: h264/);
      expect(info).toMatch(/912x512/);
      const poster = await fetch(video.posterUrl);
      expect(poster.headers.get('content-type')).toBe('image/jpeg');
      expect(Buffer.from(await poster.arrayBuffer()).subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    }
    expect((await json('GET', '/api/user/credits')).body.data.balance).toBe(100 - 2 * cost);

    const ranged = await fetch((await json('GET', `/api/videos/status/${textJob.body.data.id}`)).body.data.videoUrl, { headers: { range: 'bytes=0-99' } });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get('accept-ranges')).toBe('bytes');
    expect((await ranged.arrayBuffer()).byteLength).toBe(100);
  });

  it('pays for a plan through the local checkout page and then renders 720p with the v2.0 model', async () => {
    const before = (await json('GET', '/api/user/credits')).body.data.balance as number;
    const session = await json('POST', '/api/payment/create-subscription-session', { planName: 'pro', billingCycle: 'monthly', source: 'subscription-modal' });
    expect(session.body.success).toBe(true);
    const page = await fetch(session.body.data.checkoutUrl);
    expect(page.status).toBe(200);
    const html = await page.text();
    // Post the Pay form as a browser would: its action and its hidden fields.
    const form = /<form method="post" action="([^"]+\/pay)">(.*?)<button/.exec(html);
    expect(form).not.toBeNull();
    const fields = new URLSearchParams(
      [...form![2]!.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m): [string, string] => [m[1]!, m[2]!]),
    );
    expect(fields.get('token')).toBeTruthy();
    const paid = await fetch(new URL(form![1]!, session.body.data.checkoutUrl), {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: fields,
    });
    expect(paid.status).toBe(303);
    const location = new URL(paid.headers.get('location')!);
    expect(location.origin + location.pathname).toBe('http://localhost:5173/payment/success');
    const sessionId = location.searchParams.get('session_id');

    const confirmed = await json('GET', `/api/payment/session/${sessionId}`);
    expect(confirmed.body.data).toMatchObject({ status: 'paid', plan: 'pro', creditsGranted: 500, balance: before + 500 });
    expect((await json('GET', '/api/auth/me')).body.data.subscription).toEqual({ plan: 'pro', status: 'active' });

    const job = await json('POST', '/api/videos/generate', { type: 'text-to-video', prompt: 'Sharper now', model: 'v2.0', resolution: '720p', duration: '5s' });
    expect(job.status).toBe(202);
    expect(job.body.data.cost).toBe(creditCost({ model: 'v2.0', resolution: '720p', duration: '5s' }));
    const { video } = await waitForVideo(job.body.data.id);
    expect(video.status, video.error).toBe('succeeded');
    const file = await download(video.videoUrl, 'hd.mp4');
    expect(await probe(file)).toMatch(/1280x720/);
  });

  it('sends CORS headers to the site over HTTP and never a stack trace', async () => {
    const response = await fetch(`${base}/api/subscription/plans`, { headers: { origin: 'http://127.0.0.1:5174' } });
    expect(response.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:5174');
    const bad = await fetch(`${base}/api/user/credits/deduct`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': 'x' },
      body: '{"amount":',
    });
    expect(bad.status).toBe(400);
    const text = await bad.text();
    expect(text).not.toMatch(/node_modules|\.ts:\d+/);
  });
});

describe('a worker in its own process', () => {
  it('renders jobs queued by an API that runs no worker', async () => {
    const t = await createTestApp({ worker: false });
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/worker.ts'], {
      cwd: fileURLToPath(new URL('..', import.meta.url)),
      env: { ...process.env, DATA_DIR: t.dataDir, DATABASE_URL: t.databaseUrl ?? '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    try {
      const { token } = await signUp(t.app);
      const job = await call(t.app, 'POST', '/api/videos/generate', {
        token,
        body: { type: 'text-to-video', prompt: 'Rendered elsewhere', model: 'v1.0', resolution: '512p', duration: '5s' },
      });
      // The worker starts its own tsx loader and ffmpeg: on a loaded two-core machine that alone can take most of a
      // minute. What it printed goes with a timeout, so a slow start and a broken one can be told apart.
      const done = await waitFor(
        async () => {
          const reply = await call(t.app, 'GET', `/api/videos/status/${job.body.data.id}`, { token });
          return ['succeeded', 'failed'].includes(reply.body.data.status) ? reply.body.data : undefined;
        },
        120_000,
        'the separate worker',
      ).catch((error: unknown) => {
        throw new Error(`${String(error)}; the worker printed:\n${output}`);
      });
      expect(done.status, output).toBe('succeeded');
      expect(await probeDuration(join(t.dataDir, 'videos', `${job.body.data.id}.mp4`))).toBeCloseTo(5, 1);
    } finally {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      await t.close();
    }
  }, 180_000);
});
