import { request } from '@reelmint/shared';
import type { ReleaseActionReply, ReleaseActionRequest, ReleaseMetrics, ReleaseMetricsQueryInput, ReleaseOverview } from '@reelmint/contract/release-api';

// The replies and the requests are declared once, in @reelmint/shared/release-api, where the API's
// schemas come from too; the page uses the names below.
export type {
  RemoteOverview,
  HistoryEntry,
  ReleaseOverview as Overview,
  ReleaseMetrics as Metrics,
  ReleaseAction,
  ReleaseActionRequest as ActionRequest,
  ReleaseActionReply as ActionReply,
} from '@reelmint/contract/release-api';

/** The window the charts show, in hours, and the width of one point. */
export const WINDOW_HOURS = 24;
export const BUCKET_MINUTES = 60;

export const dashboardApi = {
  overview: () => request<ReleaseOverview>('GET', '/api/release/overview'),
  metrics: (query: ReleaseMetricsQueryInput) => request<ReleaseMetrics>('GET', '/api/release/metrics', { query }),
  act: (body: ReleaseActionRequest) => request<ReleaseActionReply>('POST', '/api/release/actions', { body }),
};
