import { api, useLoad } from '@reelmint/shared';
import type { Loaded } from '@reelmint/shared';
import type { CatalogueTemplate } from './template-text.ts';

const loadTemplates = api.templates as () => Promise<Loaded<CatalogueTemplate[]>>;

/** The free templates catalogue (public: the API client suppresses 401, so visitors see it signed out). */
export function useTemplates() {
  return useLoad(loadTemplates);
}
