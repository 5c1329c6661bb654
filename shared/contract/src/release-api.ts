import { z } from 'zod';
import { REMOTE_NAMES } from './remotes.mjs';
import { REMOTE_VERSION_PATTERN } from './versions.mjs';
import { TELEMETRY_DETAIL, TELEMETRY_KINDS, TELEMETRY_MAX_EVENTS, TELEMETRY_MAX_MS, TELEMETRY_ROUTE } from './telemetry.ts';

/**
 * The release dashboard's requests and replies (GET /api/release/overview, GET /api/release/metrics,
 * POST /api/release/actions) and the shell's telemetry report (POST /api/telemetry/remotes), declared once:
 * the API validates and serialises with JSON Schemas made from these, and the shell takes its types from
 * them. Server-safe: no browser code.
 */

const releaseRemote = z.enum(REMOTE_NAMES);

/** When a guarded canary stops itself (see RELEASING.md). */
export const guardRules = z.strictObject({
  minVisits: z.int().min(1).max(1_000_000),
  /** How many points (as a fraction) the canary's error rate may exceed stable's. */
  errorMargin: z.number().min(0).max(100),
  /** How much (as a fraction) the canary's p75 load time may exceed stable's. */
  p75Margin: z.number().min(0).max(1000),
  /**
   * Shares (percent, ascending, above the canary's own) it widens to, one at a time, while it is healthy; a
   * step of 100 promotes it. Each step lasts at least `stepMinutes` and `minVisits` canary visits.
   */
  steps: z.array(z.number().gt(0).max(100)).min(1).max(10).optional(),
  stepMinutes: z
    .number()
    .min(0)
    .max(7 * 24 * 60)
    .optional(),
});
export type GuardRules = z.infer<typeof guardRules>;

/**
 * The remotes pointer as the release tooling stores it (a file, or a row of the API's database; see RELEASING.md):
 * per remote the live version and its entry, where every published version is served, the earlier live versions
 * `rollback` returns to, and an optional canary. Written by scripts/release (plain Node, no schema library), read
 * through this schema by the API; the shell's server serves the public part of it as /remotes.json. Loose
 * objects: a field this version does not know is kept, not dropped.
 */
export const storedCanary = z.looseObject({
  version: z.string(),
  entry: z.string(),
  /** Share of visitors, above 0 and below 100. */
  percent: z.number().gt(0).lt(100),
  /** When the canary started (widening keeps it). */
  since: z.string().optional(),
  /** When its share last changed (a step of a guarded canary starts then). */
  stepSince: z.string().optional(),
  /** A guard that does not fit its rules is dropped on reading: the canary then runs unguarded. */
  guard: guardRules.optional().catch(undefined),
});
export type StoredCanary = z.infer<typeof storedCanary>;

export const storedTarget = z.looseObject({
  version: z.string(),
  entry: z.string(),
  /** Base URL under which every published version of this remote is served (<releases><version>/remoteEntry.js). */
  releases: z.string().optional(),
  /** Earlier live versions, oldest first: `rollback` returns to the last. */
  previous: z.array(z.string()).optional(),
  canary: storedCanary.optional(),
});
export type StoredTarget = z.infer<typeof storedTarget>;

export const storedPointer = z.looseObject({
  remotes: z.partialRecord(releaseRemote, storedTarget),
  updatedAt: z.string().optional(),
});
export type StoredPointer = z.infer<typeof storedPointer>;

export const publishedVersion = z.object({
  version: z.string(),
  publishedAt: z.string().nullable(),
  publishedBy: z.string().nullable(),
  reason: z.string().nullable(),
  sharedContract: z.string().nullable(),
  commit: z.string().nullable(),
  dirty: z.boolean(),
  builtAt: z.string().nullable(),
});
export type PublishedVersion = z.infer<typeof publishedVersion>;

export const remoteOverview = z.object({
  name: releaseRemote,
  live: z.string().nullable(),
  canary: z
    .object({ version: z.string(), percent: z.number(), since: z.string().nullable(), stepSince: z.string().nullable(), guard: guardRules.nullable() })
    .nullable(),
  rollbackTo: z.string().nullable(),
  published: z.array(publishedVersion),
});
export type RemoteOverview = z.infer<typeof remoteOverview>;

/** What a guard saw when it acted: kept as the guard wrote it, so every field may be missing. */
const guardSide = z.looseObject({ version: z.string(), visits: z.number(), errorRate: z.number().nullable(), p75: z.number().nullable() }).partial();
export const guardFiguresSeen = z.looseObject({ canary: guardSide.optional(), stable: guardSide.optional() });
export type GuardFiguresSeen = z.infer<typeof guardFiguresSeen>;

export const historyEntry = z.object({
  at: z.string(),
  actor: z.string(),
  action: z.string(),
  remote: z.string().nullable(),
  reason: z.string().nullable(),
  from: z.string().nullable(),
  to: z.string().nullable(),
  figures: guardFiguresSeen.nullable(),
});
export type HistoryEntry = z.infer<typeof historyEntry>;

export const releaseOverview = z.object({
  pointerStore: z.enum(['file', 'database']),
  updatedAt: z.string().nullable(),
  remotes: z.array(remoteOverview),
  history: z.array(historyEntry),
});
export type ReleaseOverview = z.infer<typeof releaseOverview>;

export const figures = z.object({
  visits: z.int(),
  errors: z.int(),
  errorRate: z.number().nullable(),
  fallbacks: z.int(),
  p50: z.number().nullable(),
  p75: z.number().nullable(),
  p95: z.number().nullable(),
});
export type Figures = z.infer<typeof figures>;

export const versionSeries = z.object({
  version: z.string(),
  canary: z.boolean(),
  total: figures,
  buckets: z.array(figures.extend({ start: z.string() })),
});
export type VersionSeries = z.infer<typeof versionSeries>;

/** GET /api/release/metrics: one remote's figures over the last `hours`, in points `bucket_minutes` wide. */
export const releaseMetricsQuery = z.strictObject({
  remote: releaseRemote,
  hours: z
    .int()
    .min(1)
    .max(24 * 14)
    .default(24),
  bucket_minutes: z
    .int()
    .min(1)
    .max(24 * 60)
    .default(60),
});
/** As the API reads it, the defaults filled in. */
export type ReleaseMetricsQuery = z.infer<typeof releaseMetricsQuery>;
/** As a caller may send it. */
export type ReleaseMetricsQueryInput = z.input<typeof releaseMetricsQuery>;

export const releaseMetrics = z.object({
  remote: releaseRemote,
  since: z.string(),
  bucketMinutes: z.int(),
  versions: z.array(versionSeries),
});
export type ReleaseMetrics = z.infer<typeof releaseMetrics>;

export const RELEASE_ACTIONS = ['promote', 'rollback', 'canary', 'canary-off'] as const;
export type ReleaseAction = (typeof RELEASE_ACTIONS)[number];

export const releaseActionRequest = z.strictObject({
  remote: releaseRemote,
  action: z.enum(RELEASE_ACTIONS),
  version: z.string().max(100).regex(REMOTE_VERSION_PATTERN).optional(),
  percent: z.number().gt(0).lt(100).optional(),
  guard: guardRules.optional(),
  reason: z.string().min(3).max(500).regex(/\S/),
});
export type ReleaseActionRequest = z.infer<typeof releaseActionRequest>;

export const releaseActionReply = z.object({
  smoke: z.enum(['passed', 'failed', 'skipped', 'not-run']),
  output: z.string(),
});
export type ReleaseActionReply = z.infer<typeof releaseActionReply>;

/**
 * One thing a visitor's browser saw of a remote version (./telemetry.ts has the limits): nothing about the person,
 * no error text (only a reason code or the error's class name), the page's path without its query.
 */
export const telemetryEvent = z.strictObject({
  remote: releaseRemote,
  version: z.string().min(1).max(100),
  canary: z.boolean(),
  kind: z.enum(TELEMETRY_KINDS),
  /** A load's time in milliseconds. */
  ms: z.int().min(0).max(TELEMETRY_MAX_MS).optional(),
  detail: z.string().regex(TELEMETRY_DETAIL).optional(),
  route: z.string().regex(TELEMETRY_ROUTE).optional(),
});
export type TelemetryEvent = z.infer<typeof telemetryEvent>;

/** POST /api/telemetry/remotes: what the shell sends, a few events at a time. */
export const telemetryReport = z.strictObject({ events: z.array(telemetryEvent).min(1).max(TELEMETRY_MAX_EVENTS) });
export type TelemetryReport = z.infer<typeof telemetryReport>;

/** How many events of the report were kept. */
export const telemetryReply = z.object({ stored: z.int() });
export type TelemetryReply = z.infer<typeof telemetryReply>;
