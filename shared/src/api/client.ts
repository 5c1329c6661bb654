import { runtimeConfig } from '../config.ts';
import { authStore, clearSession, forceLogout, isTokenExpired } from '../stores/auth.ts';
import { bus } from '../bus.ts';
import type { Envelope, Loaded } from './types.ts';

/** An error a screen can show: `message` is for people, `code` for code. */
export class ApiError extends Error {
  readonly code: string;
  readonly status: number;
  /** Extra fields the server sent with the error (e.g. upgradeRequired, required, available). */
  readonly details: Record<string, unknown>;

  constructor(message: string, code: string, status = 0, details: Record<string, unknown> = {}) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.status = status;
    this.details = details;
  }

  /** True when the server could not be reached at all. */
  get isNetworkError(): boolean {
    return this.code === 'NETWORK_ERROR';
  }
}

/** 401 on these answers UNAUTHENTICATED with no redirect: visitors browse signed out. */
function isSuppressed401(method: string, path: string): boolean {
  if (/^\/api\/(video\/templates|user\/credits$|user\/subscription|subscription\/plans|auth\/me)/.test(path)) return true;
  // Reads made in the background (the studio's history, the job watcher on every page) never take the person away.
  return method === 'GET' && (path.startsWith('/api/videos') || path.startsWith('/api/notifications/'));
}

/** Sign-in calls answer 401 for wrong credentials; that is the person's mistake, not a lost session. */
function isCredentialCall(path: string): boolean {
  return /^\/api\/auth\/(login|register|google)$/.test(path);
}

export interface RequestOptions {
  body?: unknown;
  query?: Record<string, string | number | undefined>;
  idempotencyKey?: string;
  signal?: AbortSignal;
}

async function readJson(response: Response): Promise<Record<string, unknown> | null> {
  try {
    return (await response.json()) as Record<string, unknown>;
  } catch {
    return null;
  }
}

/** Low-level call: returns the parsed reply body, throws ApiError on every failure. */
export async function requestRaw<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const { token } = authStore.getState();
  if (token && isTokenExpired(token)) {
    forceLogout();
    throw new ApiError('Token expired', 'TOKEN_EXPIRED', 401);
  }

  const url = new URL(`${runtimeConfig().apiBase}${path}`, typeof location === 'undefined' ? 'http://localhost' : location.href);
  for (const [key, value] of Object.entries(options.query ?? {})) {
    if (value !== undefined) url.searchParams.set(key, String(value));
  }
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }

  let response: Response;
  try {
    response = await fetch(url, { method, headers, body, signal: options.signal ?? null });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError('The server cannot be reached. Check your connection and try again.', 'NETWORK_ERROR');
  }

  const payload = await readJson(response);
  if (response.status === 401 && !isCredentialCall(path)) {
    if (isSuppressed401(method, path)) throw new ApiError('UNAUTHENTICATED', 'UNAUTHENTICATED', 401);
    if (authStore.getState().token) clearSession();
    bus.emit('navigate', { to: '/auth', replace: true });
    throw new ApiError('Authentication failed', 'UNAUTHENTICATED', 401);
  }
  if (!response.ok) {
    const message =
      (typeof payload?.message === 'string' && payload.message) || (typeof payload?.error === 'string' && payload.error) || `HTTP error ${response.status}`;
    const code = typeof payload?.error === 'string' ? payload.error : 'API_ERROR';
    const { message: _m, error: _e, success: _s, ...details } = payload ?? {};
    throw new ApiError(message, code, response.status, details);
  }
  return payload as T;
}

/** A call whose reply is the `{success, data}` envelope: returns `data`. */
export async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const envelope = await requestRaw<Envelope<T>>(method, path, options);
  if (!envelope || envelope.success === false) {
    throw new ApiError(envelope?.message ?? envelope?.error ?? 'API_ERROR', envelope?.error ?? 'API_ERROR');
  }
  return envelope.data as T;
}

/** Network-like failures give the built-in data, marked as such; every other failure still throws. */
export async function withFallback<T>(call: Promise<T>, fallbackData: T): Promise<Loaded<T>> {
  try {
    return { data: await call, fallback: false };
  } catch (error) {
    if (error instanceof ApiError && error.isNetworkError) return { data: fallbackData, fallback: true };
    throw error;
  }
}
