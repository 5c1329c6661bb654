import { useSyncExternalStore } from 'react';

const noChanges = () => () => {};

/**
 * False while the studio is the HTML the shell's server drew (on the server, and while the browser takes that page
 * over), true from the first render the browser owns. Until then the studio's controls are disabled: a keystroke
 * or a tap on plain HTML would be lost when the page is taken over, so the studio does not pretend to take it.
 */
export function useTakenOver(): boolean {
  return useSyncExternalStore(
    noChanges,
    () => true,
    () => false,
  );
}
