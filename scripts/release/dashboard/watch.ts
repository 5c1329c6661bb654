import type { Kysely } from 'kysely';
import type { ReleaseTables } from './database.ts';
import { versionSeries } from './figures.ts';
import type { Figures } from './figures.ts';
import { REMOTE_NAMES } from '@reelmint/contract/remotes';
import type { ReleaseSource } from './source.ts';

const percent = (value: number | null) => (value === null ? '-' : `${(value * 100).toFixed(1)}%`);
const ms = (value: number | null) => (value === null ? '-' : `${Math.round(value)} ms`);

function row(label: string, version: string, figures: Figures | undefined): string {
  const f = figures ?? { visits: 0, errors: 0, errorRate: null, fallbacks: 0, p50: null, p75: null, p95: null };
  return `  ${label.padEnd(7)} ${version.padEnd(30)} ${String(f.visits).padStart(7)} ${String(f.errors).padStart(7)} ${percent(f.errorRate).padStart(8)} ${ms(f.p50).padStart(9)} ${ms(f.p75).padStart(9)} ${ms(f.p95).padStart(9)}`;
}

/**
 * What `npm run release -- watch` prints: per remote, the live version and any canary with their figures
 * over the last `minutes` (a canary's since it started, when that is later), and the last change.
 */
export async function watchReport<T extends ReleaseTables>(db: Kysely<T>, source: ReleaseSource, now: Date, minutes: number): Promise<string> {
  const [pointer, history] = await Promise.all([source.readPointer(), source.readHistory(50)]);
  const lines = [
    `Release figures at ${now.toISOString()} (last ${minutes} minutes)`,
    `  ${''.padEnd(7)} ${'version'.padEnd(30)} ${'visits'.padStart(7)} ${'errors'.padStart(7)} ${'rate'.padStart(8)} ${'p50'.padStart(9)} ${'p75'.padStart(9)} ${'p95'.padStart(9)}`,
  ];
  for (const remote of REMOTE_NAMES) {
    const target = pointer.remotes[remote];
    lines.push(`${remote}`);
    if (!target) {
      lines.push('  not in the pointer');
      continue;
    }
    const windowStart = new Date(now.getTime() - minutes * 60_000);
    const canarySince = target.canary?.since ? new Date(target.canary.since) : null;
    const since = canarySince && canarySince > windowStart ? canarySince : windowStart;
    const versions = [target.version, ...(target.canary ? [target.canary.version] : [])];
    const series = await versionSeries(db, remote, since, minutes * 60_000, versions, target.canary ? { canaryOnly: target.canary.version } : {});
    const of = (version: string) => series.find((s) => s.version === version)?.total;
    lines.push(row('live', target.version, of(target.version)));
    if (target.canary) {
      lines.push(row(`${target.canary.percent}%`, target.canary.version, of(target.canary.version)));
      const guard = target.canary.guard;
      lines.push(
        guard ? `  guard: stops after ${guard.minVisits} visits at +${percent(guard.errorMargin)} errors or +${percent(guard.p75Margin)} p75` : '  no guard',
      );
      if (guard?.steps) {
        lines.push(
          `  steps: ${guard.steps.map((step) => `${step}%`).join(' -> ')} while healthy, each at least ${guard.minVisits} visits and ${guard.stepMinutes ?? 0} minutes`,
        );
      }
    }
    const last = history.find((entry) => entry.remote === remote && entry.action !== 'publish');
    if (last) lines.push(`  last change: ${last.action} by ${last.actor} at ${last.at}${last.reason ? `: ${last.reason}` : ''}`);
  }
  return lines.join('\n');
}
