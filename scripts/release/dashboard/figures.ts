import type { Kysely } from 'kysely';
import type { TelemetryKind } from '@reelmint/contract/telemetry';
import type { RemoteName } from '@reelmint/contract/remotes';
import type { Figures, VersionSeries } from '@reelmint/contract/release-api';
import { releaseTables } from './database.ts';
import type { ReleaseTables } from './database.ts';

/**
 * What visitors saw of one version over a span of time (the shapes are the dashboard's, in
 * @reelmint/contract/release-api). A visit is one region load attempt (loaded or failed); errors are
 * failed loads, render errors caught by a region's boundary, and uncaught errors traced to the
 * remote; errorRate is errors / visits (null without visits). Load times are those of successful
 * loads. A version counts as a canary when visitors saw it as one in most of its events.
 */
export type { Figures, VersionSeries };

const ERROR_KINDS: ReadonlySet<TelemetryKind> = new Set(['load-error', 'render-error', 'uncaught-error']);

/** Nearest-rank percentile of sorted values. */
function percentile(sorted: number[], p: number): number | null {
  if (sorted.length === 0) return null;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

interface Tally {
  visits: number;
  errors: number;
  fallbacks: number;
  times: number[];
  canaryEvents: number;
  events: number;
}

const emptyTally = (): Tally => ({ visits: 0, errors: 0, fallbacks: 0, times: [], canaryEvents: 0, events: 0 });

function figures(tally: Tally): Figures {
  const times = [...tally.times].sort((a, b) => a - b);
  return {
    visits: tally.visits,
    errors: tally.errors,
    errorRate: tally.visits > 0 ? tally.errors / tally.visits : null,
    fallbacks: tally.fallbacks,
    p50: percentile(times, 50),
    p75: percentile(times, 75),
    p95: percentile(times, 95),
  };
}

function add(tally: Tally, row: { kind: TelemetryKind; duration_ms: number | null; canary: number }): void {
  tally.events += 1;
  if (Number(row.canary) === 1) tally.canaryEvents += 1;
  if (row.kind === 'load' || row.kind === 'load-error') tally.visits += 1;
  if (ERROR_KINDS.has(row.kind)) tally.errors += 1;
  if (row.kind === 'fallback') tally.fallbacks += 1;
  if (row.kind === 'load' && row.duration_ms !== null) tally.times.push(Number(row.duration_ms));
}

/** Per version of a remote: totals since `since`, and the same figures per bucket of `bucketMs`. */
export async function versionSeries<T extends ReleaseTables>(
  database: Kysely<T>,
  remote: RemoteName,
  since: Date,
  bucketMs: number,
  versions?: readonly string[],
  options: { canaryOnly?: string } = {},
): Promise<VersionSeries[]> {
  let query = releaseTables(database)
    .selectFrom('release_events')
    .select(['version', 'kind', 'duration_ms', 'canary', 'created_at'])
    .where('remote', '=', remote)
    .where('created_at', '>=', since.toISOString());
  if (versions) {
    if (versions.length === 0) return [];
    query = query.where('version', 'in', versions);
  }
  const rows = await query.execute();
  // The canary's own figures count only visitors who were shown it as a canary (not overrides, not after a promote).
  const counted = options.canaryOnly ? rows.filter((row) => row.version !== options.canaryOnly || Number(row.canary) === 1) : rows;
  const byVersion = new Map<string, { total: Tally; buckets: Map<number, Tally> }>();
  for (const row of counted) {
    let entry = byVersion.get(row.version);
    if (!entry) {
      entry = { total: emptyTally(), buckets: new Map() };
      byVersion.set(row.version, entry);
    }
    add(entry.total, row);
    const start = Math.floor(Date.parse(row.created_at) / bucketMs) * bucketMs;
    let bucket = entry.buckets.get(start);
    if (!bucket) {
      bucket = emptyTally();
      entry.buckets.set(start, bucket);
    }
    add(bucket, row);
  }
  return [...byVersion.entries()]
    .map(([version, { total, buckets }]) => ({
      version,
      canary: total.canaryEvents * 2 > total.events,
      total: figures(total),
      buckets: [...buckets.entries()].sort(([a], [b]) => a - b).map(([start, tally]) => ({ start: new Date(start).toISOString(), ...figures(tally) })),
    }))
    .sort((a, b) => b.total.visits - a.total.visits);
}
