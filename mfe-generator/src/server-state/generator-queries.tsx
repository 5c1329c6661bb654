import { authStore, bus } from '@reelmint/shared';
import type { VideoKind } from '@reelmint/shared';
import { createRemoteQueries } from '@reelmint/shared/query-client';

/**
 * What this remote reads from the API, cached by TanStack Query: the history's pages, the job being followed, an edit's
 * original, a shared video, the templates a link pre-fills from, an edit's cost, the clips a merge can take and the
 * site's settings; and it holds the start of a job, a mutation it counts so that one runs at a time. The balance and
 * the plan are in the shared stores (read through the shell's query cache, stores/account-client.ts), since the
 * shell shows them in its header and other remotes change them. A person's data leaves the cache with their session. In the browser the studio and the shared-video page share one cache for the page's life.
 */
export const {
  withQueries: withGeneratorQueries,
  forgetQueries: forgetGeneratorQueries,
  prefetch: prefetchGenerator,
} = createRemoteQueries({ bus, authStore });

/** Which videos the history shows: every one, or one kind. */
export type HistoryFilter = 'all' | VideoKind;

/** Query keys; a person's own data is keyed by their session, so another sign-in never sees it. */
export const generatorKeys = {
  /** Every page and filter of one session's history (what a reload refreshes). */
  history: (session: string | null) => ['video-history', session] as const,
  historyPage: (session: string | null, filter: HistoryFilter, page: number) => ['video-history', session, filter, page] as const,
  /** The session's finished clips the edit panel's merge picker offers (the newest, at most MERGE_PICKER_LIMIT). */
  finishedClips: (session: string | null) => ['finished-clips', session] as const,
  job: (jobId: string | null) => ['video-job', jobId] as const,
  /** One of the session's videos, read once to be put on the stage (an edit's original). */
  video: (session: string | null, id: string) => ['video', session, id] as const,
  /** Starting a job (a generation or an edit): one at a time. */
  jobStart: ['video-job-start'] as const,
  /** What an edit would cost this session (the answer carries the balance), one per request body as sent. */
  editEstimate: (session: string | null, request: string | null) => ['edit-estimate', session, request] as const,
  sharedVideo: (id: string) => ['shared-video', id] as const,
  templates: (lng: string) => ['templates', lng] as const,
  /** The deployment's public settings (GET /api/config): the same for everyone. */
  siteConfig: ['site-config'] as const,
};
