import { useQuery } from '@tanstack/react-query';
import { ApiError, useAuth } from '@reelmint/shared';
import type { RemoteName } from '../../remotes/pointer.ts';
import { BUCKET_MINUTES, dashboardApi, WINDOW_HOURS } from './dashboard-api.ts';
import type { Metrics, Overview } from './dashboard-api.ts';

/** How often the page reads the figures and the pointer again, so a canary's fate shows without a reload. */
const REFRESH_MS = 5000;

export interface Dashboard {
  overview: Overview;
  metrics: Partial<Record<RemoteName, Metrics>>;
}

/** The pointer and the history, then each remote's figures over the chart's window. */
async function readDashboard(): Promise<Dashboard> {
  const overview = await dashboardApi.overview();
  const entries = await Promise.all(
    overview.remotes.map(
      async (remote) => [remote.name, await dashboardApi.metrics({ remote: remote.name, hours: WINDOW_HOURS, bucket_minutes: BUCKET_MINUTES })] as const,
    ),
  );
  return { overview, metrics: Object.fromEntries(entries) };
}

/** Whether a read was refused because the account lacks the release-manager role. */
export function isForbidden(failure: unknown): boolean {
  return failure instanceof ApiError && failure.status === 403;
}

/**
 * The release dashboard's figures, for the signed-in account (the API answers 403 without the role): read when the
 * page opens, then every few seconds while it is in view (a hidden tab asks nothing). A refresh that fails keeps the
 * figures already on screen.
 */
export function useDashboard() {
  const session = useAuth((s) => s.token);
  return useQuery({ queryKey: ['release-dashboard', session] as const, queryFn: readDashboard, refetchInterval: REFRESH_MS });
}
