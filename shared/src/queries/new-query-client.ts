import { QueryClient } from '@tanstack/query-core';

/**
 * A TanStack Query client as every app's one cache is made: the shell's (stores/account-client.ts, which the shared
 * stores read through too) and each remote's (query-client.tsx).
 */
export function newQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // A failed read is shown at once with its Try again button; a request is not silently repeated (a query
        // that should be, such as a job's status check or the balance after a server failure, sets its own retries).
        retry: false,
        // The shared client turns an unreachable server into an error or a marked stand-in: the query must run to
        // get it, so a browser that believes it is offline does not park the read.
        networkMode: 'always',
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
      },
      mutations: { networkMode: 'always' },
    },
  });
}
