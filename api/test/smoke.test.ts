import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, signUp } from './helpers.ts';
import type { TestApp } from './helpers.ts';

describe('smoke', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());
  it('registers and reads credits', async () => {
    const { token, user } = await signUp(t.app);
    console.log(JSON.stringify(user));
    const credits = await call(t.app, 'GET', '/api/user/credits', { token });
    console.log(JSON.stringify(credits.body));
    const plans = await call(t.app, 'GET', '/api/subscription/plans');
    console.log(JSON.stringify(plans.body).slice(0, 600));
    const bad = await call(t.app, 'POST', '/api/auth/login', { rawBody: '{bad' });
    console.log(bad.status, JSON.stringify(bad.body));
    const cancel = await call(t.app, 'POST', '/api/subscription/cancel', { token });
    console.log(cancel.status, JSON.stringify(cancel.body));
    const oa = await call(t.app, 'GET', '/api/openapi.json');
    console.log(oa.status, Object.keys(oa.body.paths ?? {}).join(' '));
    expect(credits.body.data.balance).toBe(100);
  });
});
