import { useNamespace } from '@reelmint/shared';

const loaders = import.meta.glob('./locales/*.json');

/** The generator's strings, shipped with its code in the 'generator' namespace. */
export function useGeneratorText() {
  return useNamespace('generator', loaders);
}
