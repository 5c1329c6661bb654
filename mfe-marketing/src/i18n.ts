import { useNamespace } from '@reelmint/shared';

const loaders = import.meta.glob('./locales/*.json');

/** Marketing's strings, shipped with its code in the 'marketing' namespace. */
export function useMarketingText() {
  return useNamespace('marketing', loaders);
}
