import { api, useLoad, usePublicRead } from '@reelmint/shared';

/**
 * The free templates catalogue (public: the API client suppresses 401, so visitors see it signed out). A page the
 * shell's server drew starts from the catalogue it was drawn with.
 */
export function useTemplates() {
  const drawnWith = usePublicRead('templates');
  return useLoad(api.templates, drawnWith && { data: drawnWith, fallback: false });
}
