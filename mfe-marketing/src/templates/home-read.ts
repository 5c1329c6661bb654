import { useCallback, useEffect, useRef, useState } from 'react';
import type { LoadState } from '@reelmint/shared/query-client';

/**
 * The home page's read of the catalogue, the one read of the site that does not go through TanStack Query: the home
 * page's first load is at its budget (170 KiB of JavaScript, issue #12) and the library would add about 10 KiB, so
 * it reads through the catalogue's query cache once that has come (use-templates.ts) and until then with this.
 * Drawn the same way as a query (`LoadState`); it moves to `useQuery` once the budget allows.
 *
 * Runs `load` on mount and again on `retry()`, ignoring answers that arrive after unmount or after
 * a newer attempt started. `load` must be stable (a module-level function such as `api.plans`, or one memoised on
 * what it reads, such as the page's language); a new `load` loads again.
 * With `initial` (what the page was drawn with, see `usePublicRead`) it starts ready and loads only on `retry()`.
 */
export function useHomeRead<T>(load: () => Promise<T>, initial?: T): { state: LoadState<T>; retry: () => void } {
  const [state, setState] = useState<LoadState<T>>(() => (initial === undefined ? { kind: 'loading' } : { kind: 'ready', value: initial }));
  const [attempt, setAttempt] = useState(0);
  const startedReady = useRef(initial !== undefined);

  useEffect(() => {
    if (startedReady.current) {
      startedReady.current = false;
      return;
    }
    let live = true;
    setState({ kind: 'loading' });
    load().then(
      (value) => live && setState({ kind: 'ready', value }),
      (error: unknown) => live && setState({ kind: 'error', error }),
    );
    return () => {
      live = false;
    };
  }, [load, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, retry };
}
