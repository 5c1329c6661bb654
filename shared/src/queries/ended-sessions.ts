import type { QueryClient } from '@tanstack/query-core';
import type { AppBus } from '../bus.ts';
import type { AuthState } from '../stores/auth.ts';

/**
 * The session as a cache follows it: the bus that announces every change and the store that holds the session. The
 * caller passes the singleton's own (imported from `@reelmint/shared` in an app, relatively inside the singleton):
 * a module of a per-app entry that imported them itself would bundle a second copy of the singleton.
 */
export interface SessionSource {
  bus: AppBus;
  authStore: { getState(): AuthState };
}

/**
 * Makes a cache follow the one announcement of a change of session (the bus's `auth:changed`, sent on every set and
 * clear of the session): when a session ends, by a sign-out or another sign-in, every query keyed by its token leaves
 * the cache. A person's own data is keyed by their session (or kept only while a screen shows it, `gcTime: 0`), so
 * nothing of theirs outlives the session in this page; public data (plans, templates, the site's settings) stays.
 */
export function forgetEndedSessions(client: QueryClient, { bus, authStore }: SessionSource): void {
  let session = authStore.getState().token;
  bus.on('auth:changed', ({ token }) => {
    if (token === session) return;
    const ended = session;
    session = token;
    if (ended) client.removeQueries({ predicate: (query) => query.queryKey.includes(ended) });
  });
}
