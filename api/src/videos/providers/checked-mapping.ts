import { FAL_ENDPOINTS } from './fal.ts';
import { providerMapping } from './mapping.ts';
import type { ProviderMapping, ProviderName } from './mapping.ts';
import { RUNWAY_MODELS } from './runway.ts';

/**
 * The provider's table with a deployment's overrides merged in, every model checked against those its adapter builds
 * typed requests for (a request is built from the provider SDK's own types): a deployment that maps to another model
 * hears so at start, with the variable named.
 */
export function checkedMapping(provider: ProviderName, overrides?: Readonly<Record<string, unknown>>): ProviderMapping {
  const mapping = providerMapping(provider, overrides);
  const supported = provider === 'fal' ? FAL_ENDPOINTS : RUNWAY_MODELS;
  const tables = [
    { routes: mapping.routes, text: supported.text, image: supported.image, what: '' },
    { routes: mapping.audioRoutes, text: supported.audioText, image: supported.audioImage, what: ' with audio' },
  ];
  for (const { routes, text, image, what } of tables) {
    checkRoutes(provider, routes, text, image, what);
  }
  return mapping;
}

function checkRoutes(
  provider: ProviderName,
  routes: ProviderMapping['routes'] | ProviderMapping['audioRoutes'],
  text: readonly string[],
  image: readonly string[],
  what: string,
): void {
  for (const [model, modes] of Object.entries(routes)) {
    for (const [mode, route] of Object.entries(modes ?? {})) {
      const allowed: readonly string[] = mode === 'image' ? image : text;
      if (!allowed.includes(route.model)) {
        throw new Error(
          `VIDEO_PROVIDER_MAPPING: ${provider} ${model} ${mode}${what} maps to "${route.model}"; this site sends ${mode} videos${what} to ${allowed.join(' or ') || 'no model'}`,
        );
      }
    }
  }
}
