import { useQuery } from '@tanstack/react-query';
import { api } from '@reelmint/shared';

/** GET /api/config: what this deployment offers (Google sign-in among it), the same for everyone. */
export function useSiteConfig() {
  return useQuery({ queryKey: ['site-config'] as const, queryFn: () => api.config() });
}
