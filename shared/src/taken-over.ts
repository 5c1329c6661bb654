import { useSyncExternalStore } from 'react';

const noChanges = () => () => {};

/**
 * False while a part is the HTML the shell's server drew (on the server, and while the browser takes that page
 * over), true from the first render the browser owns. The studio keeps its controls disabled until then (a
 * keystroke on plain HTML would be lost when the page is taken over); a module fetched late is drawn only after it.
 * An entry of its own, bundled by each app like lazy-module, not part of the shared singleton.
 */
export function useTakenOver(): boolean {
  return useSyncExternalStore(
    noChanges,
    () => true,
    () => false,
  );
}
