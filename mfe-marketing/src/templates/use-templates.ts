import { useCallback, useEffect } from 'react';
import { api, FALLBACK_LANGUAGE, languageStore, useLoad, usePublicRead } from '@reelmint/shared';
import type { VideoTemplate } from '@reelmint/shared';
import { useMarketingText } from '../i18n.ts';
import type * as TemplatesQueries from './templates-queries.tsx';

/** The catalogue's cache, once imported: it is not part of the home page's first load (issue #12). */
let queries: typeof TemplatesQueries | undefined;

/** The catalogue the home page showed before the cache came, handed to it when it comes. */
let shownCatalogue: { lng: string; catalogue: VideoTemplate[] } | undefined;

async function templatesQueries(): Promise<typeof TemplatesQueries> {
  queries ??= await import('./templates-queries.tsx');
  if (shownCatalogue) {
    queries.rememberCatalogue(shownCatalogue.lng, shownCatalogue.catalogue);
    shownCatalogue = undefined;
  }
  return queries;
}

function handOver(lng: string, catalogue: VideoTemplate[]): void {
  if (queries) queries.rememberCatalogue(lng, catalogue);
  else shownCatalogue = { lng, catalogue };
}

/**
 * Reads the catalogue in the page's language ahead into the cache (the shell calls the gallery's and the home page's
 * `preload` once a page elsewhere is idle), so a move to either draws its cards at once. The catalogue the home page
 * shows is not asked for again; a stand-in given while the API is unreachable is asked for again.
 */
export async function preloadTemplates(lng: string = languageStore.getState().lng): Promise<void> {
  await (await templatesQueries()).prefetchCatalogue(lng);
}

/** Forgets the catalogue the home page handed over: a test's visit starts as a fresh page load. */
export function forgetShownCatalogue(): void {
  shownCatalogue = undefined;
}

/**
 * The catalogue as the home page draws it, without the query library on its first load: a page the shell's server
 * drew starts from the catalogue in its HTML, one moved to after a read ahead from the cache; otherwise it is read
 * (through the cache once the cache has come). The real catalogue it shows goes to the cache, so the reads ahead of
 * the gallery and the landings do not ask for it again.
 */
export function useHomeTemplates() {
  const { i18n } = useMarketingText();
  const lng = i18n.resolvedLanguage ?? i18n.language ?? FALLBACK_LANGUAGE;
  const load = useCallback(() => (queries ? queries.readCatalogue(lng) : api.templates(lng)), [lng]);
  const drawnWith = usePublicRead('templates');
  const loaded = useLoad(load, drawnWith ? { data: drawnWith, fallback: false } : queries?.freshCatalogue(lng));
  const { state } = loaded;
  useEffect(() => {
    if (state.kind === 'ready' && !state.value.fallback) handOver(lng, state.value.data);
  }, [lng, state]);
  return loaded;
}
