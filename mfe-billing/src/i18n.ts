import { useNamespace } from '@reelmint/shared';

const loaders = import.meta.glob('./locales/*.json');

/** Billing's strings, shipped with its code in the 'billing' namespace. */
export function useBillingText() {
  return useNamespace('billing', loaders);
}
