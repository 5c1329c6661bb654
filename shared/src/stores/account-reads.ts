import type { Query } from '@tanstack/query-core';
import type { Loaded } from '../api/types.ts';
import { accountClient as client, followSessions } from './account-client.ts';
import type { SessionSource } from '../queries/ended-sessions.ts';
import type { AccountQueryOptions, AccountReads, AccountStatus } from './account-types.ts';

/** A read the server failed (5xx) is tried once more before the apps say the value is unavailable. */
function retryServerFailure(failures: number, error: unknown): boolean {
  // An ApiError's status, read without importing the API client into this chunk (it stays in the shared entry's).
  const status = error instanceof Error && 'status' in error ? error.status : undefined;
  return failures < 1 && typeof status === 'number' && status >= 500;
}

/**
 * What the reads take from their store's side: how a value is shown, whether it failed, and the bus and session store
 * (passed in: imported here, they would leave the shared entry's chunk for one of their own).
 */
export interface AccountStore<T> {
  show(value: T | null, status: AccountStatus, fallback: boolean, fetchedAt: number): void;
  failed(): boolean;
  sessions: SessionSource;
}

/**
 * One value's reads through the shell's query client (account-client.ts), which reads, caches, shares reads in flight
 * and retries, shown in its store: loading while a read runs (the value it had stays), then
 * the answer of the current session's query.
 */
export function accountReads<K extends string, T>(
  { key, ttlMs, fetch }: AccountQueryOptions<K, T>,
  { show, failed, sessions }: AccountStore<T>,
): AccountReads<T> {
  const queryKey = (token: string) => [key, token] as const;
  const session = () => sessions.authStore.getState().token;
  followSessions(sessions);

  function follow(query: Query) {
    const { data, status, fetchStatus, dataUpdatedAt, errorUpdatedAt } = query.state as Query<Loaded<T>>['state'];
    const shown: AccountStatus = fetchStatus === 'fetching' ? 'loading' : status === 'error' ? 'error' : status === 'success' ? 'ready' : 'idle';
    show(data?.data ?? null, shown, data?.fallback ?? false, Math.max(dataUpdatedAt, errorUpdatedAt));
  }

  client.getQueryCache().subscribe((event) => {
    const [name, token] = event.query.queryKey;
    if (event.type !== 'removed' && name === key && token === session()) follow(event.query);
  });

  return {
    async load(token, force) {
      // A value that could not be read is asked for again at the next chance, fresh or not.
      const staleTime = force || failed() ? 0 : ttlMs;
      // A failed read is in the store (status 'error'); nobody awaiting the load has more to do with it.
      await client.fetchQuery({ queryKey: queryKey(token), queryFn: fetch, staleTime, retry: retryServerFailure }).catch(() => undefined);
      // A fresh value given from the cache changed no query: the store is brought to it all the same.
      const query = client.getQueryCache().find({ queryKey: queryKey(token), exact: true });
      if (query && session() === token) follow(query);
    },
    remember(token, value) {
      if (session() === token) client.setQueryData(queryKey(token), { data: value, fallback: false });
    },
    forget() {
      client.removeQueries({ queryKey: [key] });
    },
  };
}
