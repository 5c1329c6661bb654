import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { api } from './endpoints.ts';
import { ApiError } from './client.ts';
import { FALLBACK_PLANS } from './fallback.ts';
import { authStore, setSession, TOKEN_KEY } from '../stores/auth.ts';
import { bus } from '../bus.ts';
import { fail, networkError, ok, raw, setupFakeApi } from '@reelmint/testing';

function jwt(exp: number | undefined): string {
  const body = btoa(JSON.stringify(exp === undefined ? {} : { exp })).replace(/=+$/, '');
  return `header.${body}.signature`;
}

const validToken = () => jwt(Math.floor(Date.now() / 1000) + 3600);

describe('API client', () => {
  const fakeApi = setupFakeApi();
  const navigations: string[] = [];
  const onNavigate = ({ to }: { to: string }) => navigations.push(to);

  // Each new session below makes the account stores read again, which first imports their reads module and TanStack
  // Query. Loaded here, before the first test, that import cannot still be under way when the file's environment is
  // torn down (an unhandled EnvironmentTeardownError on a slow machine).
  beforeAll(() => import('../stores/account-reads.ts'));

  beforeEach(() => {
    navigations.length = 0;
    bus.on('navigate', onNavigate);
  });
  afterEach(() => {
    bus.off('navigate', onNavigate);
  });

  it('sends the bearer token and returns the envelope data', async () => {
    setSession(validToken(), { username: 'Ada' });
    fakeApi.on('GET /api/user/credits', ok({ balance: 42 }));
    await expect(api.credits()).resolves.toEqual({ data: { balance: 42 }, fallback: false });
    const [call] = fakeApi.callsTo('GET /api/user/credits');
    expect(call!.url.href).toBe('http://api.test/api/user/credits');
    expect(call!.headers.authorization).toBe(`Bearer ${authStore.getState().token}`);
  });

  it('rejects UNAUTHENTICATED on a suppressed 401 without logging out or redirecting', async () => {
    setSession(validToken(), { username: 'Ada' });
    fakeApi.on('GET /api/user/subscription', fail(401, 'UNAUTHENTICATED', 'Sign in'));
    await expect(api.subscription()).rejects.toMatchObject({ message: 'UNAUTHENTICATED', code: 'UNAUTHENTICATED' });
    expect(authStore.getState().token).not.toBeNull();
    expect(navigations).toEqual([]);
  });

  it('logs out and goes to /auth on a 401 from any other call', async () => {
    setSession(validToken(), { username: 'Ada' });
    fakeApi.on('POST /api/subscription/cancel', raw(401, { success: false, error: 'UNAUTHENTICATED' }));
    await expect(api.cancel()).rejects.toThrow('Authentication failed');
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(navigations).toEqual(['/auth']);
  });

  it('keeps a wrong-password 401 as the server’s own message', async () => {
    fakeApi.on('POST /api/auth/login', fail(401, 'INVALID_CREDENTIALS', 'Email or password is wrong'));
    await expect(api.login('a@b.c', 'x')).rejects.toMatchObject({ message: 'Email or password is wrong', code: 'INVALID_CREDENTIALS' });
    expect(navigations).toEqual([]);
  });

  it('carries the server message, else the error, else HTTP error and status', async () => {
    setSession(validToken(), { username: 'Ada' });
    fakeApi.on('POST /api/payment/portal', fail(503, 'PAYMENT_PROVIDER_BUSY', 'The payment provider is busy', { retryAfterSeconds: 60 }));
    const error = await api.billingPortal().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: 'The payment provider is busy', code: 'PAYMENT_PROVIDER_BUSY', status: 503, details: { retryAfterSeconds: 60 } });
    fakeApi.on('POST /api/subscription/cancel', raw(502, 'oops'));
    await expect(api.cancel()).rejects.toThrow('HTTP error 502');
  });

  it('still opens a checkout for billing builds published before buyPlan', async () => {
    setSession(validToken(), { username: 'Ada' });
    const reply = { success: true, data: { checkoutUrl: 'https://checkout.test/s/1', sessionId: 'cs_1' } };
    fakeApi.on('POST /api/payment/create-subscription-session', raw(200, reply));
    await expect(api.createSubscriptionSession('max', 'monthly', 'pricing-page')).resolves.toEqual(reply);
    // The new session's own reads (balance, plan) may reach the fake API first.
    const [call] = fakeApi.callsTo('POST /api/payment/create-subscription-session');
    expect(call!.body).toEqual({ planName: 'max', billingCycle: 'monthly', source: 'pricing-page' });
  });

  it('asks for the templates catalogue in the page’s language', async () => {
    await api.templates('zh-TW');
    expect(fakeApi.callsTo('GET /api/video/templates').map((call) => call.url.href)).toEqual(['http://api.test/api/video/templates?lang=zh-TW']);
  });

  it('gives the built-in fallback data, marked as such, when the network is down', async () => {
    fakeApi.use({
      'GET /api/subscription/plans': networkError(),
      'GET /api/video/templates': networkError(),
      'POST /api/subscription/cancel': networkError(),
    });
    await expect(api.plans()).resolves.toEqual({ data: FALLBACK_PLANS, fallback: true });
    await expect(api.templates('fr')).resolves.toEqual({ data: [], fallback: true });
    await expect(api.cancel()).rejects.toMatchObject({ code: 'NETWORK_ERROR' });
  });

  it('refuses to call with an expired token: forced logout to /auth, "Token expired"', async () => {
    setSession(jwt(Math.floor(Date.now() / 1000) - 5), { username: 'Ada' });
    await expect(api.credits()).rejects.toThrow('Token expired');
    expect(fakeApi.calls).toEqual([]);
    expect(authStore.getState().token).toBeNull();
    expect(navigations).toEqual(['/auth']);
  });

  it('treats a token without expiry as expired', async () => {
    setSession(jwt(undefined), { username: 'Ada' });
    await expect(api.credits()).rejects.toThrow('Token expired');
    expect(fakeApi.calls).toEqual([]);
  });
});
