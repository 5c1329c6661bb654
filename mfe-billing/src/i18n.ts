import { registerNamespace, useNamespace } from '@reelmint/shared';

const loaders = import.meta.glob('./locales/*.json');
// Known as soon as a screen's module has loaded, so the shell can fetch these strings before the screen is drawn.
registerNamespace('billing', loaders);

/** Billing's strings, shipped with its code in the 'billing' namespace. */
export function useBillingText() {
  return useNamespace('billing', loaders);
}
