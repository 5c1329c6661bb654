import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, makePicture, multipartBody, signUp, waitFor } from './helpers.ts';
import type { TestApp } from './helpers.ts';
import { describeUserAgent } from '../src/accounts/settings.ts';
import { grantRole } from '@reelmint/release/dashboard';

describe('account settings', () => {
  let t: TestApp;
  let png: Buffer;

  beforeAll(async () => {
    t = await createTestApp();
    png = await makePicture(t.dataDir, 'face.png', '96x96');
  });
  afterAll(async () => t.close());

  const me = async (token: string) => (await call(t.app, 'GET', '/api/auth/me', { token })).body.data;
  const putPicture = (token: string, content: Buffer, name = 'face.png', type = 'image/png') => {
    const body = multipartBody('file', name, type, content);
    return t.app.inject({ method: 'PUT', url: '/api/account/picture', payload: body.payload, headers: { ...body.headers, authorization: `Bearer ${token}` } });
  };

  it('changes the name and the preferred language, which sign-in then reports', async () => {
    const { token, email, password } = await signUp(t.app, 'Old Name');
    const reply = await call(t.app, 'PATCH', '/api/account/profile', { token, body: { name: '  New Name ', language: 'ja' } });
    expect(reply.status).toBe(200);
    expect(reply.body.data).toMatchObject({ name: 'New Name', language: 'ja' });
    const login = await call(t.app, 'POST', '/api/auth/login', { body: { email, password } });
    expect(login.body.data.user).toMatchObject({ name: 'New Name', language: 'ja' });

    for (const body of [{}, { name: '   ' }, { language: 'xx' }, { name: 'x', extra: 1 }]) {
      const refused = await call(t.app, 'PATCH', '/api/account/profile', { token, body });
      expect(refused.status).toBe(400);
      expect(refused.body.error).toBe('VALIDATION_ERROR');
    }
    expect(await me(token)).toMatchObject({ name: 'New Name', language: 'ja' });
    expect((await call(t.app, 'PATCH', '/api/account/profile', { body: { name: 'Nobody' } })).status).toBe(401);
  });

  it('sets, serves, replaces and removes the picture, and refuses what is not a picture', async () => {
    const { token } = await signUp(t.app, 'Pictured');
    expect((await me(token)).pictureUrl).toBeNull();
    const first = await putPicture(token, png);
    expect(first.statusCode).toBe(200);
    const firstUrl = first.json().data.pictureUrl as string;
    expect(firstUrl).toMatch(/^\/api\/account\/picture\/[a-f0-9]{32}\.png$/);
    const served = await t.app.inject({ method: 'GET', url: firstUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(png)).toBe(true);

    const jpeg = await makePicture(t.dataDir, 'face.jpg', '64x64');
    const second = await putPicture(token, jpeg, 'face.jpg', 'image/jpeg');
    const secondUrl = second.json().data.pictureUrl as string;
    expect(secondUrl).toMatch(/\.jpg$/);
    expect((await t.app.inject({ method: 'GET', url: firstUrl })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: secondUrl })).statusCode).toBe(200);

    const notPicture = await putPicture(token, Buffer.from('just some text, not an image'), 'x.png');
    expect(notPicture.statusCode).toBe(415);
    expect(notPicture.json().error).toBe('UNSUPPORTED_MEDIA_TYPE');
    const tooBig = await putPicture(token, Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024)]));
    expect(tooBig.statusCode).toBe(413);
    expect((await me(token)).pictureUrl).toBe(secondUrl);

    const removed = await call(t.app, 'DELETE', '/api/account/picture', { token });
    expect(removed.body.data.pictureUrl).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: secondUrl })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/account/picture/..%2F..%2Fjwt-secret' })).statusCode).toBe(400);
  });

  it('changes the password only with the current one, and signs out every other session', async () => {
    const { token, email, password } = await signUp(t.app, 'Careful');
    const other = (await call(t.app, 'POST', '/api/auth/login', { body: { email, password } })).body.data.access_token as string;

    const wrong = await call(t.app, 'POST', '/api/account/password', { token, body: { currentPassword: 'not it at all', newPassword: 'next password 2' } });
    expect(wrong.status).toBe(403);
    expect(wrong.body.error).toBe('WRONG_PASSWORD');
    expect((await call(t.app, 'GET', '/api/auth/me', { token: other })).status).toBe(200);
    expect((await call(t.app, 'POST', '/api/auth/login', { body: { email, password } })).status).toBe(200);

    const short = await call(t.app, 'POST', '/api/account/password', { token, body: { currentPassword: password, newPassword: '   short   ' } });
    expect(short.status).toBe(400);
    const weak = await call(t.app, 'POST', '/api/account/password', { token, body: { currentPassword: password, newPassword: 'password' } });
    expect(weak.status).toBe(400);
    expect(weak.body).toMatchObject({ error: 'WEAK_PASSWORD', reason: 'common' });
    expect((await call(t.app, 'GET', '/api/auth/me', { token: other })).status).toBe(200);

    const changed = await call(t.app, 'POST', '/api/account/password', { token, body: { currentPassword: password, newPassword: 'next password 2' } });
    expect(changed.status).toBe(200);
    expect(changed.body.data.endedSessions).toBeGreaterThanOrEqual(2);
    expect((await call(t.app, 'GET', '/api/auth/me', { token })).status).toBe(200);
    expect((await call(t.app, 'GET', '/api/auth/me', { token: other })).status).toBe(401);
    expect((await call(t.app, 'POST', '/api/auth/login', { body: { email, password } })).status).toBe(401);
    expect((await call(t.app, 'POST', '/api/auth/login', { body: { email, password: 'next password 2' } })).status).toBe(200);
  });

  it('tells an account without a password to set one through the reset link', async () => {
    const { token, email } = await signUp(t.app, 'Google Only');
    await t.app.services.db.updateTable('users').set({ password_hash: null }).where('email', '=', email).execute();
    const reply = await call(t.app, 'POST', '/api/account/password', { token, body: { currentPassword: 'anything', newPassword: 'next password 2' } });
    expect(reply.status).toBe(409);
    expect(reply.body.error).toBe('NO_PASSWORD');
    expect((await me(token)).hasPassword).toBe(false);
  });

  it('lists where the account is signed in and signs out everywhere else', async () => {
    const { token, email, password } = await signUp(t.app, 'Traveller');
    const phoneAgent =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
    const phone = (await call(t.app, 'POST', '/api/auth/login', { body: { email, password }, headers: { 'user-agent': phoneAgent } })).body.data
      .access_token as string;

    const list = await call(t.app, 'GET', '/api/account/sessions', { token });
    expect(list.status).toBe(200);
    expect(list.body.data.items).toHaveLength(2);
    expect(list.body.data.items.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    expect(list.body.data.items).toContainEqual(expect.objectContaining({ current: false, browser: 'Safari', os: 'iOS' }));
    expect(JSON.stringify(list.body)).not.toContain(phone.split('.')[1]!.slice(0, 20));

    const out = await call(t.app, 'POST', '/api/account/sessions/sign-out-others', { token });
    expect(out.body.data).toEqual({ ended: 1 });
    expect((await call(t.app, 'GET', '/api/auth/me', { token: phone })).status).toBe(401);
    const after = await call(t.app, 'GET', '/api/account/sessions', { token });
    expect(after.body.data.items).toEqual([expect.objectContaining({ current: true })]);
  });

  it('lets the site’s origins send the settings’ PATCH and PUT across origins', async () => {
    for (const method of ['PATCH', 'PUT']) {
      const preflight = await t.app.inject({
        method: 'OPTIONS',
        url: method === 'PATCH' ? '/api/account/profile' : '/api/account/picture',
        headers: { origin: 'http://localhost:5173', 'access-control-request-method': method, 'access-control-request-headers': 'authorization,content-type' },
      });
      expect(preflight.statusCode).toBe(204);
      expect(String(preflight.headers['access-control-allow-methods'])).toContain(method);
    }
  });

  it('names common browsers and systems from their User-Agent', () => {
    expect(describeUserAgent('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36')).toEqual({
      browser: 'Chrome',
      os: 'Linux',
    });
    expect(describeUserAgent('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36 Edg/120.0')).toEqual({
      browser: 'Edge',
      os: 'Windows',
    });
    expect(describeUserAgent('Mozilla/5.0 (Macintosh; Intel Mac OS X 14.1; rv:121.0) Gecko/20100101 Firefox/121.0')).toEqual({
      browser: 'Firefox',
      os: 'macOS',
    });
    expect(describeUserAgent('curl/8.0')).toEqual({ browser: null, os: null });
    expect(describeUserAgent(null)).toEqual({ browser: null, os: null });
  });

  it('exports what is kept about the account as one JSON file with working media links, and nothing of anyone else', async () => {
    const { token, email } = await signUp(t.app, 'Exporter');
    const other = await signUp(t.app, 'Someone Else');
    const upload = multipartBody('file', 'p.png', 'image/png', png);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/upload', payload: upload.payload, headers: { ...upload.headers, authorization: `Bearer ${token}` } }))
        .statusCode,
    ).toBe(201);
    const spend = await call(t.app, 'POST', '/api/user/credits/deduct', {
      token,
      body: { amount: 7, metadata: { type: 'video_generation', timestamp: new Date().toISOString() } },
      headers: { 'idempotency-key': 'export-spend-1' },
    });
    expect(spend.status).toBe(200);
    // Max through the test checkout, a credit pack on top, then a move down to Pro waiting for the renewal.
    const pay = async (sessionId: string) => expect((await call(t.app, 'POST', `/api/payment/checkout/${sessionId}/pay`, { token })).status).toBe(303);
    const max = await call(t.app, 'POST', '/api/subscription/change', { token, body: { planName: 'max', billingCycle: 'monthly' } });
    await pay(max.body.data.sessionId);
    const pack = await call(t.app, 'POST', '/api/payment/create-pack-session', { token, body: { packId: 'credits-250' } });
    await pay(pack.body.data.sessionId);
    expect((await call(t.app, 'POST', '/api/subscription/change', { token, body: { planName: 'pro', billingCycle: 'monthly' } })).body.data.kind).toBe(
      'scheduled',
    );
    expect(await grantRole(t.app.services.db, email, 'release-manager', 'operator@example.com', new Date())).toBe('granted');
    const job = await call(t.app, 'POST', '/api/videos/generate', {
      token,
      body: { type: 'text-to-video', prompt: 'A lighthouse at dusk', model: 'v1.0', resolution: '512p', duration: '5s' },
    });
    expect(job.status).toBe(202);
    await waitFor(
      async () => ((await call(t.app, 'GET', `/api/videos/status/${job.body.data.id}`, { token })).body.data.status === 'succeeded' ? true : undefined),
      60_000,
      'the video',
    );
    expect((await call(t.app, 'POST', `/api/videos/${job.body.data.id}/share`, { token })).status).toBe(200);

    const reply = await t.app.inject({ method: 'GET', url: '/api/account/export', headers: { authorization: `Bearer ${token}` } });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-disposition']).toMatch(/^attachment; filename="reelmint-data-\d{4}-\d{2}-\d{2}\.json"$/);
    const data = reply.json();
    expect(data).toMatchObject({
      format: 'reelmint-account-export/1',
      account: { email, name: 'Exporter', signsInWithGoogle: false, roles: ['release-manager'] },
      roles: [{ role: 'release-manager', grantedAt: expect.any(String) }],
      subscription: { plan: 'premium', billingCycle: 'monthly', scheduledChange: { plan: 'pro', billingCycle: 'monthly', effectiveDate: expect.any(String) } },
    });
    expect(data.ledger.map((row: { source: string; amount: number }) => row.amount)).toEqual([100, -7, 1000, 250, -job.body.data.cost]);
    expect(data.payments.map((row: { kind: string; plan: string; pack: string | null; status: string }) => [row.kind, row.plan, row.pack, row.status])).toEqual(
      [
        ['plan', 'premium', null, 'paid'],
        ['pack', 'premium', 'credits-250', 'paid'],
      ],
    );
    expect(data.receipts.map((row: { kind: string; amount: number; credits: number }) => [row.kind, row.amount, row.credits])).toEqual([
      ['plan', expect.any(Number), 1000],
      ['pack', 8, 250],
    ]);
    expect(data.uploads).toHaveLength(1);
    expect(data.sessions).toEqual([expect.objectContaining({ current: true })]);
    expect(data.videos).toEqual([
      expect.objectContaining({ id: job.body.data.id, prompt: 'A lighthouse at dusk', status: 'succeeded', resolution: '512p', shared: true }),
    ]);
    expect(data.shares).toEqual([
      { videoId: job.body.data.id, sharedAt: expect.any(String), shareUrl: expect.stringMatching(new RegExp(`/v/${job.body.data.id}$`)), views: 0 },
    ]);
    // The links in the file open the media themselves, without a bearer header.
    const media = await t.app.inject({ method: 'GET', url: new URL(data.videos[0].videoUrl).pathname + new URL(data.videos[0].videoUrl).search });
    expect(media.statusCode).toBe(200);
    expect(media.headers['content-type']).toBe('video/mp4');
    expect(reply.body).not.toContain(other.email);
    expect(reply.body).not.toContain('$argon2');
    expect((await t.app.inject({ method: 'GET', url: '/api/account/export' })).statusCode).toBe(401);
  });
});
