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
export function useHistory(signedIn: boolean, filter: HistoryFilter, page: number) {
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
