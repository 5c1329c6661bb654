/**
 * The moment React has committed the page in the browser (`<html data-interactive="true">`): a page drawn on the
 * server shows its content before that, but its buttons and fields do nothing until then. The mark lives on the
 * element itself, so whoever waits for it needs no shared state with whoever sets it.
 */
const isInteractive = (root: HTMLElement) => root.dataset.interactive === 'true';

/** Marks the page as React's (the app's first commit); runs the tasks that waited for it. */
export function markInteractive(root: HTMLElement = document.documentElement): void {
  root.dataset.interactive = 'true';
}

/**
 * Runs `task` once the page is interactive (at once if it already is). For work the take-over does not need, as the
 * idle preloads: an idle moment can come between two slices of React's transition, and work started there would
 * compete with the take-over for the network and the main thread.
 */
export function whenInteractive(task: () => void, root: HTMLElement = document.documentElement): void {
  if (isInteractive(root)) {
    task();
    return;
  }
  const observer = new MutationObserver(() => {
    if (!isInteractive(root)) return;
    observer.disconnect();
    task();
  });
  observer.observe(root, { attributes: true, attributeFilter: ['data-interactive'] });
}
