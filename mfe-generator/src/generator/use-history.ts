import { useCallback, useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useAuth } from '@reelmint/shared';
import type { Loaded } from '@reelmint/shared';
import { generatorKeys } from '../server-state/generator-queries.tsx';
import type { HistoryFilter } from '../server-state/generator-queries.tsx';
import { HISTORY_PER_PAGE, isFinished, videoApi } from './video-api.ts';
import type { HistoryPage, VideoRecord } from './video-api.ts';

export type HistoryState =
  | { status: 'idle' }
  | { status: 'loading'; previous: HistoryPage | null }
  | { status: 'ready'; page: HistoryPage }
  /**
   * The page asked for could not be read: `error` is the server's refusal, or null when it could not be reached.
   * `kept` is the page last shown (this session's), which stays on screen rather than an empty list.
   */
  | { status: 'unavailable'; error: unknown; kept: HistoryPage | null };

/** How many pages a history of `total` videos has; an empty history still has its first page. */
export function historyPages(total: number): number {
  return Math.max(1, Math.ceil(total / HISTORY_PER_PAGE));
}

/**
 * The history as the studio browses it: a filter and a page (a new filter starts at page 1), each page a query of
 * its own. While another page loads, or the one shown is read again, the page last shown stays (the same person's
 * only), and it stays too when the page asked for cannot be read: the list never empties because the network did.
 * Such a page is read again when the browser comes back online. A page emptied by a delete (or a history that shrank
 * elsewhere) goes back to the last page that exists.
 */
/** How often a page holding unfinished videos is read again. */
const HISTORY_REFRESH_MS = 3000;

export function usePagedHistory(signedIn: boolean) {
  const session = useAuth((s) => s.token);
  const queryClient = useQueryClient();
  const [filter, setFilter] = useState<HistoryFilter>('all');
  const [page, setPage] = useState(1);
  const query = useQuery({
    queryKey: generatorKeys.historyPage(session, filter, page),
    queryFn: () => videoApi.history(page, filter === 'all' ? undefined : filter),
    enabled: signedIn,
    // The client's default is off; here a read that failed, or a list that may have changed meanwhile, is worth
    // asking again the moment the connection returns.
    refetchOnReconnect: true,
    // A page with videos still waiting or rendering is read again now and then: their places move up, and the
    // variations of a run other than the one on the stage finish there.
    refetchInterval: (q) => (q.state.data?.data.items.some((video) => !isFinished(video)) ? HISTORY_REFRESH_MS : false),
  });

  // The last page read for real (not the stand-in of a server out of reach), and whose it was.
  const read = query.data && !query.data.fallback ? query.data.data : null;
  const [lastRead, setLastRead] = useState<{ session: string | null; page: HistoryPage } | null>(null);
  useEffect(() => {
    if (read) setLastRead({ session, page: read });
  }, [read, session]);
  const kept = lastRead?.session === session ? lastRead.page : null;

  const state: HistoryState = !signedIn
    ? { status: 'idle' }
    : query.isFetching || query.isPending
      ? { status: 'loading', previous: read ?? kept }
      : query.isError
        ? { status: 'unavailable', error: query.error, kept }
        : !read
          ? { status: 'unavailable', error: null, kept }
          : { status: 'ready', page: read };

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
