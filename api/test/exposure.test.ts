import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, ScriptedEngine, signUp, waitFor } from './helpers.ts';
import type { TestApp } from './helpers.ts';

const text = { type: 'text-to-video', prompt: 'A lighthouse in a storm', model: 'v1.0', resolution: '512p', duration: '5s' };

describe('media, hosts and passwords', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ engine: new ScriptedEngine('succeed') });
  });
  afterAll(async () => t.close());

  async function finishedVideo(token: string) {
    const job = await call(t.app, 'POST', '/api/videos/generate', { token, body: text });
    return waitFor(
      async () => {
        const reply = await call(t.app, 'GET', `/api/videos/status/${job.body.data.id}`, { token });
        return reply.body.data.status === 'succeeded' ? reply.body.data : undefined;
      },
      20_000,
      'the video',
    );
  }
  const pathOf = (url: string) => url.slice(url.indexOf('/api/'));

  it('sends private media as private, never as public', async () => {
    const { token } = await signUp(t.app);
    const video = await finishedVideo(token);
    for (const url of [video.videoUrl, video.posterUrl]) {
      const reply = await t.app.inject({ method: 'GET', url: pathOf(url) });
      expect(reply.statusCode).toBe(200);
      expect(reply.headers['cache-control']).toBe('private, no-cache');
    }
  });

  it('keeps a day of caching on template posters', async () => {
    const reply = await t.app.inject({ method: 'GET', url: '/api/video/templates/tpl-neon-city/poster' });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['cache-control']).toBe('public, max-age=86400');
  });

  it('ends media links with the session that asked for them', async () => {
    const { token } = await signUp(t.app);
    const video = await finishedVideo(token);
    expect((await t.app.inject({ method: 'GET', url: pathOf(video.videoUrl) })).statusCode).toBe(200);
    expect((await call(t.app, 'POST', '/api/auth/logout', { token })).status).toBe(200);
    const after = await call(t.app, 'GET', pathOf(video.videoUrl));
    expect(after.status).toBe(401);
    expect(after.body.error).toBe('UNAUTHENTICATED');
    expect((await t.app.inject({ method: 'GET', url: pathOf(video.posterUrl) })).statusCode).toBe(401);
  });

  it('without PUBLIC_URL, refuses to build links from a forged Host', async () => {
    const { token } = await signUp(t.app);
    const forged = await call(t.app, 'POST', '/api/payment/create-subscription-session', {
      token,
      headers: { host: 'evil.example' },
      body: { planName: 'pro', billingCycle: 'monthly' },
    });
    expect(forged.status).toBe(421);
    expect(forged.body.error).toBe('UNKNOWN_HOST');
    expect(JSON.stringify(forged.body)).not.toContain('evil.example');
    const templates = await call(t.app, 'GET', '/api/video/templates', { headers: { host: 'evil.example' } });
    expect(JSON.stringify(templates.body)).not.toContain('evil.example');
    const local = await call(t.app, 'POST', '/api/payment/create-subscription-session', {
      token,
      headers: { host: '127.0.0.1:8787' },
      body: { planName: 'pro', billingCycle: 'monthly' },
    });
    expect(local.status).toBe(200);
    expect(local.body.data.checkoutUrl).toMatch(/^http:\/\/127\.0\.0\.1:8787\/api\/payment\/checkout\//);
  });

  it('with PUBLIC_URL, links use it whatever the Host says', async () => {
    const other = await createTestApp({ publicUrl: 'https://api.reelmint.example/' });
    try {
      const { token } = await signUp(other.app);
      const reply = await call(other.app, 'POST', '/api/payment/create-subscription-session', {
        token,
        headers: { host: 'evil.example' },
        body: { planName: 'pro', billingCycle: 'monthly' },
      });
      expect(reply.body.data.checkoutUrl).toMatch(/^https:\/\/api\.reelmint\.example\/api\/payment\/checkout\//);
    } finally {
      await other.close();
    }
  });

  it('refuses a password of spaces, and one padded to eight with spaces', async () => {
    for (const password of ['        ', '  abc     ', '\t\t\t\t\t\t\t\t\t']) {
      const reply = await call(t.app, 'POST', '/api/auth/register', {
        body: { name: 'Spacey', email: `spaces-${password.length}-${Math.random()}@example.com`, password },
      });
      expect(reply.status, JSON.stringify(password)).toBe(400);
      expect(reply.body.error).toBe('VALIDATION_ERROR');
    }
    const fine = await call(t.app, 'POST', '/api/auth/register', {
      body: { name: 'Spacey', email: 'spaces-ok@example.com', password: 'four word pass phrase' },
    });
    expect(fine.status).toBe(201);
  });
});
