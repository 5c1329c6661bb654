import { startTransition, useEffect, useState, useSyncExternalStore } from 'react';

/** A module fetched when first wanted, and a hook that draws with it once it is here. */
export interface LazyModule<T> {
  /** Starts the fetch once; a failed fetch is forgotten, so the next call tries afresh. */
  load(): Promise<T>;
  /** The module once loaded. Undefined on the server and in a first render in the browser, so both draw the same. */
  useLoaded(): T | undefined;
}

/** Nothing to subscribe to: the store below is read for a part's first render only. */
const noChanges = () => () => {};

/**
 * Code that no first paint needs (a dialog, a menu) is fetched late with this: `load` when a person reaches for
 * it or the page is idle, `useLoaded` where it is drawn. An entry of its own, not part of the shared singleton:
 * each app bundles its few lines, so a remote built with it runs in a shell built before it.
 */
export function lazyModule<T>(importer: () => Promise<T>): LazyModule<T> {
  let loaded: T | undefined;
  let pending: Promise<T> | undefined;
  const listeners = new Set<() => void>();
  const current = () => loaded;
  const nothingYet = () => undefined;
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  };
  return {
    load() {
      pending ??= importer().then(
        (module) => {
          loaded = module;
          for (const listener of listeners) listener();
          return module;
        },
        (error: unknown) => {
          pending = undefined;
          throw error;
        },
      );
      return pending;
    },
    useLoaded() {
      // The module as the first render may draw it: none while the server's page is taken over (the server drew
      // none), the module itself in a part mounted after it came. Only read for the first render: later arrivals come
      // through the effect below. While both readings agree (nothing fetched yet, as on every first page), taking the
      // page over draws nothing again.
      const first = useSyncExternalStore(noChanges, current, nothingYet);
      const [module, setModule] = useState<T | undefined>(() => first);
      useEffect(() => {
        // A transition: what the module draws (the header's menus, once the idle page has fetched them) is drawn in
        // short slices rather than one long task, so a tap meanwhile is answered at once.
        const show = () => startTransition(() => setModule(() => loaded));
        if (loaded !== undefined) show();
        return subscribe(show);
      }, []);
      return module;
    },
  };
}
