import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, signUp } from './helpers.ts';
import type { TestApp } from './helpers.ts';

/** A refusal in the envelope, with the code the caller can act on. */
function expectRefusal(reply: { status: number; body: unknown }, status: number, code: string) {
  expect(reply.status).toBe(status);
  expect(reply.body).toMatchObject({ success: false, data: null, error: code });
  expect(typeof (reply.body as { message: unknown }).message).toBe('string');
}

describe('input the database cannot store', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    ({ token } = await signUp(t.app));
  });
  afterAll(async () => t.close());

  it('refuses a NUL character in a string field and creates no account', async () => {
    const email = 'nul-name@example.com';
    const reply = await call(t.app, 'POST', '/api/auth/register', { body: { name: 'a\u0000b', email, password: 'correct horse battery' } });
    expectRefusal(reply, 400, 'INVALID_CHARACTERS');
    const login = await call(t.app, 'POST', '/api/auth/login', { body: { email, password: 'correct horse battery' } });
    expect(login.status).toBe(401);
  });

  it('refuses a NUL character in a key and in a nested value', async () => {
    const deduct = (metadata: unknown) =>
      call(t.app, 'POST', '/api/user/credits/deduct', { token, headers: { 'idempotency-key': `k-${Math.random()}` }, body: { amount: 1, metadata } });
    expectRefusal(await deduct({ type: 'video_generation', timestamp: 'now', 'x\u0000': 1 }), 400, 'INVALID_CHARACTERS');
    expectRefusal(await deduct({ type: 'video_generation', timestamp: 'now', list: [['\u0000']] }), 400, 'INVALID_CHARACTERS');
    const balance = await call(t.app, 'GET', '/api/user/credits', { token });
    expect(balance.body.data.balance).toBe(100);
  });

  it('refuses an unpaired surrogate instead of storing U+FFFD in its place', async () => {
    const reply = await call(t.app, 'POST', '/api/auth/register', {
      rawBody: '{"name":"a\\ud800b","email":"surrogate@example.com","password":"correct horse battery"}',
    });
    expectRefusal(reply, 400, 'INVALID_CHARACTERS');
  });

  it('accepts paired surrogates, right-to-left marks and other real text', async () => {
    const reply = await call(t.app, 'POST', '/api/auth/register', {
      body: { name: '\u{1F3AC} \u200Fשלום\u200E ok', email: 'emoji-name@example.com', password: 'correct horse battery' },
    });
    expect(reply.status).toBe(201);
    expect(reply.body.data.user.name).toBe('\u{1F3AC} \u200Fשלום\u200E ok');
  });

  it('refuses a NUL character in a path parameter, signed in or not', async () => {
    expectRefusal(await call(t.app, 'GET', '/api/videos/status/a%00b', { token }), 400, 'INVALID_CHARACTERS');
    expectRefusal(await call(t.app, 'GET', '/api/payment/checkout/%00/pay'), 400, 'INVALID_CHARACTERS');
    expectRefusal(await call(t.app, 'DELETE', '/api/videos/%00', { token }), 400, 'INVALID_CHARACTERS');
    // An encoded lone surrogate is not valid UTF-8: the router refuses it before decoding.
    expectRefusal(await call(t.app, 'GET', '/api/videos/status/%ED%A0%80', { token }), 400, 'BAD_URL');
  });

  it('refuses a NUL character in the query string', async () => {
    expectRefusal(await call(t.app, 'GET', '/api/videos/vid_x/file?token=a%00b'), 400, 'INVALID_CHARACTERS');
  });
});

describe('bodies, addresses and content types the framework refuses', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    ({ token } = await signUp(t.app));
  });
  afterAll(async () => t.close());

  it('refuses metadata nested 5,000 levels deep without spending', async () => {
    const deep = `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`;
    const reply = await call(t.app, 'POST', '/api/user/credits/deduct', {
      token,
      headers: { 'idempotency-key': 'deep-1' },
      rawBody: `{"amount":5,"metadata":{"type":"video_generation","timestamp":"now","nested":${deep}}}`,
    });
    expectRefusal(reply, 400, 'BODY_TOO_DEEP');
    const arrays = await call(t.app, 'POST', '/api/auth/login', { rawBody: `${'['.repeat(100_000)}${']'.repeat(100_000)}` });
    expectRefusal(arrays, 400, 'BODY_TOO_DEEP');
    expect((await call(t.app, 'GET', '/api/user/credits', { token })).body.data.balance).toBe(100);
  });

  it('answers a malformed percent-encoding in the envelope', async () => {
    expectRefusal(await call(t.app, 'GET', '/api/videos/status/%E0%A4%A', { token }), 400, 'BAD_URL');
  });

  it('answers an over-long path parameter in the envelope', async () => {
    expectRefusal(await call(t.app, 'GET', `/api/videos/status/${'v'.repeat(500)}`, { token }), 414, 'URI_TOO_LONG');
  });

  it('answers a content type it does not read in the envelope', async () => {
    const reply = await call(t.app, 'POST', '/api/auth/login', { rawBody: '<login/>', headers: { 'content-type': 'application/xml' } });
    expectRefusal(reply, 415, 'UNSUPPORTED_MEDIA_TYPE');
  });
});
