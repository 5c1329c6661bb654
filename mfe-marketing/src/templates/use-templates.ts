import { useCallback, useEffect } from 'react';
import { api, FALLBACK_LANGUAGE, languageStore, useLoad, usePublicRead } from '@reelmint/shared';
import type { Loaded, VideoTemplate } from '@reelmint/shared';
import { useMarketingText } from '../i18n.ts';

/** How long a catalogue read ahead is drawn from, before a page that shows it asks again. */
const READ_AHEAD_KEPT_MS = 5 * 60_000;

/** Catalogues read ahead (`preloadTemplates`) or shown, by language. */
const readAhead = new Map<string, { catalogue: Loaded<VideoTemplate[]>; at: number }>();

/**
 * Reads the catalogue in the page's language ahead (the shell calls the gallery's `preload` once a page elsewhere is
 * idle), so a move to the gallery draws its cards at once. A stand-in given while the API is unreachable is not kept.
 */
export async function preloadTemplates(lng: string = languageStore.getState().lng): Promise<void> {
  if (keptCatalogue(lng)) return;
  keep(lng, await api.templates(lng));
}

function keep(lng: string, catalogue: Loaded<VideoTemplate[]>): void {
  if (!catalogue.fallback && readAhead.get(lng)?.catalogue !== catalogue) readAhead.set(lng, { catalogue, at: Date.now() });
}

/** Forgets every kept catalogue: a test's visit starts as a fresh page load. */
export function forgetTemplates(): void {
  readAhead.clear();
}

function keptCatalogue(lng: string): Loaded<VideoTemplate[]> | undefined {
  const kept = readAhead.get(lng);
  return kept && Date.now() - kept.at < READ_AHEAD_KEPT_MS ? kept.catalogue : undefined;
}

/**
 * The free templates catalogue in the page's language (its titles and prompts; public: the API client suppresses
 * 401, so visitors see it signed out). A page the shell's server drew starts from the catalogue it was drawn with,
 * in the same language, and a page moved to from one read ahead; another language loads it again.
 */
export function useTemplates() {
  const { i18n } = useMarketingText();
  const lng = i18n.resolvedLanguage ?? i18n.language ?? FALLBACK_LANGUAGE;
  const load = useCallback(() => api.templates(lng), [lng]);
  const drawnWith = usePublicRead('templates');
  const loaded = useLoad(load, drawnWith ? { data: drawnWith, fallback: false } : keptCatalogue(lng));
  // The catalogue on screen is kept as if read ahead: the gallery's or the home page's preload does not ask for it again.
  const { state } = loaded;
  useEffect(() => {
    if (state.kind === 'ready') keep(lng, state.value);
  }, [lng, state]);
  return loaded;
}
