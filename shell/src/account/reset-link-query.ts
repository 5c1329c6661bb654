import { useQuery } from '@tanstack/react-query';
import { api } from '@reelmint/shared';

/**
 * Whether a reset mail's link can still be used, and for which address (POST /api/auth/password/reset/check, a read
 * that sends the link's token in its body). Checked each time the page opens (a link can be used once, so an earlier
 * answer is not kept); nothing is asked without a token.
 */
export function useResetLink(token: string) {
  return useQuery({ queryKey: ['reset-link', token] as const, queryFn: () => api.checkResetLink(token), enabled: token !== '', gcTime: 0 });
}
