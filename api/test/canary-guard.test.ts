import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeStep, judge, stepDue } from '../src/release/canary-guard.ts';
import type { GuardFigures, StepFigures, StopCanary, WidenCanary } from '../src/release/canary-guard.ts';
import { openReleaseSource, watchReport } from '@reelmint/release/dashboard';
import { call, createTestApp, setPointer } from './helpers.ts';
import type { TestApp } from './helpers.ts';

const STABLE = '1.4.2+3f9c0d1e2a';
const CANARY = '1.5.0+7ab1c2d3e4';
const RULES = { minVisits: 10, errorMargin: 0.05, p75Margin: 0.25 };
const figures = (visits: number, errors: number, p75: number | null) => ({
  visits,
  errors,
  errorRate: visits ? errors / visits : null,
  fallbacks: 0,
  p50: p75,
  p75,
  p95: p75,
});

describe('the canary guard rule', () => {
  it('waits for the minimum number of visits', () => {
    expect(judge(figures(9, 9, 100), figures(100, 0, 100), RULES)).toEqual([]);
  });
  it('trips on an error rate worse than stable by more than the margin, not within it', () => {
    expect(judge(figures(20, 2, 100), figures(100, 1, 100), RULES)).toEqual(['error-rate']);
    expect(judge(figures(20, 1, 100), figures(100, 1, 100), RULES)).toEqual([]);
  });
  it('trips on a p75 load time worse than stable by more than the margin', () => {
    expect(judge(figures(20, 0, 1300), figures(100, 0, 1000), RULES)).toEqual(['p75']);
    expect(judge(figures(20, 0, 1200), figures(100, 0, 1000), RULES)).toEqual([]);
  });
  it('compares the error rate with an error-free stable when stable has no visits yet, and leaves p75 alone', () => {
    expect(judge(figures(10, 1, 5000), figures(0, 0, null), RULES)).toEqual(['error-rate']);
    expect(judge(figures(10, 0, 5000), figures(0, 0, null), RULES)).toEqual([]);
  });
});

describe.each(['file', 'database'] as const)('the canary guard on real reports, with the pointer in the %s store', (pointerStore) => {
  let t: TestApp;
  const stops: Array<{ remote: string; version: string; reason: string; figures: GuardFigures }> = [];
  let stopWorks = true;
  const stop: StopCanary = async (remote, version, reason, seen) => {
    stops.push({ remote, version, reason, figures: seen });
    return stopWorks ? { stopped: true, message: 'stopped' } : { stopped: false, message: 'Smoke check FAILED' };
  };

  beforeAll(async () => {
    t = await createTestApp({ canaryGuard: { stop, intervalMs: 60 * 60_000, retryAfterMs: 60 * 60_000 }, releaseFiles: { pointerStore } });
    for (const version of [STABLE, CANARY]) {
      const dir = join(t.dataDir, 'releases', 'mfe-billing', version);
      await mkdir(dir, { recursive: true });
      await writeFile(join(dir, 'release.json'), JSON.stringify({ version }));
    }
    await setPointer(
      t.releaseFiles,
      { action: 'canary', remote: 'billing', actor: 'Grace', reason: 'new plan cards' },
      {
        remotes: {
          billing: {
            version: STABLE,
            entry: 'http://x/remoteEntry.js',
            canary: { version: CANARY, entry: 'http://y/remoteEntry.js', percent: 50, since: new Date(Date.now() - 60_000).toISOString(), guard: RULES },
          },
        },
      },
    );
  });
  afterAll(async () => t.close());

  const report = (events: unknown[]) => call(t.app, 'POST', '/api/telemetry/remotes', { body: { events } });
  const visit = (version: string, canary: boolean, broken: boolean) =>
    broken
      ? [
          { remote: 'billing', version, canary, kind: 'load', ms: 300 },
          { remote: 'billing', version, canary, kind: 'render-error', detail: 'TypeError' },
        ]
      : [{ remote: 'billing', version, canary, kind: 'load', ms: 300 }];

  it('leaves a healthy canary alone, and stops a broken one once it has enough visits, with the figures', async () => {
    for (let i = 0; i < 10; i += 1) await report(visit(STABLE, false, false));
    for (let i = 0; i < 9; i += 1) await report(visit(CANARY, true, true));
    await t.app.canaryGuard!.check();
    expect(stops).toEqual([]);

    await report(visit(CANARY, true, true));
    await t.app.canaryGuard!.check();
    expect(stops).toHaveLength(1);
    expect(stops[0]).toMatchObject({ remote: 'billing', version: CANARY });
    expect(stops[0]!.figures).toMatchObject({
      tripped: ['error-rate'],
      canary: { version: CANARY, visits: 10, errors: 10, errorRate: 1 },
      stable: { version: STABLE, visits: 10, errorRate: 0 },
      rules: RULES,
    });
    expect(stops[0]!.reason).toBe(`canary guard: error rate 100% against 0% on ${STABLE} (margin 5% points) over 10 visits`);
  });

  it('shows the same figures in the terminal report of `release watch`, read from the same store', async () => {
    const source = await openReleaseSource(t.releaseFiles);
    const report = await watchReport(t.app.services.db, source, new Date(), 60).finally(() => source.close());
    const lines = report.split('\n');
    expect(lines.find((line) => line.includes('live') && line.includes(STABLE))).toMatch(/\s10\s+0\s+0\.0%\s+300 ms\s+300 ms\s+300 ms$/);
    expect(lines.find((line) => line.includes('50%') && line.includes(CANARY))).toMatch(/\s10\s+10\s+100\.0%/);
    expect(report).toContain('guard: stops after 10 visits at +5.0% errors or +25.0% p75');
    expect(lines.filter((line) => line === '  not in the pointer')).toHaveLength(2);
  });

  it('after a stop that did not happen, waits before trying again', async () => {
    stopWorks = false;
    stops.length = 0;
    await t.app.canaryGuard!.check();
    expect(stops).toHaveLength(1);
    await t.app.canaryGuard!.check();
    expect(stops).toHaveLength(1);
  });
});

describe('when a healthy guarded canary takes its next step', () => {
  const STEPPED = { ...RULES, steps: [25, 50, 100], stepMinutes: 10 };
  const start = new Date('2026-11-23T10:00:00.000Z');
  const at = (minutes: number) => new Date(start.getTime() + minutes * 60_000);
  it('waits for the minimum visits in the step, for stable to have as many, and for the minimum time', () => {
    expect(stepDue(figures(9, 0, 100), figures(100, 0, 100), STEPPED, start, at(30))).toBe(false);
    expect(stepDue(figures(10, 0, 100), figures(9, 0, 100), STEPPED, start, at(30))).toBe(false);
    expect(stepDue(figures(10, 0, 100), figures(100, 0, 100), STEPPED, start, at(9))).toBe(false);
    expect(stepDue(figures(10, 0, 100), figures(100, 0, 100), STEPPED, start, at(10))).toBe(true);
  });
  it('never widens a canary doing worse over the step, nor one without steps', () => {
    expect(stepDue(figures(20, 2, 100), figures(100, 1, 100), STEPPED, start, at(30))).toBe(false);
    expect(stepDue(figures(20, 0, 1300), figures(100, 0, 1000), STEPPED, start, at(30))).toBe(false);
    expect(stepDue(figures(20, 0, 100), figures(100, 0, 100), RULES, start, at(30))).toBe(false);
  });
});

describe.each(['file', 'database'] as const)('a stepped canary on real reports, with the pointer in the %s store', (pointerStore) => {
  let t: TestApp;
  const stops: string[] = [];
  const widenings: StepFigures[] = [];
  const stop: StopCanary = async (_remote, version) => {
    stops.push(version);
    return { stopped: true, message: 'stopped' };
  };
  const widen: WidenCanary = async (_remote, _version, _reason, seen) => {
    widenings.push(seen);
    return { widened: true, message: 'widened' };
  };
  const rules = { minVisits: 5, errorMargin: 0.05, p75Margin: 0.25, steps: [50, 100], stepMinutes: 0 };

  beforeAll(async () => {
    t = await createTestApp({ canaryGuard: { stop, widen, intervalMs: 60 * 60_000, retryAfterMs: 60 * 60_000 }, releaseFiles: { pointerStore } });
    for (const version of [STABLE, CANARY]) {
      const dir = join(t.dataDir, 'releases', 'mfe-billing', version);
      await mkdir(dir, { recursive: true });
      await writeFile(join(dir, 'release.json'), JSON.stringify({ version }));
    }
    const since = new Date(Date.now() - 60_000).toISOString();
    await setPointer(
      t.releaseFiles,
      { action: 'canary', remote: 'billing', actor: 'Grace', reason: 'step by step' },
      {
        remotes: {
          billing: {
            version: STABLE,
            entry: 'http://x/remoteEntry.js',
            canary: { version: CANARY, entry: 'http://y/remoteEntry.js', percent: 10, since, stepSince: since, guard: rules },
          },
        },
      },
    );
  });
  afterAll(async () => t.close());

  const report = (events: unknown[]) => call(t.app, 'POST', '/api/telemetry/remotes', { body: { events } });
  const load = (version: string, canary: boolean) => ({ remote: 'billing', version, canary, kind: 'load', ms: 300 });

  it('widens to the next step once the step has its visits, with the figures of that step', async () => {
    for (let i = 0; i < 5; i += 1) await report([load(STABLE, false)]);
    for (let i = 0; i < 4; i += 1) await report([load(CANARY, true)]);
    await t.app.canaryGuard!.check();
    expect(widenings).toEqual([]);

    await report([load(CANARY, true)]);
    await t.app.canaryGuard!.check();
    expect(stops).toEqual([]);
    expect(widenings).toHaveLength(1);
    expect(widenings[0]).toMatchObject({
      step: { percent: 10, next: 50 },
      canary: { version: CANARY, visits: 5, errors: 0, errorRate: 0 },
      stable: { version: STABLE, visits: 5 },
      rules,
    });
    expect(describeStep(widenings[0]!)).toBe(
      `canary guard: healthy at 10% (error rate 0% against 0% on ${STABLE}, p75 load 300 ms against 300 ms, over 5 visits); widening to 50%`,
    );
  });

  it('still stops a canary whose figures turn worse, instead of widening it', async () => {
    widenings.length = 0;
    for (let i = 0; i < 5; i += 1)
      await report([load(CANARY, true), { remote: 'billing', version: CANARY, canary: true, kind: 'render-error', detail: 'TypeError' }]);
    await t.app.canaryGuard!.check();
    expect(stops).toEqual([CANARY]);
    expect(widenings).toEqual([]);
  });
});
