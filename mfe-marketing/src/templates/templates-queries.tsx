import { useQuery } from '@tanstack/react-query';
import { api, authStore, bus, FALLBACK_LANGUAGE, languageStore, usePublicRead } from '@reelmint/shared';
import type { Loaded, VideoTemplate } from '@reelmint/shared';
import { createRemoteQueries, loadState } from '@reelmint/shared/query-client';
import { useMarketingText } from '../i18n.ts';
import { attachCatalogueCache } from './use-templates.ts';

/**
 * The catalogue, cached by TanStack Query. This module and the library come with the screens that show the catalogue
 * through it (the gallery and the two landings, vite.config.ts keeps them apart), never with the home page's first
 * load (issue #12): this module attaches itself to the home page's reads as it loads (use-templates.ts), and takes the
 * catalogue the home page showed.
 */
const queries = createRemoteQueries({ bus, authStore });
export const { withQueries: withTemplateQueries, forgetQueries: forgetTemplateQueries } = queries;
const { prefetch, browserClient } = queries;

/** How long a catalogue is drawn from before a screen that shows it asks again. */
const CATALOGUE_FRESH_MS = 5 * 60_000;

const catalogueKey = (lng: string) => ['templates', lng] as const;

/**
 * The catalogue in a language (its titles and prompts are in it): fresh for a while, while the stand-in the API
 * client gives when the server cannot be reached is read again at the next chance.
 */
function catalogueQuery(lng: string) {
  return {
    queryKey: catalogueKey(lng),
    queryFn: () => api.templates(lng),
    staleTime: (query: { state: { data: Loaded<VideoTemplate[]> | undefined } }) => (query.state.data?.fallback ? 0 : CATALOGUE_FRESH_MS),
  };
}

/**
 * Reads the catalogue in the page's language ahead, for the gallery's `preload` (the shell calls it once a page
 * elsewhere is idle, and with it prepares the home page, which then reads it here too); a fresh one, such as the one
 * a page was drawn with, is not asked for again.
 */
export function prefetchCatalogue(lng: string = languageStore.getState().lng): Promise<void> {
  return prefetch(catalogueQuery(lng));
}

/** The catalogue through the cache: a fresh one as it is, a read in flight shared (the home page's read). */
function readCatalogue(lng: string): Promise<Loaded<VideoTemplate[]>> {
  return browserClient ? browserClient.fetchQuery(catalogueQuery(lng)) : api.templates(lng);
}

/** The fresh, real catalogue the cache holds in a language, if any: what a screen starts from without asking. */
function freshCatalogue(lng: string): Loaded<VideoTemplate[]> | undefined {
  const state = browserClient?.getQueryState<Loaded<VideoTemplate[]>>(catalogueKey(lng));
  if (!state?.data || state.data.fallback || state.isInvalidated) return undefined;
  return Date.now() - state.dataUpdatedAt < CATALOGUE_FRESH_MS ? state.data : undefined;
}

/**
 * Puts a real catalogue a page shows into the cache, unless the cache holds a real one: a read ahead then does not
 * ask for it.
 */
function rememberCatalogue(lng: string, catalogue: VideoTemplate[]): void {
  const held = browserClient?.getQueryData<Loaded<VideoTemplate[]>>(catalogueKey(lng));
  if (browserClient && (!held || held.fallback)) browserClient.setQueryData(catalogueKey(lng), { data: catalogue, fallback: false });
}

attachCatalogueCache({ readCatalogue, freshCatalogue, rememberCatalogue });

/**
 * The free templates catalogue in the page's language, as the gallery and the landings draw it (public: the API
 * client suppresses 401, so visitors see it signed out). A page the shell's server drew starts from the catalogue it
 * was drawn with (the cache is seeded with it, on the server and in the browser alike), and a page moved to from one
 * read ahead; another language loads it again.
 */
export function useCatalogue() {
  const { i18n } = useMarketingText();
  const lng = i18n.resolvedLanguage ?? i18n.language ?? FALLBACK_LANGUAGE;
  const drawnWith = usePublicRead('templates');
  const query = useQuery({ ...catalogueQuery(lng), ...(drawnWith ? { initialData: { data: drawnWith, fallback: false } } : {}) });
  const { refetch } = query;
  return { state: loadState(query), retry: () => void refetch() };
}
