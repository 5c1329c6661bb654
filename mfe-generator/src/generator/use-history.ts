import { useCallback, useEffect, useState } from 'react';
import type { VideoKind } from '@reelmint/shared';
import { HISTORY_PER_PAGE, videoApi } from './video-api.ts';
import type { HistoryPage } from './video-api.ts';

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

/** The person's videos, one page at a time (page 1, 10 per page), filtered by type. */
function useHistory(signedIn: boolean, filter: HistoryFilter, page: number) {
  const [state, setState] = useState<HistoryState>({ status: 'idle' });
  const [version, setVersion] = useState(0);

  useEffect(() => {
    if (!signedIn) {
      setState({ status: 'idle' });
      return;
    }
    let live = true;
    setState((s) => ({ status: 'loading', previous: s.status === 'ready' ? s.page : s.status === 'loading' ? s.previous : null }));
    videoApi.history(page, filter === 'all' ? undefined : filter).then(
      ({ data, fallback }) => live && setState({ status: 'ready', page: data, fallback }),
      (error: unknown) => live && setState({ status: 'error', error }),
    );
    return () => {
      live = false;
    };
  }, [signedIn, filter, page, version]);

  const reload = useCallback(() => setVersion((v) => v + 1), []);

  /** Takes a deleted video off the page at once (the reload that follows confirms it). */
  const remove = useCallback((id: string) => {
    setState((s) => {
      if (s.status !== 'ready' || !s.page.items.some((item) => item.id === id)) return s;
      return { ...s, page: { ...s.page, items: s.page.items.filter((item) => item.id !== id), total: Math.max(0, s.page.total - 1) } };
    });
  }, []);

  return { state, reload, remove };
}

/**
 * The history as the studio browses it: a filter and a page (a new filter starts at page 1), and a page emptied
 * by a delete (or a history that shrank elsewhere) goes back to the last page that exists.
 */
export function usePagedHistory(signedIn: boolean) {
  const [filter, setFilter] = useState<HistoryFilter>('all');
  const [page, setPage] = useState(1);
  const history = useHistory(signedIn, filter, page);

  const pageCount = history.state.status === 'ready' ? historyPages(history.state.page.total) : null;
  useEffect(() => {
    if (pageCount !== null && page > pageCount) setPage(pageCount);
  }, [page, pageCount]);

  const changeFilter = (next: HistoryFilter) => {
    setFilter(next);
    setPage(1);
  };

  return { ...history, filter, page, changeFilter, setPage };
}
