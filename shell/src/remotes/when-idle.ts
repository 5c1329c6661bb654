/** Runs `task` once the page has loaded and the browser has a quiet moment (not on a data-saving connection). */
export function whenIdle(task: () => void, window: Window & typeof globalThis = globalThis.window): void {
  const connection = (window.navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
  if (connection?.saveData) return;
  const idle = () => {
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(task, { timeout: 3000 });
    else window.setTimeout(task, 1);
  };
  if (window.document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}
