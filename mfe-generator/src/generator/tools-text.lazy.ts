import { useNamespace } from '@reelmint/shared';

// The enhancer's and the upscaler's strings load with their panels, not with the studio: a namespace of their own.
const loaders = import.meta.glob('../locales/tools/*.json');

/** Strings of the prompt enhancer and the upscale panel ('generator-tools'). */
export function useToolsText() {
  return useNamespace('generator-tools', loaders);
}
