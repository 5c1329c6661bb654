import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, ScriptedEngine, signUp } from './helpers.ts';
import type { TestApp } from './helpers.ts';

/** Every POST route, with a path that exists. */
const POSTS = [
  '/api/auth/register',
  '/api/auth/login',
  '/api/auth/google',
  '/api/auth/logout',
  '/api/user/credits/deduct',
  '/api/user/credits/refund',
  '/api/subscription/upgrade',
  '/api/subscription/cancel',
  '/api/payment/create-subscription-session',
  '/api/payment/checkout/cs_fuzz/pay',
  '/api/payment/checkout/cs_fuzz/cancel',
  '/api/payment/webhook',
  '/api/upload',
  '/api/videos/generate',
];

/** Values near the real shapes (right keys, odd values) as well as anything JSON can hold. */
const near = fc.record(
  {
    name: fc.oneof(fc.string(), fc.integer(), fc.constant(null)),
    email: fc.oneof(fc.emailAddress(), fc.string(), fc.constant('')),
    password: fc.oneof(fc.string(), fc.integer(), fc.array(fc.string())),
    token: fc.oneof(fc.string(), fc.constant('a.b.c')),
    amount: fc.oneof(fc.integer(), fc.double(), fc.string(), fc.constant(1e308), fc.constant(-1)),
    metadata: fc.oneof(fc.object(), fc.record({ type: fc.constantFrom('video_generation', 'other'), timestamp: fc.string() })),
    transactionId: fc.string(),
    reason: fc.string(),
    planId: fc.oneof(fc.constantFrom('pro', 'premium', 'max', 'free', 'MAX'), fc.string()),
    planName: fc.oneof(fc.constantFrom('pro', 'premium', 'max', 'Max'), fc.string()),
    billingCycle: fc.oneof(fc.constantFrom('monthly', 'yearly'), fc.string()),
    source: fc.string(),
    timestamp: fc.string(),
    type: fc.oneof(fc.constantFrom('text-to-video', 'image-to-video', 'template'), fc.string()),
    prompt: fc.oneof(fc.string(), fc.integer()),
    imageId: fc.string(),
    templateId: fc.oneof(fc.constantFrom('tpl-neon-city'), fc.string()),
    model: fc.oneof(fc.constantFrom('v1.0', 'v2.0'), fc.string()),
    resolution: fc.oneof(fc.constantFrom('512p', '720p', '1080p'), fc.string()),
    duration: fc.oneof(fc.constantFrom('5s', '10s'), fc.string()),
  },
  { requiredKeys: [] },
);

const bodies = fc.oneof(
  near.map((value) => JSON.stringify(value)),
  fc.jsonValue().map((value) => JSON.stringify(value)),
  fc.string(),
  fc.uint8Array({ maxLength: 64 }).map((bytes) => Buffer.from(bytes).toString('latin1')),
);

describe('fuzzed POST bodies', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp({ engine: new ScriptedEngine('hang') });
    ({ token } = await signUp(t.app));
  });
  afterAll(async () => t.close());

  it.each(POSTS)('%s never answers 5xx and always sends the error envelope', async (path) => {
    await fc.assert(
      fc.asyncProperty(
        bodies,
        fc.constantFrom('application/json', 'text/plain', 'multipart/form-data; boundary=x', 'application/x-www-form-urlencoded'),
        fc.boolean(),
        fc.option(fc.string({ maxLength: 40 }), { nil: undefined }),
        async (payload, contentType, signedIn, key) => {
          const headers: Record<string, string> = { 'content-type': contentType };
          if (signedIn) headers.authorization = `Bearer ${token}`;
          if (key !== undefined && /^[\x21-\x7e]+$/.test(key)) headers['idempotency-key'] = key;
          const reply = await t.app.inject({ method: 'POST', url: path, headers, payload });
          expect(reply.statusCode, `${path} ${contentType} ${payload}`).toBeLessThan(500);
          if (reply.statusCode >= 400) {
            const body = reply.json();
            expect(body.success).toBe(false);
            expect(typeof body.error).toBe('string');
            expect(typeof body.message).toBe('string');
          }
        },
      ),
      { numRuns: 100 },
    );
  });
});
