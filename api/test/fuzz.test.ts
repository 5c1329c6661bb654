import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RELEASE_MANAGER } from '@reelmint/contract/account-api';
import { grantRole } from '@reelmint/release/dashboard';
import { createTestApp, ScriptedEngine, signUp } from './helpers.ts';
import type { TestApp } from './helpers.ts';

/**
 * Every route of the API, as the OpenAPI document lists them (a test below fails when a route is
 * added without being fuzzed here), plus the document itself.
 */
const ROUTES: Array<[method: 'GET' | 'POST' | 'DELETE' | 'PATCH' | 'PUT', path: string]> = [
  ['POST', '/api/auth/register'],
  ['POST', '/api/auth/login'],
  ['POST', '/api/auth/google'],
  ['GET', '/api/auth/me'],
  ['POST', '/api/auth/logout'],
  ['POST', '/api/auth/password/forgot'],
  ['POST', '/api/auth/password/reset'],
  ['POST', '/api/auth/password/reset/check'],
  ['POST', '/api/auth/email/verify'],
  ['POST', '/api/auth/email/verify/resend'],
  ['POST', '/api/auth/email/change'],
  ['PATCH', '/api/account/profile'],
  ['PUT', '/api/account/picture'],
  ['DELETE', '/api/account/picture'],
  ['GET', '/api/account/picture/{file}'],
  ['POST', '/api/account/password'],
  ['GET', '/api/account/sessions'],
  ['POST', '/api/account/sessions/sign-out-others'],
  ['GET', '/api/account/export'],
  ['POST', '/api/account/delete'],
  ['GET', '/api/user/credits'],
  ['POST', '/api/user/credits/deduct'],
  ['POST', '/api/user/credits/refund'],
  ['GET', '/api/user/credits/history'],
  ['GET', '/api/subscription/plans'],
  ['GET', '/api/user/subscription'],
  ['POST', '/api/subscription/upgrade'],
  ['POST', '/api/subscription/cancel'],
  ['POST', '/api/subscription/change'],
  ['DELETE', '/api/subscription/scheduled-change'],
  ['DELETE', '/api/subscription/cancellation'],
  ['POST', '/api/payment/create-subscription-session'],
  ['GET', '/api/payment/session/{id}'],
  ['GET', '/api/credits/packs'],
  ['POST', '/api/payment/create-pack-session'],
  ['POST', '/api/payment/portal'],
  ['GET', '/api/payment/receipts'],
  ['GET', '/api/payment/checkout/{id}'],
  ['POST', '/api/payment/checkout/{id}/pay'],
  ['POST', '/api/payment/checkout/{id}/cancel'],
  ['POST', '/api/payment/webhook'],
  ['POST', '/api/upload'],
  ['DELETE', '/api/upload/{id}'],
  ['POST', '/api/videos/generate'],
  ['POST', '/api/videos/edits'],
  ['POST', '/api/videos/edits/estimate'],
  ['POST', '/api/videos/enhance-prompt'],
  ['GET', '/api/videos/status/{id}'],
  ['GET', '/api/videos/history'],
  ['GET', '/api/videos/features'],
  ['DELETE', '/api/videos/{id}'],
  ['POST', '/api/videos/webhooks/fal'],
  ['GET', '/api/videos/{id}/file'],
  ['GET', '/api/videos/{id}/poster'],
  ['POST', '/api/videos/{id}/cancel'],
  ['POST', '/api/videos/{id}/share'],
  ['DELETE', '/api/videos/{id}/share'],
  ['GET', '/api/public/videos/{id}'],
  ['POST', '/api/public/videos/{id}/views'],
  ['GET', '/api/public/videos/{id}/file'],
  ['GET', '/api/public/videos/{id}/poster'],
  ['GET', '/api/video/templates'],
  ['GET', '/api/video/templates/{id}/poster'],
  ['GET', '/api/video/templates/{id}/preview'],
  ['POST', '/api/telemetry/remotes'],
  ['GET', '/api/release/overview'],
  ['GET', '/api/release/metrics'],
  ['POST', '/api/release/actions'],
  ['GET', '/api/notifications/push-key'],
  ['GET', '/api/notifications/settings'],
  ['PUT', '/api/notifications/settings'],
  ['POST', '/api/notifications/subscriptions'],
  ['DELETE', '/api/notifications/subscriptions'],
  ['GET', '/api/notifications/ended'],
  ['GET', '/api/config'],
  ['GET', '/healthz'],
  ['GET', '/readyz'],
  ['GET', '/metrics'],
  ['GET', '/api/openapi.json'],
];

/**
 * Cases per route; CI runs the default. Planted mistakes of the kinds this suite exists to catch (the
 * router's refusals sent outside the envelope, a framework's 4xx answered as a 500) failed every route
 * they touch within its first 15 cases, so 150 keeps a tenfold margin; a mistake that 150 cases miss
 * (NUL reaching PostgreSQL through a body that must also pass the route's schema) was missed by 1,000
 * too and has its own tests (input.test.ts). FUZZ_RUNS=1000 or more searches deeper by hand.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 150);

/** Text from the whole of Unicode, lone surrogates included, and the characters attackers reach for first. */
const nasty = fc.constantFrom(
  '\u0000',
  'a\u0000b',
  '\uD800',
  '\uDFFF',
  'x\uDC00y',
  '\u200F',
  '\u202E',
  '\uFEFF',
  '\u2028',
  '../..',
  '%00',
  '%',
  '%E0%A4%A',
  '__proto__',
  'constructor',
  ' ',
  '',
);
const text = fc.oneof(
  { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 2, arbitrary: nasty },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', minLength: 90, maxLength: 300 }) },
);
const hugeNumber = fc.constantFrom('1e309', '-1e309', '123456789012345678901234567890', '9007199254740993', '-0', '0.1e-400', '1E+2', '2.5');
const number = fc.oneof(fc.integer(), fc.double(), fc.constantFrom(0, -1, 1e308, Number.MAX_SAFE_INTEGER + 2));

/** A value nested `depth` levels deep, as raw JSON text (objects and arrays mixed). */
const deepJson = fc
  .tuple(fc.integer({ min: 20, max: 6000 }), fc.boolean())
  .map(([depth, arrays]) => (arrays ? `${'['.repeat(depth)}1${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`));

/** Values near the real shapes: the right keys with odd values. */
const near = fc.record(
  {
    name: fc.oneof(text, number, fc.constant(null)),
    email: fc.oneof(fc.emailAddress(), text),
    password: fc.oneof(text, fc.constant('correct horse battery'), number),
    token: fc.oneof(text, fc.constant('a.b.c')),
    amount: fc.oneof(number, text),
    metadata: fc.oneof(
      fc.object({ maxDepth: 2, maxKeys: 6 }),
      fc.record({ type: fc.constantFrom('video_generation', 'other'), timestamp: text }, { requiredKeys: [] }),
      fc.dictionary(text, text),
    ),
    transactionId: text,
    reason: text,
    planId: fc.oneof(fc.constantFrom('pro', 'premium', 'max', 'free', 'MAX'), text),
    planName: fc.oneof(fc.constantFrom('pro', 'premium', 'max', 'Max'), text),
    billingCycle: fc.oneof(fc.constantFrom('monthly', 'yearly'), text),
    source: text,
    timestamp: text,
    type: fc.oneof(fc.constantFrom('text-to-video', 'image-to-video', 'template'), text),
    prompt: fc.oneof(text, number),
    imageId: text,
    templateId: fc.oneof(fc.constantFrom('tpl-neon-city'), text),
    model: fc.oneof(fc.constantFrom('v1.0', 'v2.0'), text),
    resolution: fc.oneof(fc.constantFrom('512p', '720p', '1080p'), text),
    duration: fc.oneof(fc.constantFrom('5s', '10s'), text),
  },
  { requiredKeys: [] },
);

const body = fc.oneof(
  { weight: 4, arbitrary: near.map((value) => JSON.stringify(value)) },
  // Shallow values are cheap to make; deep nesting has its own generator (deepJson) below.
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value)) },
  // JSON.stringify cannot write these: numbers past double range and nesting deeper than the API allows.
  { weight: 1, arbitrary: hugeNumber.map((n) => `{"amount":${n},"metadata":{"type":"video_generation","timestamp":"t"},"page":${n}}`) },
  { weight: 1, arbitrary: deepJson.map((deep) => `{"amount":1,"metadata":{"type":"video_generation","timestamp":"t","x":${deep}}}`) },
  { weight: 1, arbitrary: text },
  { weight: 1, arbitrary: fc.uint8Array({ maxLength: 64 }).map((bytes) => Buffer.from(bytes).toString('latin1')) },
);

/**
 * Percent-encodes a path segment or query value the way a hostile client may: valid UTF-8 for
 * ordinary characters, and the raw (invalid) UTF-8 bytes of a lone surrogate, which
 * encodeURIComponent refuses to produce.
 */
function encode(value: string): string {
  let out = '';
  for (const char of value) {
    const code = char.codePointAt(0)!;
    if (code >= 0xd800 && code <= 0xdfff)
      out += `%${(0xe0 | (code >> 12)).toString(16)}%${(0x80 | ((code >> 6) & 0x3f)).toString(16)}%${(0x80 | (code & 0x3f)).toString(16)}`.toUpperCase();
    else out += encodeURIComponent(char);
  }
  return out;
}

const query = fc.dictionary(
  fc.constantFrom('page', 'per_page', 'videoType', 'token', 'x', '__proto__', 'remote', 'hours', 'bucket_minutes'),
  fc.oneof(text, hugeNumber),
  { maxKeys: 3 },
);

/** A stack frame or an internal path in a reply would tell an attacker how the server is built. */
const LEAK = /\n\s+at |node_modules|\.ts:\d+|\bstack\b/;

describe('the whole API under fuzzed input', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp({ engine: new ScriptedEngine('hang') });
    let email: string;
    ({ token, email } = await signUp(t.app));
    // A release manager, so the dashboard's routes run their handlers on fuzzed input too.
    await grantRole(t.app.services.db, email, RELEASE_MANAGER, 'fuzz', new Date());
  });
  afterAll(async () => t.close());

  it('fuzzes every route the API has', () => {
    const document = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const documented = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.keys(methods)
        .filter((method) => ['get', 'post', 'delete', 'put', 'patch'].includes(method))
        .map((method) => `${method.toUpperCase()} ${path}`),
    );
    const fuzzed = ROUTES.map(([method, path]) => `${method} ${path}`).filter((route) => route !== 'GET /api/openapi.json');
    expect([...fuzzed].sort()).toEqual([...documented].sort());
  });

  it.each(ROUTES)('%s %s never answers 5xx nor shows a stack trace', async (method, path) => {
    await fc.assert(
      fc.asyncProperty(
        text,
        query,
        body,
        fc.constantFrom(
          'application/json',
          'application/json; charset=utf-8',
          'text/plain',
          'multipart/form-data; boundary=x',
          'application/x-www-form-urlencoded',
          'application/xml',
          ';;;',
          '',
        ),
        fc.constantFrom('token', 'none', 'garbage'),
        fc.option(fc.string({ unit: 'binary-ascii', maxLength: 40 }), { nil: undefined }),
        async (param, params, payload, contentType, auth, key) => {
          const search = Object.entries(params)
            .map(([name, value]) => `${encode(name)}=${encode(value)}`)
            .join('&');
          const url = path.replace(/\{(id|file)\}/, encode(param)) + (search ? `?${search}` : '');
          const headers: Record<string, string> = {};
          if (contentType) headers['content-type'] = contentType;
          if (auth === 'token') headers.authorization = `Bearer ${token}`;
          if (auth === 'garbage') headers.authorization = `Bearer ${encode(param).slice(0, 200) || 'x'}`;
          if (key !== undefined && /^[\x20-\x7e]*$/.test(key)) headers['idempotency-key'] = key;
          const reply = await t.app.inject({ method, url, headers, ...(method === 'GET' ? {} : { payload }) });
          const context = `${method} ${url} ${contentType} ${payload.slice(0, 200)}`;
          expect(reply.statusCode, context).toBeLessThan(500);
          expect(reply.body, context).not.toMatch(LEAK);
          if (reply.statusCode >= 400 && String(reply.headers['content-type']).startsWith('application/json')) {
            const parsed = reply.json();
            expect(parsed.success, context).toBe(false);
            expect(typeof parsed.error, context).toBe('string');
            expect(typeof parsed.message, context).toBe('string');
          }
        },
      ),
      { numRuns: RUNS },
    );
  });
});
