import { execFile } from 'node:child_process';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import ffprobe from '@ffprobe-installer/ffprobe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, signUp, waitFor } from './helpers.ts';
import type { TestApp } from './helpers.ts';

/** Renders share two cores with every other test file. */
const RENDER_TEST_MS = 300_000;
const TEXT = { type: 'text-to-video', prompt: 'A paper boat on a rainy street', model: 'v1.0', resolution: '512p', duration: '5s' };

async function member(t: TestApp, planName: 'pro' | 'max') {
  const person = await signUp(t.app);
  const started = await call(t.app, 'POST', '/api/payment/create-subscription-session', { token: person.token, body: { planName, billingCycle: 'monthly' } });
  const paid = await call(t.app, 'POST', `/api/payment/checkout/${started.body.data.sessionId}/pay`, { token: person.token });
  expect(paid.status).toBe(303);
  return person;
}

/**
 * A stand-in for an OpenAI-compatible chat completions API, refusing what the real one refuses (no key, no model, no
 * messages) and answering in its shape. `answer` decides the reply's content per call.
 */
async function startModelServer(key: string, answer: () => { status?: number; content?: unknown; hang?: boolean }) {
  const requests: Array<Record<string, unknown>> = [];
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions')
        return send(404, { error: { message: 'Unknown request URL', type: 'invalid_request_error' } });
      if (req.headers.authorization !== `Bearer ${key}`)
        return send(401, { error: { message: 'Incorrect API key provided', type: 'invalid_request_error', code: 'invalid_api_key' } });
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(raw) as Record<string, unknown>;
      } catch {
        return send(400, { error: { message: 'We could not parse the JSON body of your request.', type: 'invalid_request_error' } });
      }
      if (typeof body.model !== 'string' || !body.model)
        return send(400, { error: { message: 'you must provide a model parameter', type: 'invalid_request_error' } });
      if (!Array.isArray(body.messages) || body.messages.length === 0)
        return send(400, { error: { message: "'messages' is a required property", type: 'invalid_request_error' } });
      requests.push(body);
      const planned = answer();
      if (planned.hang) return; // never answers: the caller's timeout decides
      if (planned.status && planned.status !== 200) return send(planned.status, { error: { message: 'The server had an error', type: 'server_error' } });
      send(200, {
        id: 'chatcmpl-test',
        object: 'chat.completion',
        model: body.model,
        choices: [{ index: 0, message: { role: 'assistant', content: planned.content }, finish_reason: 'stop' }],
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  return {
    url,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe('the prompt enhancer', () => {
  describe('without a language model', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(async () => t.close());

    it('expands the prompt from the settings, the same way every time, and charges nothing', async () => {
      const person = await signUp(t.app);
      const before = (await call(t.app, 'GET', '/api/user/credits', { token: person.token })).body.data.balance;
      const body = { prompt: '  a lighthouse in a storm. ', mode: 'text', aspectRatio: '9:16', duration: '10s', resolution: '720p', cameraMotion: 'orbit' };
      const first = await call(t.app, 'POST', '/api/videos/enhance-prompt', { token: person.token, body });
      expect(first.status, JSON.stringify(first.body)).toBe(200);
      expect(first.body.data).toMatchObject({ source: 'local', fallback: false });
      const prompt = first.body.data.prompt as string;
      expect(prompt.startsWith('A lighthouse in a storm. ')).toBe(true);
      expect(prompt).toContain('. Camera orbiting around the subject. ');
      expect(prompt).toContain('ten-second');
      expect(prompt).toContain('. Sharp HD detail.');
      const again = await call(t.app, 'POST', '/api/videos/enhance-prompt', { token: person.token, body });
      expect(again.body.data.prompt).toBe(prompt);
      const other = await call(t.app, 'POST', '/api/videos/enhance-prompt', { token: person.token, body: { ...body, cameraMotion: 'pan_left' } });
      expect(other.body.data.prompt).toContain('Smooth pan to the left');
      // The camera is one of the studio's presets, as generate takes it; anything else is refused.
      const unknown = await call(t.app, 'POST', '/api/videos/enhance-prompt', { token: person.token, body: { ...body, cameraMotion: 'pan-left' } });
      expect(unknown.status).toBe(400);
      expect(unknown.body.error).toBe('VALIDATION_ERROR');
      const picture = await call(t.app, 'POST', '/api/videos/enhance-prompt', { token: person.token, body: { prompt: 'waves', mode: 'image' } });
      expect(picture.body.data.prompt).toContain('starting picture');
      expect((await call(t.app, 'GET', '/api/user/credits', { token: person.token })).body.data.balance).toBe(before);
    });

    it('is in the OpenAPI document with its body and reply, and upscale among the edit kinds', async () => {
      const document = (await call(t.app, 'GET', '/api/openapi.json')).body;
      const route = document.paths['/api/videos/enhance-prompt'].post;
      expect(JSON.stringify(route.requestBody)).toContain('"mode"');
      expect(JSON.stringify(route.responses['200'])).toContain('"fallback"');
      expect(JSON.stringify(document.paths['/api/videos/edits'].post.requestBody)).toContain('"upscale"');
    });

    it('refuses what it cannot enhance with a 4xx, a code and a message', async () => {
      const person = await signUp(t.app);
      const cases: Array<[unknown, number, string]> = [
        [{ prompt: '   ', mode: 'text' }, 422, 'PROMPT_REQUIRED'],
        [{ prompt: 'x'.repeat(1001), mode: 'text' }, 400, 'VALIDATION_ERROR'],
        [{ prompt: 'a cat', mode: 'poem' }, 400, 'VALIDATION_ERROR'],
        [{ prompt: 'a cat' }, 400, 'VALIDATION_ERROR'],
        [{ prompt: 'a cat', mode: 'text', style: 'noir' }, 400, 'VALIDATION_ERROR'],
      ];
      for (const [body, status, code] of cases) {
        const reply = await call(t.app, 'POST', '/api/videos/enhance-prompt', { token: person.token, body });
        expect([reply.status, reply.body.error], JSON.stringify(body)).toEqual([status, code]);
        expect(reply.body.message).toEqual(expect.any(String));
      }
      expect((await call(t.app, 'POST', '/api/videos/enhance-prompt', { body: { prompt: 'a cat', mode: 'text' } })).status).toBe(401);
    });
  });

  describe('with a language model', () => {
    let t: TestApp;
    let model: Awaited<ReturnType<typeof startModelServer>>;
    let next: { status?: number; content?: unknown; hang?: boolean } = {};
    beforeAll(async () => {
      model = await startModelServer('sk-test', () => next);
      t = await createTestApp({ promptEnhancer: { url: model.url, model: 'gpt-test', key: 'sk-test', timeoutMs: 1500 } });
    });
    afterAll(async () => {
      await t.close();
      await model.close();
    });

    it('proposes what the model wrote, sending it the prompt and the settings', async () => {
      const person = await signUp(t.app);
      next = { content: '"A red kite climbs over green hills at dawn, slow tracking shot, soft mist."' };
      const reply = await call(t.app, 'POST', '/api/videos/enhance-prompt', {
        token: person.token,
        body: { prompt: 'a kite', mode: 'text', cameraMotion: 'pan_right' },
      });
      expect(reply.status).toBe(200);
      expect(reply.body.data).toEqual({
        prompt: 'A red kite climbs over green hills at dawn, slow tracking shot, soft mist.',
        source: 'provider',
        fallback: false,
      });
      const sent = model.requests.at(-1)!;
      expect(sent.model).toBe('gpt-test');
      expect(JSON.stringify(sent.messages)).toContain('a kite');
      expect(JSON.stringify(sent.messages)).toContain('camera: pan right');
    });

    it('falls back to the local enhancer, and says so, when the model fails, answers nonsense or is too slow', async () => {
      const person = await signUp(t.app);
      for (const plan of [{ status: 500 }, { content: '' }, { content: 42 }, { content: 'y'.repeat(1200) }, { hang: true }]) {
        next = plan;
        const reply = await call(t.app, 'POST', '/api/videos/enhance-prompt', { token: person.token, body: { prompt: 'a kite', mode: 'text' } });
        expect([reply.status, reply.body.data?.source, reply.body.data?.fallback], JSON.stringify(plan)).toEqual([200, 'local', true]);
      }
    });

    it('is refused by the stand-in without the key, as the real service refuses it, and the site still answers', async () => {
      const bad = await createTestApp({ promptEnhancer: { url: model.url, model: 'gpt-test', timeoutMs: 1500 } });
      try {
        const person = await signUp(bad.app);
        const reply = await call(bad.app, 'POST', '/api/videos/enhance-prompt', { token: person.token, body: { prompt: 'a kite', mode: 'text' } });
        expect(reply.status).toBe(200);
        expect(reply.body.data).toMatchObject({ source: 'local', fallback: true });
      } finally {
        await bad.close();
      }
    });
  });
});

async function probeSize(file: string): Promise<{ width: number; height: number }> {
  const { stdout } = await promisify(execFile)(ffprobe.path, [
    '-v',
    'error',
    '-select_streams',
    'v:0',
    '-show_entries',
    'stream=width,height',
    '-of',
    'json',
    file,
  ]);
  const [stream] = (JSON.parse(stdout) as { streams: Array<{ width: number; height: number }> }).streams;
  return stream!;
}

describe('upscaling a finished clip', () => {
  let t: TestApp;
  let pro: Awaited<ReturnType<typeof signUp>>;
  let source: string;
  const balance = async (token: string) => (await call(t.app, 'GET', '/api/user/credits', { token })).body.data.balance as number;
  const finished = (token: string, id: string) =>
    waitFor(
      async () => {
        const reply = await call(t.app, 'GET', `/api/videos/status/${id}`, { token });
        return ['succeeded', 'failed'].includes(reply.body.data.status) ? reply.body.data : undefined;
      },
      RENDER_TEST_MS - 10_000,
      `video ${id}`,
    );

  beforeAll(async () => {
    t = await createTestApp();
    pro = await member(t, 'pro');
    const queued = await call(t.app, 'POST', '/api/videos/generate', { token: pro.token, body: TEXT });
    source = queued.body.data.id;
    expect((await finished(pro.token, source)).status).toBe('succeeded');
  }, RENDER_TEST_MS);
  afterAll(async () => t.close());

  it(
    'takes a Pro member’s 512p clip to 720p, priced by the formula, lanczos-scaled and sharpened, and says so',
    async () => {
      const body = { kind: 'upscale', videoId: source };
      const estimate = await call(t.app, 'POST', '/api/videos/edits/estimate', { token: pro.token, body });
      expect(estimate.status, JSON.stringify(estimate.body)).toBe(200);
      expect(estimate.body.data).toMatchObject({ kind: 'upscale', cost: 4, width: 1280, height: 720, duration: '5s' });
      const before = await balance(pro.token);
      const queued = await call(t.app, 'POST', '/api/videos/edits', { token: pro.token, body });
      expect(queued.status, JSON.stringify(queued.body)).toBe(202);
      expect(queued.body.data).toMatchObject({ cost: 4, newBalance: before - 4, type: 'edit' });
      const video = await finished(pro.token, queued.body.data.id);
      expect(video.status, video.error).toBe('succeeded');
      expect(video).toMatchObject({
        resolution: '720p',
        sourceId: source,
        edit: { kind: 'upscale', sourceIds: [source], fromResolution: '512p', upscaler: 'local' },
      });
      const media = await t.app.inject({ method: 'GET', url: `/api/videos/${video.id}/file`, headers: { authorization: `Bearer ${pro.token}` } });
      const file = join(t.dataDir, `${video.id}-download.mp4`);
      await writeFile(file, media.rawPayload);
      expect(await probeSize(file)).toEqual({ width: 1280, height: 720 });

      // 720p is the most Pro makes: a second upscale is refused before anything is charged.
      const again = await call(t.app, 'POST', '/api/videos/edits', { token: pro.token, body: { kind: 'upscale', videoId: video.id } });
      expect(again.status).toBe(422);
      expect(again.body).toMatchObject({ error: 'UPSCALE_AT_MAXIMUM', resolution: '720p' });
      expect(await balance(pro.token)).toBe(before - 4);
    },
    RENDER_TEST_MS,
  );

  it(
    'goes on to 1080p on Max, and is locked on Free with the plan that allows it named',
    async () => {
      const max = await member(t, 'max');
      const queued = await call(t.app, 'POST', '/api/videos/generate', { token: max.token, body: { ...TEXT, resolution: '720p' } });
      expect((await finished(max.token, queued.body.data.id)).status).toBe('succeeded');
      const estimate = await call(t.app, 'POST', '/api/videos/edits/estimate', { token: max.token, body: { kind: 'upscale', videoId: queued.body.data.id } });
      expect(estimate.body.data).toMatchObject({ cost: 5, width: 1920, height: 1080 });

      const free = await signUp(t.app);
      const own = await call(t.app, 'POST', '/api/videos/generate', { token: free.token, body: TEXT });
      await finished(free.token, own.body.data.id);
      const before = await balance(free.token);
      for (const path of ['/api/videos/edits/estimate', '/api/videos/edits']) {
        const reply = await call(t.app, 'POST', path, { token: free.token, body: { kind: 'upscale', videoId: own.body.data.id } });
        expect(reply.status).toBe(403);
        expect(reply.body).toMatchObject({ error: 'PLAN_UPGRADE_REQUIRED', message: 'Upscaling videos requires the Pro plan', upgradeRequired: true });
      }
      expect(await balance(free.token)).toBe(before);
      const stray = await call(t.app, 'POST', '/api/videos/edits', { token: pro.token, body: { kind: 'upscale', videoId: source, speed: 2 } });
      expect([stray.status, stray.body.error]).toEqual([400, 'VALIDATION_ERROR']);
    },
    RENDER_TEST_MS,
  );
});
