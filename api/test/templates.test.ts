import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEMPLATES } from '../src/templates/catalogue.ts';
import { call, createTestApp, signUp, waitFor } from './helpers.ts';
import type { TestApp } from './helpers.ts';

describe('templates', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ worker: false });
  });
  afterAll(async () => t.close());

  it('lists at least 12 templates across several categories, signed in or not', async () => {
    const anonymous = await call(t.app, 'GET', '/api/video/templates');
    expect(anonymous.status).toBe(200);
    const items = anonymous.body.data;
    expect(items.length).toBeGreaterThanOrEqual(12);
    expect(new Set(items.map((i: { category: string }) => i.category)).size).toBeGreaterThanOrEqual(4);
    expect(items[0]).toEqual({
      id: expect.any(String),
      title: expect.any(String),
      category: expect.any(String),
      prompt: expect.any(String),
      settings: { model: 'v1.0', resolution: '512p', duration: expect.stringMatching(/^(5|10)s$/), aspectRatio: '16:9' },
      posterUrl: expect.stringMatching(/^http:\/\/localhost(:\d+)?\/api\/video\/templates\/tpl-[a-z-]+\/poster$/),
      previewUrl: expect.stringMatching(/\/preview$/),
      previewReady: false,
    });
    const { token } = await signUp(t.app);
    expect((await call(t.app, 'GET', '/api/video/templates', { token })).body.data).toHaveLength(items.length);
    // A stale or broken token does not lock visitors out of a public list.
    expect((await call(t.app, 'GET', '/api/video/templates', { token: 'not-a-token' })).status).toBe(200);
  });

  it('answers in the language asked for: titles, prompts and negative prompts, the same settings and media', async () => {
    const english = (await call(t.app, 'GET', '/api/video/templates')).body.data;
    const french = (await call(t.app, 'GET', '/api/video/templates?lang=fr')).body.data;
    const coffee = french.find((i: { id: string }) => i.id === 'tpl-coffee-pour');
    expect(coffee).toMatchObject({
      title: 'Café du matin',
      category: 'Food',
      prompt: 'Café versé lentement dans une tasse en céramique, vapeur qui s’élève',
      settings: { model: 'v1.0', duration: '5s', negativePrompt: 'éclaboussures, texte, logos' },
    });
    expect(french.map((i: { id: string; posterUrl: string }) => [i.id, i.posterUrl])).toEqual(
      english.map((i: { id: string; posterUrl: string }) => [i.id, i.posterUrl]),
    );
    const neon = (await call(t.app, 'GET', '/api/video/templates?lang=zh-TW')).body.data.find((i: { id: string }) => i.id === 'tpl-neon-city');
    expect(neon.prompt).toBe('雨夜的街道，霓虹招牌倒映在水窪裡');
    expect((await call(t.app, 'GET', '/api/video/templates?lang=en')).body.data).toEqual(english);
  });

  it('refuses a language the site does not speak', async () => {
    const reply = await call(t.app, 'GET', '/api/video/templates?lang=xx');
    expect(reply.status).toBe(400);
    expect(reply.body.error).toBe('VALIDATION_ERROR');
  });

  it('renders a poster on first request and serves it from disk afterwards', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/video/templates/tpl-neon-city/poster' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('image/jpeg');
    expect(first.rawPayload.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    const again = await t.app.inject({ method: 'GET', url: '/api/video/templates/tpl-neon-city/poster' });
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    expect((await call(t.app, 'GET', '/api/video/templates/tpl-missing/poster')).body.error).toBe('TEMPLATE_NOT_FOUND');
  });

  it('answers 404 PREVIEW_NOT_READY until the background render has made the clip', async () => {
    const template = TEMPLATES[0]!;
    const pending = await call(t.app, 'GET', `/api/video/templates/${template.id}/preview`);
    expect(pending.status).toBe(404);
    expect(pending.body.error).toBe('PREVIEW_NOT_READY');
    expect(pending.headers['retry-after']).toBe('30');

    t.app.templateMedia.renderInBackground(() => undefined);
    await waitFor(async () => ((await t.app.templateMedia.previewReady(template)) ? true : undefined), 30_000, 'first preview');
    const ready = await t.app.inject({ method: 'GET', url: `/api/video/templates/${template.id}/preview`, headers: { range: 'bytes=0-9' } });
    expect(ready.statusCode).toBe(206);
    expect(ready.headers['content-type']).toBe('video/mp4');
    const list = await call(t.app, 'GET', '/api/video/templates');
    expect(list.body.data.find((i: { id: string }) => i.id === template.id).previewReady).toBe(true);
    await t.app.templateMedia.stop();
  });
});
