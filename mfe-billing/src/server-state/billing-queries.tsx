import { useState } from 'react';
import type { ComponentType, ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { UseQueryResult } from '@tanstack/react-query';
import type { LoadState } from '@reelmint/shared';

/**
 * What this remote reads from the API, cached by TanStack Query. The header's balance and plan stay in the shared
 * stores (the shell, which carries no query library, shows them too); this cache holds what only billing shows.
 */
function createBillingQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // A failed read is shown at once with its Try again button, as before; a request is not silently repeated.
        retry: false,
        // The shared client turns an unreachable server into an error or a marked stand-in: the query must run to
        // get it, so a browser that believes it is offline does not park the read.
        networkMode: 'always',
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
      },
    },
  });
}

/**
 * In the browser every screen of this remote (pricing, the modal the shell mounts beside it, credits history) shares
 * one cache, so the catalogue pricing was drawn with is the modal's too. The shell's server draws many people's
 * pages in one process: there each drawing gets a cache of its own.
 */
const browserClient = typeof window === 'undefined' ? null : createBillingQueryClient();

/** Empties the browser cache: a test's visit starts as a fresh page load. */
export function forgetBillingQueries(): void {
  browserClient?.clear();
}

function BillingQueries({ children }: { children: ReactNode }) {
  const [client] = useState(() => browserClient ?? createBillingQueryClient());
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

/** An exposed screen with the remote's query cache around it: each is a root the shell mounts on its own. */
export function withBillingQueries<P extends object>(Screen: ComponentType<P>): ComponentType<P> {
  function WithBillingQueries(props: P) {
    return (
      <BillingQueries>
        <Screen {...props} />
      </BillingQueries>
    );
  }
  return WithBillingQueries;
}

/** Query keys; a person's own data is keyed by their session, so another sign-in never sees it. */
export const billingKeys = {
  plans: ['plans'] as const,
  config: ['config'] as const,
  packs: ['credit-packs'] as const,
  receipts: (session: string | null, page: number) => ['receipts', session, page] as const,
  creditHistory: (session: string | null, page: number) => ['credit-history', session, page] as const,
  paymentSession: (id: string | null, attempt: number) => ['payment-session', id, attempt] as const,
};

/** A query as the screens draw it: loading (also while a failed read is tried again), ready or failed. */
export function loadState<T>(query: UseQueryResult<T>): LoadState<T> {
  if (query.isSuccess) return { kind: 'ready', value: query.data };
  if (query.isError) return { kind: 'error', error: query.error };
  return { kind: 'loading' };
}
