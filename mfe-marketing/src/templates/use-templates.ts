import { useCallback, useLayoutEffect } from 'react';
import { api, FALLBACK_LANGUAGE, usePublicRead } from '@reelmint/shared';
import type { Loaded, VideoTemplate } from '@reelmint/shared';
import { useMarketingText } from '../i18n.ts';
import { useHomeRead } from './home-read.ts';

/** What the home page uses of the catalogue's cache (templates-queries.tsx), which its first load does not carry. */
export interface CatalogueCache {
  readCatalogue(lng: string): Promise<Loaded<VideoTemplate[]>>;
  freshCatalogue(lng: string): Loaded<VideoTemplate[]> | undefined;
  rememberCatalogue(lng: string, catalogue: VideoTemplate[]): void;
}

/** The catalogue's cache, once a screen that carries it has loaded (the gallery, a landing, or their read ahead). */
let cache: CatalogueCache | undefined;

/** The catalogue the home page showed before the cache came, handed to it when it comes. */
let shownCatalogue: { lng: string; catalogue: VideoTemplate[] } | undefined;

/** Called by the catalogue's cache as it loads: from then on the home page reads through it. */
export function attachCatalogueCache(loaded: CatalogueCache): void {
  cache = loaded;
  if (shownCatalogue) loaded.rememberCatalogue(shownCatalogue.lng, shownCatalogue.catalogue);
  shownCatalogue = undefined;
}

/** Forgets the catalogue the home page handed over: a test's visit starts as a fresh page load. */
export function forgetShownCatalogue(): void {
  shownCatalogue = undefined;
}

/**
 * The catalogue as the home page draws it, without the query library on its first load (issue #12): a page the
 * shell's server drew starts from the catalogue in its HTML; one moved to once the cache has come (the gallery's read
 * ahead, which the shell makes whenever it prepares the home page elsewhere) from a fresh catalogue in the cache;
 * otherwise it is read, through the cache once it has come. The real catalogue it shows goes to the cache, so the
 * reads ahead of the gallery and the landings do not ask for it again.
 */
export function useHomeTemplates() {
  const { i18n } = useMarketingText();
  const lng = i18n.resolvedLanguage ?? i18n.language ?? FALLBACK_LANGUAGE;
  const load = useCallback(() => (cache ? cache.readCatalogue(lng) : api.templates(lng)), [lng]);
  const drawnWith = usePublicRead('templates');
  const loaded = useHomeRead(load, drawnWith ? { data: drawnWith, fallback: false } : cache?.freshCatalogue(lng));
  const { state } = loaded;
  // Handed over as the catalogue is drawn, in the same commit: a read ahead made in the moment between the drawing
  // and a later effect (the shell's idle preload, a test's) would otherwise find the cache empty and ask again.
  useLayoutEffect(() => {
    if (state.kind !== 'ready' || state.value.fallback) return;
    if (cache) cache.rememberCatalogue(lng, state.value.data);
    else shownCatalogue = { lng, catalogue: state.value.data };
  }, [lng, state]);
  return loaded;
}
