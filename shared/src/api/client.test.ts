import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from './endpoints.ts';
import { ApiError } from './client.ts';
import { FALLBACK_PLANS } from './fallback.ts';
import { authStore, setSession, TOKEN_KEY } from '../stores/auth.ts';
import { bus } from '../bus.ts';
import { configure } from '../config.ts';

function jwt(exp: number | undefined): string {
  const body = btoa(JSON.stringify(exp === undefined ? {} : { exp })).replace(/=+$/, '');
  return `header.${body}.signature`;
}

const validToken = () => jwt(Math.floor(Date.now() / 1000) + 3600);

function reply(status: number, body: unknown) {
  return vi.fn().mockResolvedValue(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));
}

describe('API client', () => {
  const navigations: string[] = [];
  const onNavigate = ({ to }: { to: string }) => navigations.push(to);

  beforeEach(() => {
    configure({ apiBase: 'http://api.test' });
    navigations.length = 0;
    bus.on('navigate', onNavigate);
  });
  afterEach(() => {
    bus.off('navigate', onNavigate);
    vi.unstubAllGlobals();
  });

  it('sends the bearer token and returns the envelope data', async () => {
    setSession(validToken(), { username: 'Ada' });
    const fetchMock = reply(200, { success: true, data: { balance: 42 } });
    vi.stubGlobal('fetch', fetchMock);
    await expect(api.credits()).resolves.toEqual({ data: { balance: 42 }, fallback: false });
    const [url, init] = fetchMock.mock.calls[0] as [URL, RequestInit];
    expect(String(url)).toBe('http://api.test/api/user/credits');
    expect((init.headers as Record<string, string>).Authorization).toBe(`Bearer ${authStore.getState().token}`);
  });

  it('rejects UNAUTHENTICATED on a suppressed 401 without logging out or redirecting', async () => {
    setSession(validToken(), { username: 'Ada' });
    vi.stubGlobal('fetch', reply(401, { success: false, error: 'UNAUTHENTICATED', message: 'Sign in' }));
    await expect(api.subscription()).rejects.toMatchObject({ message: 'UNAUTHENTICATED', code: 'UNAUTHENTICATED' });
    expect(authStore.getState().token).not.toBeNull();
    expect(navigations).toEqual([]);
  });

  it('logs out and goes to /auth on a 401 from any other call', async () => {
    setSession(validToken(), { username: 'Ada' });
    vi.stubGlobal('fetch', reply(401, { success: false, error: 'UNAUTHENTICATED' }));
    await expect(api.upgrade('pro')).rejects.toThrow('Authentication failed');
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(navigations).toEqual(['/auth']);
  });

  it('keeps a wrong-password 401 as the server’s own message', async () => {
    vi.stubGlobal('fetch', reply(401, { success: false, error: 'INVALID_CREDENTIALS', message: 'Email or password is wrong' }));
    await expect(api.login('a@b.c', 'x')).rejects.toMatchObject({ message: 'Email or password is wrong', code: 'INVALID_CREDENTIALS' });
    expect(navigations).toEqual([]);
  });

  it('carries the server message, else the error, else HTTP error and status', async () => {
    setSession(validToken(), { username: 'Ada' });
    vi.stubGlobal(
      'fetch',
      reply(409, { success: false, error: 'INSUFFICIENT_CREDITS', message: 'Insufficient credits. Required: 20, Available: 5', required: 20 }),
    );
    const error = await api.deductCredits(20, {}, 'key-1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'INSUFFICIENT_CREDITS', status: 409, details: { required: 20 } });
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response('oops', { status: 502 })));
    await expect(api.cancel()).rejects.toThrow('HTTP error 502');
  });

  it('asks for the templates catalogue in the page’s language', async () => {
    const fetchMock = reply(200, { success: true, data: [] });
    vi.stubGlobal('fetch', fetchMock);
    await api.templates('zh-TW');
    expect(String((fetchMock.mock.calls[0] as [URL])[0])).toBe('http://api.test/api/video/templates?lang=zh-TW');
  });

  it('gives the built-in fallback data, marked as such, when the network is down', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(api.plans()).resolves.toEqual({ data: FALLBACK_PLANS, fallback: true });
    await expect(api.templates('fr')).resolves.toEqual({ data: [], fallback: true });
    await expect(api.upgrade('pro')).rejects.toMatchObject({ code: 'NETWORK_ERROR' });
  });

  it('refuses to call with an expired token: forced logout to /auth, "Token expired"', async () => {
    setSession(jwt(Math.floor(Date.now() / 1000) - 5), { username: 'Ada' });
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    await expect(api.credits()).rejects.toThrow('Token expired');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(authStore.getState().token).toBeNull();
    expect(navigations).toEqual(['/auth']);
  });

  it('treats a token without expiry as expired', async () => {
    setSession(jwt(undefined), { username: 'Ada' });
    vi.stubGlobal('fetch', vi.fn());
    await expect(api.credits()).rejects.toThrow('Token expired');
  });
});
