import { useCallback } from 'react';
import { api, FALLBACK_LANGUAGE, useLoad, usePublicRead } from '@reelmint/shared';
import { useMarketingText } from '../i18n.ts';

/**
 * The free templates catalogue in the page's language (its titles and prompts; public: the API client suppresses
 * 401, so visitors see it signed out). A page the shell's server drew starts from the catalogue it was drawn with,
 * in the same language; another language loads it again.
 */
export function useTemplates() {
  const { i18n } = useMarketingText();
  const lng = i18n.resolvedLanguage ?? i18n.language ?? FALLBACK_LANGUAGE;
  const load = useCallback(() => api.templates(lng), [lng]);
  const drawnWith = usePublicRead('templates');
  return useLoad(load, drawnWith && { data: drawnWith, fallback: false });
}
