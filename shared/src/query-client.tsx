import { useState } from 'react';
import type { ComponentType, ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { FetchQueryOptions, QueryClient, QueryKey, UseQueryResult } from '@tanstack/react-query';
import { newQueryClient } from './queries/new-query-client.ts';
import { forgetEndedSessions } from './queries/ended-sessions.ts';
import type { SessionSource } from './queries/ended-sessions.ts';

/** A read as a screen draws it: loading, ready with its value, or failed. */
export type LoadState<T> = { kind: 'loading' } | { kind: 'ready'; value: T } | { kind: 'error'; error: unknown };

/** A remote's server-state cache: its screens wrapped in it, and a way to empty it. */
export interface RemoteQueries {
  /** An exposed screen with the remote's query cache around it: each is a root the shell mounts on its own. */
  withQueries<P extends object>(Screen: ComponentType<P>): ComponentType<P>;
  /** Empties the browser cache: a test's visit starts as a fresh page load. */
  forgetQueries(): void;
  /**
   * Reads ahead into the browser's cache, for a screen's `preload` (the shell calls it once the page is idle, before a
   * likely move to that screen); nothing on the server. It never rejects: a failed read is made again when the screen shows.
   */
  prefetch<T, Key extends QueryKey>(options: FetchQueryOptions<T, Error, T, Key>): Promise<void>;
  /**
   * The browser's cache itself (null on the server), for code that reads it outside the screens' hooks: a screen
   * whose first load carries no query library imports this module later and reads and fills the cache through it.
   */
  browserClient: QueryClient | null;
}

/**
 * The cache of a remote that reads the API through TanStack Query; call once, at a module's top level, with the
 * singleton's bus and session store (`createRemoteQueries({ bus, authStore })`). An entry of
 * its own, not part of the shared singleton: no first page of an anonymous visitor carries the query library (issue
 * #12), and each remote bundles its own copy of this and of the library (why in shared/build/federation.mjs); marketing's comes
 * with its screens other than the home page.
 *
 * In the browser every screen of the remote shares one cache for the page's life. The shell's server draws many
 * people's pages in one process: there each drawing gets a cache of its own.
 */
export function createRemoteQueries(session: SessionSource): RemoteQueries {
  const browserClient = typeof window === 'undefined' ? null : newQueryClient();
  // What a session read leaves the cache with the session (queries/ended-sessions.ts).
  if (browserClient) forgetEndedSessions(browserClient, session);

  function Queries({ children }: { children: ReactNode }) {
    const [client] = useState(() => browserClient ?? newQueryClient());
    return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  }

  return {
    withQueries<P extends object>(Screen: ComponentType<P>): ComponentType<P> {
      function WithQueries(props: P) {
        return (
          <Queries>
            <Screen {...props} />
          </Queries>
        );
      }
      return WithQueries;
    },
    forgetQueries() {
      browserClient?.clear();
    },
    prefetch(options) {
      return browserClient ? browserClient.prefetchQuery(options) : Promise.resolve();
    },
    browserClient,
  };
}

/** A query as the screens draw it: loading (also while a failed read is tried again), ready or failed. */
export function loadState<T>(query: UseQueryResult<T>): LoadState<T> {
  if (query.isSuccess) return { kind: 'ready', value: query.data };
  if (query.isError) return { kind: 'error', error: query.error };
  return { kind: 'loading' };
}
