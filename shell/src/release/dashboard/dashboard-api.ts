import { request } from '@reelmint/shared';
import type { RemoteName } from '../../remotes/pointer.ts';

/** What GET /api/release/overview and /api/release/metrics answer (api/src/release/dashboard-routes.ts). */
export interface GuardRules {
  minVisits: number;
  errorMargin: number;
  p75Margin: number;
}

export interface RemoteOverview {
  name: RemoteName;
  live: string | null;
  canary: { version: string; percent: number; since: string | null; guard: GuardRules | null } | null;
  rollbackTo: string | null;
  published: Array<{
    version: string;
    publishedAt: string | null;
    publishedBy: string | null;
    reason: string | null;
    sharedContract: string | null;
    commit: string | null;
    dirty: boolean;
    builtAt: string | null;
  }>;
}

export interface GuardFiguresSeen {
  canary?: { version?: string; visits?: number; errorRate?: number | null; p75?: number | null };
  stable?: { version?: string; visits?: number; errorRate?: number | null; p75?: number | null };
}

export interface HistoryEntry {
  at: string;
  actor: string;
  action: string;
  remote: string | null;
  reason: string | null;
  from: string | null;
  to: string | null;
  figures: GuardFiguresSeen | null;
}

export interface Overview {
  pointerStore: 'file' | 'database';
  updatedAt: string | null;
  remotes: RemoteOverview[];
  history: HistoryEntry[];
}

export interface Figures {
  visits: number;
  errors: number;
  errorRate: number | null;
  fallbacks: number;
  p50: number | null;
  p75: number | null;
  p95: number | null;
}

export interface VersionSeries {
  version: string;
  canary: boolean;
  total: Figures;
  buckets: Array<Figures & { start: string }>;
}

export interface Metrics {
  remote: RemoteName;
  since: string;
  bucketMinutes: number;
  versions: VersionSeries[];
}

export type ReleaseAction = 'promote' | 'rollback' | 'canary' | 'canary-off';

export interface ActionRequest {
  remote: RemoteName;
  action: ReleaseAction;
  version?: string;
  percent?: number;
  guard?: GuardRules;
  reason: string;
}

export interface ActionReply {
  smoke: 'passed' | 'failed' | 'skipped' | 'not-run';
  output: string;
}

/** The window the charts show, in hours, and the width of one point. */
export const WINDOW_HOURS = 24;
export const BUCKET_MINUTES = 60;

export const dashboardApi = {
  overview: () => request<Overview>('GET', '/api/release/overview'),
  metrics: (remote: RemoteName, hours = WINDOW_HOURS, bucketMinutes = BUCKET_MINUTES) =>
    request<Metrics>('GET', '/api/release/metrics', { query: { remote, hours, bucket_minutes: bucketMinutes } }),
  act: (body: ActionRequest) => request<ActionReply>('POST', '/api/release/actions', { body }),
};
