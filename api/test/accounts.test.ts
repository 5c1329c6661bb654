import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT, exportSPKI, generateKeyPair, decodeJwt } from 'jose';
import type { CryptoKey } from 'jose';
import { createGoogleVerifier } from '../src/accounts/google.ts';
import { PASSWORD_HASHING, TEST_PASSWORD_HASHING, setPasswordHashing } from '../src/accounts/passwords.ts';
import { call, createTestApp, signUp } from './helpers.ts';
import type { TestApp } from './helpers.ts';

const CLIENT_ID = 'test-client.apps.googleusercontent.com';

describe('accounts', () => {
  let t: TestApp;
  let clock = new Date();
  let googleKey: CryptoKey;

  beforeAll(async () => {
    const { privateKey, publicKey } = await generateKeyPair('RS256');
    googleKey = privateKey;
    const pem = await exportSPKI(publicKey);
    t = await createTestApp({
      now: () => clock,
      google: createGoogleVerifier(CLIENT_ID, async () => ({ 'test-key': pem })),
      rateLimits: { auth: { max: 10_000, timeWindow: 60_000 } },
    });
  });
  afterAll(async () => t.close());

  const googleToken = (claims: Record<string, unknown>, audience = CLIENT_ID, key: CryptoKey = googleKey) =>
    new SignJWT({ email_verified: true, ...claims })
      .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
      .setIssuer('https://accounts.google.com')
      .setAudience(audience)
      .setIssuedAt()
      .setExpirationTime('10m')
      .sign(key);

  it('registers on the free plan with its credits and a token that expires', async () => {
    const reply = await call(t.app, 'POST', '/api/auth/register', { body: { name: 'Ada', email: 'Ada@Example.com', password: 'long enough pw' } });
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({ success: true, error: null, data: { token_type: 'Bearer' } });
    expect(reply.body.data.user).toEqual({
      id: expect.stringMatching(/^usr_/),
      name: 'Ada',
      email: 'ada@example.com',
      credits: 100,
      subscription: { plan: 'free', status: 'active' },
      emailVerified: false,
      pendingEmail: null,
      pictureUrl: null,
      language: null,
      hasPassword: true,
      roles: [],
    });
    const claims = decodeJwt(reply.body.data.access_token);
    expect(claims.exp).toBeGreaterThan(Math.floor(clock.getTime() / 1000));
    expect(claims.jti).toBeTruthy();
  });

  it('refuses a second account with the same email (any case) with 409', async () => {
    const reply = await call(t.app, 'POST', '/api/auth/register', { body: { name: 'Ada 2', email: 'ADA@example.com', password: 'another password' } });
    expect(reply.status).toBe(409);
    expect(reply.body).toMatchObject({ success: false, data: null, error: 'EMAIL_TAKEN' });
    expect(reply.body.message).toEqual(expect.any(String));
  });

  it('logs in, and /me answers the same user as the login reply', async () => {
    const login = await call(t.app, 'POST', '/api/auth/login', { body: { email: 'ada@example.com', password: 'long enough pw' } });
    expect(login.status).toBe(200);
    const me = await call(t.app, 'GET', '/api/auth/me', { token: login.body.data.access_token });
    expect(me.status).toBe(200);
    expect(me.body.data).toEqual(login.body.data.user);
  });

  it('stores a password as argon2id at 64 MiB, three passes and four lanes, and signs in with it', async () => {
    // The suite hashes at a low cost (test/setup.ts); this account gets what every real one gets.
    setPasswordHashing(PASSWORD_HASHING);
    try {
      const email = 'production-cost@example.com';
      const reply = await call(t.app, 'POST', '/api/auth/register', { body: { name: 'Cost', email, password: 'production cost pw' } });
      expect(reply.status).toBe(201);
      const row = await t.app.services.db.selectFrom('users').select('password_hash').where('email', '=', email).executeTakeFirstOrThrow();
      const [, algorithm, version, parameters] = row.password_hash!.split('$');
      expect({ algorithm, version, parameters: Object.fromEntries(parameters!.split(',').map((pair) => pair.split('='))) }).toEqual({
        algorithm: 'argon2id',
        version: 'v=19',
        parameters: { m: '65536', t: '3', p: '4' },
      });
      const login = await call(t.app, 'POST', '/api/auth/login', { body: { email, password: 'production cost pw' } });
      expect(login.status).toBe(200);
      const wrong = await call(t.app, 'POST', '/api/auth/login', { body: { email, password: 'not the password' } });
      expect(wrong.status).toBe(401);
    } finally {
      setPasswordHashing(TEST_PASSWORD_HASHING);
    }
  });

  it('answers wrong credentials with 401 INVALID_CREDENTIALS, for a bad password and an unknown email alike', async () => {
    const wrongPassword = await call(t.app, 'POST', '/api/auth/login', { body: { email: 'ada@example.com', password: 'not the password' } });
    const unknown = await call(t.app, 'POST', '/api/auth/login', { body: { email: 'nobody@example.com', password: 'whatever123' } });
    for (const reply of [wrongPassword, unknown]) {
      expect(reply.status).toBe(401);
      expect(reply.body.error).toBe('INVALID_CREDENTIALS');
    }
    expect(wrongPassword.body.message).toBe(unknown.body.message);
  });

  it('logout revokes the token for good, other sessions stay valid', async () => {
    const a = await signUp(t.app);
    const second = await call(t.app, 'POST', '/api/auth/login', { body: { email: a.email, password: a.password } });
    const out = await call(t.app, 'POST', '/api/auth/logout', { token: a.token });
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ success: true, data: null, error: null, message: 'Signed out' });
    const after = await call(t.app, 'GET', '/api/auth/me', { token: a.token });
    expect(after.status).toBe(401);
    expect(after.body.error).toBe('UNAUTHENTICATED');
    expect((await call(t.app, 'GET', '/api/auth/me', { token: second.body.data.access_token })).status).toBe(200);
    expect((await call(t.app, 'POST', '/api/auth/logout', { token: a.token })).status).toBe(401);
  });

  it('refuses an expired token, a forged one and a missing one with 401', async () => {
    const a = await signUp(t.app);
    const forged = `${a.token.slice(0, -4)}AAAA`;
    expect((await call(t.app, 'GET', '/api/auth/me', { token: forged })).status).toBe(401);
    expect((await call(t.app, 'GET', '/api/auth/me')).body.error).toBe('UNAUTHENTICATED');
    const saved = clock;
    clock = new Date(saved.getTime() + 25 * 60 * 60 * 1000);
    try {
      const expired = await call(t.app, 'GET', '/api/user/credits', { token: a.token });
      expect(expired.status).toBe(401);
    } finally {
      clock = saved;
    }
  });

  it('signs in with a Google ID token verified by google-auth-library, creating the account once', async () => {
    const token = await googleToken({ sub: 'google-123', email: 'grace@example.com', name: 'Grace' });
    const first = await call(t.app, 'POST', '/api/auth/google', { body: { token } });
    expect(first.status).toBe(200);
    expect(first.body.data.user).toMatchObject({ name: 'Grace', email: 'grace@example.com', credits: 100 });
    const again = await call(t.app, 'POST', '/api/auth/google', { body: { token } });
    expect(again.body.data.user.id).toBe(first.body.data.user.id);
  });

  it('refuses Google tokens for another audience, signed by another key, or expired', async () => {
    const other = await generateKeyPair('RS256');
    const tokens = [
      await googleToken({ sub: 'g-2', email: 'x@example.com' }, 'someone-else'),
      await googleToken({ sub: 'g-3', email: 'y@example.com' }, CLIENT_ID, other.privateKey),
      await new SignJWT({ sub: 'g-4', email: 'z@example.com' })
        .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
        .setIssuer('https://accounts.google.com')
        .setAudience(CLIENT_ID)
        .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
        .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
        .sign(googleKey),
    ];
    for (const token of tokens) {
      const reply = await call(t.app, 'POST', '/api/auth/google', { body: { token } });
      expect(reply.status).toBe(401);
      expect(reply.body.error).toBe('INVALID_GOOGLE_TOKEN');
    }
  });

  it('reports its configuration publicly', async () => {
    const reply = await call(t.app, 'GET', '/api/config');
    expect(reply.body.data).toEqual({ googleClientId: CLIENT_ID, paymentProvider: 'local', videoEngine: 'local' });
  });

  it('refuses a weak password at sign-up with 400 WEAK_PASSWORD and why, and creates nothing', async () => {
    const cases = [
      { password: 'password', reason: 'common' },
      { password: 'Password123', reason: 'common' },
      { password: 'qwertyuiop', reason: 'common' },
      { password: 'aaaaaaaaaaaa', reason: 'repeated' },
      { password: 'weakling.wanda', reason: 'personal' },
    ];
    for (const { password, reason } of cases) {
      const reply = await call(t.app, 'POST', '/api/auth/register', { body: { name: 'Wanda Weakling', email: 'weakling.wanda@example.com', password } });
      expect(reply.status, password).toBe(400);
      expect(reply.body, password).toMatchObject({ success: false, data: null, error: 'WEAK_PASSWORD', reason });
      expect(reply.body.message, password).toMatch(/^Choose a stronger password: /);
    }
    expect(await t.app.services.db.selectFrom('users').select('id').where('email', '=', 'weakling.wanda@example.com').executeTakeFirst()).toBeUndefined();
    const strong = await call(t.app, 'POST', '/api/auth/register', {
      body: { name: 'Wanda Weakling', email: 'weakling.wanda@example.com', password: 'lantern orbit pebble' },
    });
    expect(strong.status).toBe(201);
  });

  it('answers malformed JSON, unknown fields and wrong types with 400 VALIDATION_ERROR', async () => {
    const cases = [
      await call(t.app, 'POST', '/api/auth/login', { rawBody: '{"email": ' }),
      await call(t.app, 'POST', '/api/auth/login', { body: { email: 'a@example.com', password: 'x', admin: true } }),
      await call(t.app, 'POST', '/api/auth/login', { body: { email: 'a@example.com', password: 12345678 } }),
      await call(t.app, 'POST', '/api/auth/register', { body: { name: 'A', email: 'not-an-email', password: 'long enough' } }),
      await call(t.app, 'POST', '/api/auth/register', { body: { name: 'A', email: 'a@example.com', password: 'short' } }),
      await call(t.app, 'POST', '/api/auth/login', { rawBody: '{"__proto__": {"x": 1}, "email": "a@example.com", "password": "x"}' }),
    ];
    for (const reply of cases) {
      expect(reply.status).toBe(400);
      expect(reply.body).toMatchObject({ success: false, data: null, error: 'VALIDATION_ERROR' });
      expect(reply.body.message).toEqual(expect.any(String));
      expect(JSON.stringify(reply.body)).not.toMatch(/\bat .+\.(ts|js):\d+/);
    }
  });

  it('answers unknown routes with the error envelope', async () => {
    const reply = await call(t.app, 'GET', '/api/nothing-here');
    expect(reply.status).toBe(404);
    expect(reply.body).toMatchObject({ success: false, error: 'NOT_FOUND' });
  });

  it('sends security headers and allows only the configured site origins', async () => {
    const allowed = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/user/credits',
      headers: { origin: 'http://localhost:5175', 'access-control-request-method': 'GET' },
    });
    expect(allowed.headers['access-control-allow-origin']).toBe('http://localhost:5175');
    const other = await t.app.inject({ method: 'GET', url: '/api/config', headers: { origin: 'https://evil.example' } });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
    expect(other.headers['x-content-type-options']).toBe('nosniff');
    expect(other.headers['strict-transport-security']).toBeDefined();
  });

  it('serves an OpenAPI document generated from the route schemas', async () => {
    const reply = await call(t.app, 'GET', '/api/openapi.json');
    expect(reply.status).toBe(200);
    expect(reply.body.openapi).toMatch(/^3\./);
    expect(Object.keys(reply.body.paths)).toEqual(
      expect.arrayContaining(['/api/auth/login', '/api/videos/generate', '/api/user/credits/deduct', '/api/payment/webhook']),
    );
    expect(reply.body.paths['/api/auth/register'].post.requestBody).toBeDefined();
  });
});

describe('accounts without Google, with strict rate limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ rateLimits: { auth: { max: 3, timeWindow: 60_000 } } });
  });
  afterAll(async () => t.close());

  it('answers Google sign-in with GOOGLE_NOT_CONFIGURED', async () => {
    const reply = await call(t.app, 'POST', '/api/auth/google', { body: { token: 'anything' } });
    expect(reply.status).toBe(400);
    expect(reply.body.error).toBe('GOOGLE_NOT_CONFIGURED');
    expect((await call(t.app, 'GET', '/api/config')).body.data.googleClientId).toBeNull();
  });

  it('rate-limits login attempts with 429 RATE_LIMITED', async () => {
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < 5; i += 1) {
      last = await call(t.app, 'POST', '/api/auth/login', { body: { email: 'a@example.com', password: 'wrong-password' } });
      statuses.push(last.status);
    }
    expect(statuses.slice(0, 2)).toEqual([401, 401]);
    expect(statuses.at(-1)).toBe(429);
    expect(last?.body).toMatchObject({ success: false, error: 'RATE_LIMITED' });
  });
});
