import { createStore } from 'zustand/vanilla';
import type { StoreApi } from 'zustand/vanilla';
import { authStore } from './auth.ts';
import { bus } from '../bus.ts';
import type { AccountQueryOptions, AccountReads, AccountState, AccountStatus } from './account-types.ts';

export interface AccountQuery<K extends string, T> {
  /** What every app draws: one store, in the shared singleton, for the shell and every remote. */
  store: StoreApi<AccountState<K, T>>;
  /** Load unless a fresh value is cached; a read in flight is shared. */
  load: (options?: { force?: boolean }) => Promise<void>;
  /** The server's answer to a spend, payment or cancel is the truth: store it as fresh. */
  set: (value: T) => void;
}

/**
 * A signed-in person's value behind a store every app reads. TanStack Query reads and caches it (account-reads.ts:
 * fresh for `ttlMs`, one read in flight, a server failure tried again), imported with the library when a signed-in
 * person's value is first asked for: an anonymous visitor reads the anonymous value without a request, and no first
 * page of theirs carries the library (issue #12). A new session (a new token, not a profile update) starts from
 * nothing, and the previous session's value is dropped.
 */
export function createAccountQuery<K extends string, T>(options: AccountQueryOptions<K, T>): AccountQuery<K, T> {
  const { key, anonymous } = options;
  const state = (value: T | null, status: AccountStatus, fallback: boolean, fetchedAt: number) =>
    ({ [key]: value, status, fallback, fetchedAt }) as AccountState<K, T>;
  const initial = state(null, 'idle', false, 0);
  const store = createStore<AccountState<K, T>>(() => initial);
  const show = (value: T | null, status: AccountStatus, fallback: boolean, fetchedAt: number) => store.setState(state(value, status, fallback, fetchedAt));

  let reads: Promise<AccountReads<T>> | undefined;
  /** The reads once they have come, for what must happen at once (forgetting a session that ended). */
  let readsCame: AccountReads<T> | undefined;
  const signedInReads = () =>
    (reads ??= import('./account-reads.ts').then(
      ({ accountReads }) => (readsCame = accountReads(options, { show, failed: () => store.getState().status === 'error', sessions: { bus, authStore } })),
    ));

  const load: AccountQuery<K, T>['load'] = async ({ force = false } = {}) => {
    const token = authStore.getState().token;
    if (!token) {
      show(anonymous, 'ready', false, Date.now());
      return;
    }
    const signedIn = await signedInReads();
    if (authStore.getState().token === token) await signedIn.load(token, force);
  };

  const set = (value: T) => {
    show(value, 'ready', false, Date.now());
    const token = authStore.getState().token;
    if (token) void signedInReads().then((signedIn) => signedIn.remember(token, value));
  };

  let sessionToken = authStore.getState().token;
  bus.on('auth:changed', ({ token }) => {
    if (token === sessionToken) return;
    sessionToken = token;
    store.setState(initial, true);
    readsCame?.forget();
    if (options.reloadOnNewSession) void load({ force: true });
  });

  return { store, load, set };
}
