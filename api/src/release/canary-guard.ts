import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { versionSeries } from '@reelmint/release/dashboard';
import type { CanaryView, Figures, GuardRules, ReleaseSource } from '@reelmint/release/dashboard';
import { REMOTE_NAMES } from '@reelmint/contract/remotes';
import type { RemoteName } from '@reelmint/contract/remotes';
import type { ReleaseRunner } from '@reelmint/release';

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

/** What the guard saw on a healthy step: the canary's figures over that step, stable's since the canary began, and the step. */
export interface StepFigures {
  canary: { version: string } & Figures;
  stable: { version: string } & Figures;
  rules: GuardRules;
  step: { percent: number; next: number; since: string };
}

/** Widens a healthy guarded canary to its next step (or promotes it at 100). */
export type WidenCanary = (remote: RemoteName, canaryVersion: string, reason: string, figures: StepFigures) => Promise<{ widened: boolean; message: string }>;

/**
 * Whether a healthy canary has earned its next step: enough canary visits in this step (and stable enough
 * visits to compare load times with), a step that has lasted long enough, and no rule tripped over the step.
 */
export function stepDue(step: Figures, stable: Figures, rules: GuardRules, stepStartedAt: Date, now: Date): boolean {
  if (!rules.steps) return false;
  if (step.visits < rules.minVisits || stable.visits < rules.minVisits) return false;
  if (now.getTime() - stepStartedAt.getTime() < (rules.stepMinutes ?? 0) * 60_000) return false;
  return judge(step, stable, rules).length === 0;
}

/** Stops a canary with the release CLI's `guard-stop`: the same lock, smoke check and history as a person's change. */
export function stopWithReleaseCli(cli: ReleaseRunner): StopCanary {
  return async (remote, canaryVersion, reason, figures) => {
    const result = await cli(
      ['guard-stop', remote, '--canary-version', canaryVersion, '--reason', reason, '--figures', JSON.stringify(figures)],
      'canary guard',
    );
    return { stopped: result.code === 0, message: result.output };
  };
}

/** Widens a canary with the release CLI's `guard-widen`: the same lock, checks and history as a person's change. */
export function widenWithReleaseCli(cli: ReleaseRunner): WidenCanary {
  return async (remote, canaryVersion, reason, figures) => {
    const result = await cli(
      ['guard-widen', remote, '--canary-version', canaryVersion, '--reason', reason, '--figures', JSON.stringify(figures)],
      'canary guard',
    );
    return { widened: result.code === 0, message: result.output };
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
    private readonly widen: WidenCanary,
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
      const canaryFigures = series.find((s) => s.version === canary.version)?.total ?? EMPTY;
      const stableFigures = series.find((s) => s.version === target.version)?.total ?? EMPTY;
      const tripped = judge(canaryFigures, stableFigures, canary.guard);
      if (tripped.length === 0) {
        await this.widenIfDue(remote, target.version, canary, stableFigures, since, key);
        continue;
      }
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
  /** A healthy canary with steps left moves to the next one once its current step has run its course. */
  private async widenIfDue(remote: RemoteName, stableVersion: string, canary: CanaryView, stable: Figures, since: Date, key: string): Promise<void> {
    const rules = canary.guard;
    const next = rules?.steps?.find((step) => step > canary.percent);
    if (!rules || next === undefined) return;
    const stepStartedAt = canary.stepSince ? new Date(canary.stepSince) : since;
    const series = await versionSeries(this.db, remote, stepStartedAt, 60 * 60_000, [canary.version], { canaryOnly: canary.version });
    const step = series.find((s) => s.version === canary.version)?.total ?? EMPTY;
    if (!stepDue(step, stable, rules, stepStartedAt, this.now())) return;
    const figures: StepFigures = {
      canary: { version: canary.version, ...step },
      stable: { version: stableVersion, ...stable },
      rules,
      step: { percent: canary.percent, next, since: stepStartedAt.toISOString() },
    };
    const reason = describeStep(figures);
    this.log.info({ remote, canary: canary.version, figures }, `widening the canary: ${reason}`);
    const outcome = await this.widen(remote, canary.version, reason, figures);
    if (!outcome.widened) {
      this.holdUntil.set(key, this.now().getTime() + this.options.retryAfterMs);
      this.log.warn({ remote, canary: canary.version, output: outcome.message }, 'the canary guard could not widen the canary');
    }
  }
}

const EMPTY: Figures = { visits: 0, errors: 0, errorRate: null, fallbacks: 0, p50: null, p75: null, p95: null };

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

/** The history's "why" of a step taken by the guard, with the figures in words. */
export function describeStep(figures: StepFigures): string {
  const { canary, stable, step } = figures;
  const action = step.next >= 100 ? 'promoting it' : `widening to ${step.next}%`;
  return `canary guard: healthy at ${step.percent}% (error rate ${percent(canary.errorRate ?? 0)} against ${percent(stable.errorRate ?? 0)} on ${stable.version}, p75 load ${ms(canary.p75)} against ${ms(stable.p75)}, over ${canary.visits} visits); ${action}`;
}
