import { useCallback, useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useAuth } from '@reelmint/shared';
import type { Loaded, VideoKind } from '@reelmint/shared';
import { generatorKeys } from '../server-state/generator-queries.tsx';
import { HISTORY_PER_PAGE, videoApi } from './video-api.ts';
import type { HistoryPage, VideoRecord } from './video-api.ts';

export type HistoryFilter = 'all' | VideoKind;

export type HistoryState =
  | { status: 'idle' }
  | { status: 'loading'; previous: HistoryPage | null }
  | { status: 'ready'; page: HistoryPage; fallback: boolean }
  | { status: 'error'; error: unknown };

/** How many pages a history of `total` videos has; an empty history still has its first page. */
export function historyPages(total: number): number {
  return Math.max(1, Math.ceil(total / HISTORY_PER_PAGE));
}

/**
 * The history as the studio browses it: a filter and a page (a new filter starts at page 1), each page a query of
 * its own. While another page loads, or the one shown is read again, the page shown stays (the same person's only);
 * a page emptied by a delete (or a history that shrank elsewhere) goes back to the last page that exists.
 */
export function usePagedHistory(signedIn: boolean) {
  const session = useAuth((s) => s.token);
  const queryClient = useQueryClient();
  const [filter, setFilter] = useState<HistoryFilter>('all');
  const [page, setPage] = useState(1);
  const query = useQuery({
    queryKey: generatorKeys.historyPage(session, filter, page),
    queryFn: () => videoApi.history(page, filter === 'all' ? undefined : filter),
    enabled: signedIn,
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[1] === session ? previous : undefined),
  });

  const state: HistoryState = !signedIn
    ? { status: 'idle' }
    : query.isError
      ? { status: 'error', error: query.error }
      : query.data === undefined
        ? { status: 'loading', previous: null }
        : query.isFetching || query.isPlaceholderData
          ? { status: 'loading', previous: query.data.data }
          : { status: 'ready', page: query.data.data, fallback: query.data.fallback };

  /** Reads the page shown again; the other pages of this session are read when next shown. */
  const reload = useCallback(() => void queryClient.invalidateQueries({ queryKey: generatorKeys.history(session) }), [queryClient, session]);

  /** Takes a deleted video off every page and list that shows it at once (the reload that follows confirms it). */
  const remove = useCallback(
    (id: string) => {
      queryClient.setQueriesData<Loaded<HistoryPage>>({ queryKey: generatorKeys.history(session) }, (cached) => {
        if (!cached?.data.items.some((item) => item.id === id)) return cached;
        const items = cached.data.items.filter((item) => item.id !== id);
        return { ...cached, data: { ...cached.data, items, total: Math.max(0, cached.data.total - 1) } };
      });
      // The edit panel's merge picker offers it no more either.
      queryClient.setQueryData<VideoRecord[]>(generatorKeys.finishedClips(session), (clips) => clips?.filter((clip) => clip.id !== id));
    },
    [queryClient, session],
  );

  const pageCount = state.status === 'ready' ? historyPages(state.page.total) : null;
  useEffect(() => {
    if (pageCount !== null && page > pageCount) setPage(pageCount);
  }, [page, pageCount]);

  const changeFilter = (next: HistoryFilter) => {
    setFilter(next);
    setPage(1);
  };

  return { state, reload, remove, filter, page, changeFilter, setPage };
}
