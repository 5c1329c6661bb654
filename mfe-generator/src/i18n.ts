import { registerNamespace, useNamespace } from '@reelmint/shared';

const loaders = import.meta.glob('./locales/*.json');
// Known as soon as a screen's module has loaded, so the shell can fetch these strings before the screen is drawn.
registerNamespace('generator', loaders);

/** The generator's strings, shipped with its code in the 'generator' namespace. */
export function useGeneratorText() {
  return useNamespace('generator', loaders);
}
