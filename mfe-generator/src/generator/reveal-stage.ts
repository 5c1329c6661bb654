/** How much of the stage must be on screen, below the sticky header, for it to count as seen. */
const ENOUGH_OF_THE_STAGE_PX = 300;

/**
 * Brings the stage into view unless enough of it already is, then puts focus on `target` (its progress or its
 * heading). Measured after the stage has been drawn anew, since a video put there or taken away changes its height;
 * the stage is sticky on wide screens, so its place is read where it is drawn now, not where it would sit unstuck.
 * Its CSS scroll margin says how much room the sticky header takes.
 */
export function revealStage(stage: HTMLElement, target: HTMLElement) {
  const margin = parseFloat(getComputedStyle(stage).scrollMarginTop) || 0;
  const { top, height } = stage.getBoundingClientRect();
  const seen = top >= margin - 1 && top + Math.min(height, ENOUGH_OF_THE_STAGE_PX) <= window.innerHeight;
  if (!seen) {
    const still = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    window.scrollBy?.({ top: top - margin, behavior: still ? 'auto' : 'smooth' });
  }
  target.focus({ preventScroll: true });
}
