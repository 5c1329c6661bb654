import { useQuery } from '@tanstack/react-query';
import { api, useAuth } from '@reelmint/shared';

/** GET /api/account/sessions: every browser or device signed in to the account, for the settings page. */
export function useSignedInSessions() {
  const session = useAuth((s) => s.token);
  return useQuery({
    queryKey: ['account-sessions', session] as const,
    queryFn: async () => (await api.accountSessions()).items,
    enabled: session !== null,
  });
}
