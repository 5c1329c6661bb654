import { createStore } from 'zustand/vanilla';
import type { StoreApi } from 'zustand/vanilla';
import { authStore } from './auth.ts';
import { bus } from '../bus.ts';
import type { Loaded } from '../api/types.ts';

export type CacheStatus = 'idle' | 'loading' | 'ready' | 'error';

/** A value of the signed-in person, under its own name (`balance`, `subscription`), with how it was loaded. */
export type SessionCacheState<K extends string, T> = { [P in K]: T | null } & {
  status: CacheStatus;
  /** True when the value is the built-in fallback because the server could not be reached. */
  fallback: boolean;
  fetchedAt: number;
};

export interface SessionCacheOptions<K extends string, T> {
  key: K;
  /** How long a loaded value is fresh. */
  ttlMs: number;
  fetch: () => Promise<Loaded<T>>;
  /** What a visitor without a token has, set without a request. */
  anonymous: T;
  /** Load again at once when a new session starts (the header shows it straight away). */
  reloadOnNewSession?: boolean;
}

export interface SessionCache<K extends string, T> {
  store: StoreApi<SessionCacheState<K, T>>;
  /** Load unless a fresh value is cached; one request at a time. */
  load: (options?: { force?: boolean; now?: number }) => Promise<void>;
  /** The server's answer to a spend, payment or cancel is the truth: store it as fresh. */
  set: (value: T) => void;
}

/**
 * The cache behind the credits and subscription stores: fresh for a while, one request in flight,
 * and forgotten when the session changes (a new token), not when the profile is updated.
 */
export function createSessionCache<K extends string, T>(options: SessionCacheOptions<K, T>): SessionCache<K, T> {
  const { key, ttlMs, fetch, anonymous } = options;
  const state = (value: T | null, status: CacheStatus, fallback: boolean, fetchedAt: number) =>
    ({ [key]: value, status, fallback, fetchedAt }) as SessionCacheState<K, T>;
  const initial = state(null, 'idle', false, 0);
  const store = createStore<SessionCacheState<K, T>>(() => initial);
  let inFlight: Promise<void> | null = null;

  const load: SessionCache<K, T>['load'] = ({ force = false, now = Date.now() } = {}) => {
    const current = store.getState();
    if (!authStore.getState().token) {
      store.setState(state(anonymous, 'ready', false, now));
      return Promise.resolve();
    }
    if (!force && current.status === 'ready' && now - current.fetchedAt < ttlMs) return Promise.resolve();
    if (inFlight) return inFlight;
    store.setState({ status: 'loading' } as Partial<SessionCacheState<K, T>>);
    inFlight = fetch()
      .then(({ data, fallback }) => store.setState(state(data, 'ready', fallback, Date.now())))
      .catch(() => store.setState({ status: 'error', fetchedAt: Date.now() } as Partial<SessionCacheState<K, T>>))
      .finally(() => {
        inFlight = null;
      });
    return inFlight;
  };

  const set = (value: T) => store.setState(state(value, 'ready', false, Date.now()));

  let sessionToken = authStore.getState().token;
  bus.on('auth:changed', ({ token }) => {
    if (token === sessionToken) return;
    sessionToken = token;
    store.setState(initial, true);
    if (options.reloadOnNewSession) void load({ force: true });
  });

  return { store, load, set };
}
