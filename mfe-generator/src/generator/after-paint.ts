/**
 * Runs `work` once the browser has painted the frame being prepared: a studio part whose code is fetched when the
 * studio shows (its fetch starts a module request and hints for its imports) then costs the move that shows the
 * studio nothing. Returns a cancel for an effect's cleanup.
 */
export function afterPaint(work: () => void): () => void {
  if (typeof requestAnimationFrame !== 'function') {
    const timer = setTimeout(work, 0);
    return () => clearTimeout(timer);
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  // A frame callback runs just before the paint; a task queued from it runs after.
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(work, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    if (timer !== undefined) clearTimeout(timer);
  };
}
