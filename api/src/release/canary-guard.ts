import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { versionSeries } from './figures.ts';
import type { Figures } from './figures.ts';
import { REMOTE_NAMES } from '@reelmint/shared/remotes';
import type { RemoteName } from '@reelmint/shared/remotes';
import type { ReleaseCli } from './release-cli.ts';
import type { GuardRules } from './release-files.ts';
import type { ReleaseSource } from './source.ts';

/** What the guard saw when it decided: the canary's and stable's figures since the canary began, and the rules. */
export interface GuardFigures {
  canary: { version: string } & Figures;
  stable: { version: string } & Figures;
  rules: GuardRules;
  /** Which rule tripped. */
  tripped: Array<'error-rate' | 'p75'>;
}

/** Decides whether a canary is worse than stable by more than its margins, once it has enough visits. */
export function judge(canary: Figures, stable: Figures, rules: GuardRules): Array<'error-rate' | 'p75'> {
  if (canary.visits < rules.minVisits) return [];
  const tripped: Array<'error-rate' | 'p75'> = [];
  // Without stable visits the bar is an error-free stable version.
  if ((canary.errorRate ?? 0) - (stable.errorRate ?? 0) > rules.errorMargin) tripped.push('error-rate');
  if (canary.p75 !== null && stable.p75 !== null && stable.visits >= rules.minVisits && canary.p75 > stable.p75 * (1 + rules.p75Margin)) tripped.push('p75');
  return tripped;
}

export type StopCanary = (remote: RemoteName, canaryVersion: string, reason: string, figures: GuardFigures) => Promise<{ stopped: boolean; message: string }>;

/** Stops a canary through the release CLI's `guard-stop`: the same lock, smoke check and history as a person's change. */
export function stopWithReleaseCli(cli: ReleaseCli): StopCanary {
  return async (remote, canaryVersion, reason, figures) => {
    const result = await cli(
      ['guard-stop', remote, '--canary-version', canaryVersion, '--reason', reason, '--figures', JSON.stringify(figures)],
      'canary guard',
    );
    return { stopped: result.code === 0, message: result.output };
  };
}

export interface GuardOptions {
  intervalMs: number;
  /** After a stop that did not happen (its smoke check failed), wait this long before trying again. */
  retryAfterMs: number;
}

export const DEFAULT_GUARD_OPTIONS: GuardOptions = { intervalMs: 15_000, retryAfterMs: 5 * 60_000 };

export interface GuardLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

/**
 * Watches every guarded canary: figures since it began, for the canary (as canary) and the live version,
 * compared with its rules; a canary that is worse is stopped and the pointer returns to stable.
 */
export class CanaryGuard {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private readonly holdUntil = new Map<string, number>();

  constructor(
    private readonly db: Kysely<DB>,
    private readonly source: ReleaseSource,
    private readonly stop: StopCanary,
    private readonly log: GuardLog,
    private readonly now: () => Date,
    private readonly options: GuardOptions = DEFAULT_GUARD_OPTIONS,
  ) {}

  start(): void {
    this.timer = setInterval(() => void this.check(), this.options.intervalMs);
    this.timer.unref();
  }

  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  /** One round over every remote; overlapping rounds are not started. */
  check(): Promise<void> {
    this.running ??= this.round()
      .catch((error: unknown) => this.log.warn({ err: error }, 'the canary guard could not check the canaries'))
      .finally(() => {
        this.running = null;
      });
    return this.running;
  }

  private async round(): Promise<void> {
    const pointer = await this.source.readPointer();
    for (const remote of REMOTE_NAMES) {
      const target = pointer.remotes[remote];
      const canary = target?.canary;
      if (!target || !canary?.guard) continue;
      const key = `${remote}@${canary.version}`;
      if ((this.holdUntil.get(key) ?? 0) > this.now().getTime()) continue;
      const since = canary.since ? new Date(canary.since) : new Date(this.now().getTime() - 24 * 60 * 60_000);
      const series = await versionSeries(this.db, remote, since, 60 * 60_000, [canary.version, target.version], { canaryOnly: canary.version });
      const empty: Figures = { visits: 0, errors: 0, errorRate: null, fallbacks: 0, p50: null, p75: null, p95: null };
      const canaryFigures = series.find((s) => s.version === canary.version)?.total ?? empty;
      const stableFigures = series.find((s) => s.version === target.version)?.total ?? empty;
      const tripped = judge(canaryFigures, stableFigures, canary.guard);
      if (tripped.length === 0) continue;
      const figures: GuardFigures = {
        canary: { version: canary.version, ...canaryFigures },
        stable: { version: target.version, ...stableFigures },
        rules: canary.guard,
        tripped,
      };
      const reason = describe(figures);
      this.log.warn({ remote, canary: canary.version, figures }, `stopping the canary: ${reason}`);
      const outcome = await this.stop(remote, canary.version, reason, figures);
      if (!outcome.stopped) {
        this.holdUntil.set(key, this.now().getTime() + this.options.retryAfterMs);
        this.log.warn({ remote, canary: canary.version, output: outcome.message }, 'the canary guard could not stop the canary');
      }
    }
  }
}

const percent = (value: number | null) => (value === null ? 'n/a' : `${Math.round(value * 1000) / 10}%`);
const ms = (value: number | null) => (value === null ? 'n/a' : `${Math.round(value)} ms`);

/** The history's "why" of an automatic stop, with the figures in words. */
export function describe(figures: GuardFigures): string {
  const parts: string[] = [];
  if (figures.tripped.includes('error-rate')) {
    parts.push(
      `error rate ${percent(figures.canary.errorRate)} against ${percent(figures.stable.errorRate ?? 0)} on ${figures.stable.version} (margin ${percent(figures.rules.errorMargin)} points)`,
    );
  }
  if (figures.tripped.includes('p75')) {
    parts.push(`p75 load ${ms(figures.canary.p75)} against ${ms(figures.stable.p75)} (margin ${percent(figures.rules.p75Margin)})`);
  }
  return `canary guard: ${parts.join('; ')} over ${figures.canary.visits} visits`;
}
