import { api, useLoad } from '@reelmint/shared';
/** The free templates catalogue (public: the API client suppresses 401, so visitors see it signed out). */
export function useTemplates() {
  return useLoad(api.templates);
}
