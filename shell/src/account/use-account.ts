import { useQuery } from '@tanstack/react-query';
import { useAuth } from '@reelmint/shared';
import { accountQuery } from './account-query.ts';

/** The signed-in account for the settings page: read when the page opens (nothing without a session). */
export function useAccount() {
  const session = useAuth((s) => s.token);
  return useQuery({ ...accountQuery(session), enabled: session !== null });
}
