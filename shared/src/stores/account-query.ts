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
  const tabs = otherTabs<T>(key);
  const show = (value: T | null, status: AccountStatus, fallback: boolean, fetchedAt: number) => {
    store.setState(state(value, status, fallback, fetchedAt));
    // A value the server gave this tab is told to the person's other tabs, which would otherwise show the old one.
    const token = authStore.getState().token;
    if (token && status === 'ready' && !fallback && value !== null) tabs.tell(token, value);
  };

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

  // A value another tab of this session was given (a payment there, a spend) is shown here as it is, if this tab
  // shows the value at all: no read of its own, and it is not told back.
  tabs.listen((token, value) => {
    if (token !== authStore.getState().token || store.getState().status === 'idle') return;
    store.setState(state(value, 'ready', false, Date.now()));
    void signedInReads().then((signedIn) => signedIn.remember(token, value));
  });

  let sessionToken = authStore.getState().token;
  bus.on('auth:changed', ({ token }) => {
    if (token === sessionToken) return;
    sessionToken = token;
    // Nothing of an ended session is left behind for the next person at this browser.
    tabs.forget();
    store.setState(initial, true);
    readsCame?.forget();
    if (options.reloadOnNewSession) void load({ force: true });
  });

  return { store, load, set };
}

/** The local storage key through which one account value goes from tab to tab. */
export const sharedValueKey = (key: string) => `reelmint:account:${key}`;

/**
 * The person's other tabs of the site, through local storage (its `storage` event reaches every other tab of the
 * origin, never the writer). A value is told with the tail of the session's token, so a tab of another session takes
 * nothing from it; the same value is not told twice in a row, by this tab or back to the tab it came from.
 */
function otherTabs<T>(key: string) {
  const storageKey = sharedValueKey(key);
  const sessionTag = (token: string) => token.slice(-16);
  let last = '';
  const storage = () => {
    try {
      return typeof localStorage === 'undefined' ? null : localStorage;
    } catch {
      return null;
    }
  };
  return {
    tell(token: string, value: T) {
      const told = JSON.stringify(value);
      if (told === last) return;
      last = told;
      try {
        storage()?.setItem(storageKey, JSON.stringify({ session: sessionTag(token), value }));
      } catch {
        // Storage full or refused: the other tabs read the value themselves when they next ask.
      }
    },
    forget() {
      last = '';
      try {
        storage()?.removeItem(storageKey);
      } catch {
        // Nothing to remove where there is no storage.
      }
    },
    listen(receive: (token: string, value: T) => void) {
      if (typeof window === 'undefined') return;
      window.addEventListener('storage', (event) => {
        if (event.key !== storageKey || !event.newValue) return;
        let told: { session?: unknown; value?: T };
        try {
          told = JSON.parse(event.newValue) as typeof told;
        } catch {
          return;
        }
        const token = storage()?.getItem('token');
        if (!token || told.session !== sessionTag(token) || told.value === undefined) return;
        last = JSON.stringify(told.value);
        receive(token, told.value);
      });
    },
  };
}
