import { registerNamespace, useNamespace } from '@reelmint/shared';

/**
 * The text-to-video and image-to-video pages' own strings, in a namespace of their own loaded only by those pages
 * (their chunk, 'more-screens', is apart from the home page's), so the home page does not download them.
 */
const loaders = import.meta.glob('../locales/landing/*.json');
// Known as soon as one of these pages' modules has loaded, so the shell can fetch them before the page is drawn.
registerNamespace('marketing-landing', loaders);

export function useLandingText() {
  return useNamespace('marketing-landing', loaders);
}
