import type { ComponentType } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { shellClient } from './shell-client.ts';

/**
 * A screen of the shell that reads the API, with the shell's one query cache around it (shell-client.ts): the cache the
 * shared stores read the balance and plan through, so there is one cache and one way to read in this app. Only screens
 * loaded on demand use it: TanStack Query's React half comes with them, never with a first page.
 */
export function withShellQueries<P extends object>(Screen: ComponentType<P>): ComponentType<P> {
  function WithShellQueries(props: P) {
    return (
      <QueryClientProvider client={shellClient}>
        <Screen {...props} />
      </QueryClientProvider>
    );
  }
  return WithShellQueries;
}
