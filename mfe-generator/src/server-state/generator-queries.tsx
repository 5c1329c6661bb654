import { useState } from 'react';
import type { ComponentType, ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { HistoryFilter } from '../generator/use-history.ts';

/**
 * What this remote reads from the API, cached by TanStack Query: the history's pages, the job being followed, a shared
 * video, the templates a link pre-fills from. The balance and the plan stay in the shared stores, since the shell
 * (which carries no query library) shows them in its header and other remotes change them.
 */
function createGeneratorQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // A failed read is shown at once with its Try again button; the job's status checks set their own retries.
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

/**
 * In the browser the studio and the shared-video page share one cache for the page's life. The shell's server draws
 * many people's pages in one process: there each drawing gets a cache of its own.
 */
const browserClient = typeof window === 'undefined' ? null : createGeneratorQueryClient();

/** Empties the browser cache: a test's visit starts as a fresh page load. */
export function forgetGeneratorQueries(): void {
  browserClient?.clear();
}

function GeneratorQueries({ children }: { children: ReactNode }) {
  const [client] = useState(() => browserClient ?? createGeneratorQueryClient());
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

/** An exposed screen with the remote's query cache around it: each is a root the shell mounts on its own. */
export function withGeneratorQueries<P extends object>(Screen: ComponentType<P>): ComponentType<P> {
  function WithGeneratorQueries(props: P) {
    return (
      <GeneratorQueries>
        <Screen {...props} />
      </GeneratorQueries>
    );
  }
  return WithGeneratorQueries;
}

/** Query keys; a person's own data is keyed by their session, so another sign-in never sees it. */
export const generatorKeys = {
  /** Every page and filter of one session's history (what a reload refreshes). */
  history: (session: string | null) => ['video-history', session] as const,
  historyPage: (session: string | null, filter: HistoryFilter, page: number) => ['video-history', session, filter, page] as const,
  job: (jobId: string | null) => ['video-job', jobId] as const,
  sharedVideo: (id: string) => ['shared-video', id] as const,
  templates: (lng: string) => ['templates', lng] as const,
};
