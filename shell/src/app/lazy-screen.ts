import { lazy } from 'react';
import type { ComponentType } from 'react';

const RELOAD_FLAG = 'reelmint:screen-reload';

/**
 * A shell screen loaded on demand. When its chunk fails to load (typically a deploy replaced it),
 * the failure is logged and the page reloads once to pick up the new build; a second failure in
 * a row is thrown to the error screen, which offers a retry, so there is never a reload loop.
 */
export function lazyScreen<T extends ComponentType>(load: () => Promise<{ default: T }>) {
  return lazy(async () => {
    try {
      const module = await load();
      sessionStorage.removeItem(RELOAD_FLAG);
      return module;
    } catch (error) {
      console.error('A screen failed to load', error);
      if (!sessionStorage.getItem(RELOAD_FLAG)) {
        sessionStorage.setItem(RELOAD_FLAG, '1');
        location.reload();
        return new Promise<never>(() => {});
      }
      sessionStorage.removeItem(RELOAD_FLAG);
      throw error;
    }
  });
}
