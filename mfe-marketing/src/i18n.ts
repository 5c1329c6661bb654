import { registerNamespace, useNamespace } from '@reelmint/shared';

const loaders = import.meta.glob('./locales/*.json');
// Known as soon as a screen's module has loaded, so the shell can fetch these strings before the screen is drawn.
registerNamespace('marketing', loaders);

/** Marketing's strings, shipped with its code in the 'marketing' namespace. */
export function useMarketingText() {
  return useNamespace('marketing', loaders);
}
