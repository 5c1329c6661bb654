import { registerNamespace, useNamespace } from '@reelmint/shared';

/**
 * The about and contact pages' strings, in a namespace of their own loaded only by those pages (their chunk,
 * 'company', is apart from the home page's), so the home page does not download them.
 */
const loaders = import.meta.glob('../locales/company/*.json');
// Known as soon as one of these pages' modules has loaded, so the shell can fetch them before the page is drawn.
registerNamespace('marketing-company', loaders);

export function useCompanyText() {
  return useNamespace('marketing-company', loaders);
}
