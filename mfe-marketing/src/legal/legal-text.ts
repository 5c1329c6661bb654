import { registerNamespace, useNamespace } from '@reelmint/shared';

/**
 * The legal documents' strings (the privacy policy and the terms of service, two thirds of marketing's text) in a
 * namespace of their own, loaded only by these two pages: the other pages, the home page first, do not download them.
 */
const loaders = import.meta.glob('../locales/legal/*.json');
// Known as soon as a legal page's module has loaded, so the shell can fetch them before the page is drawn.
registerNamespace('marketing-legal', loaders);

export function useLegalText() {
  return useNamespace('marketing-legal', loaders);
}
