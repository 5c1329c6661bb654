import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { setTimeout as delay } from 'node:timers/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stopWithReleaseCli, widenWithReleaseCli } from '../src/release/canary-guard.ts';
import { releaseRunner } from '@reelmint/release';
import type { ReleaseRunner } from '@reelmint/release';
import { RELEASE_MANAGER } from '@reelmint/contract/account-api';
import { grantRole } from '@reelmint/release/dashboard';
import { call, createTestApp, setPointer, signUp } from './helpers.ts';
import type { TestApp } from './helpers.ts';

const STABLE = '1.4.2+3f9c0d1e2a';
const CANARY = '1.5.0+7ab1c2d3e4';

async function publish(t: TestApp, version: string, publishedAt: string) {
  const dir = join(t.dataDir, 'releases', 'mfe-billing', version);
  await mkdir(dir, { recursive: true });
  await writeFile(
    join(dir, 'release.json'),
    JSON.stringify({
      version,
      publishedAt,
      publishedBy: 'Ada',
      reason: 'spring prices',
      sharedContract: '^1.0.0',
      build: { commit: version.split('+')[1], dirty: false, builtAt: publishedAt },
    }),
  );
}

const STORES = ['file', 'database'] as const;

/** Tests that run the real release commands several times (a few seconds apiece on a busy machine). */
const CLI_TIMEOUT = 180_000;

describe.each(STORES)('the release dashboard API, with the pointer in the %s store', (pointerStore) => {
  let t: TestApp;
  let manager: string;
  let visitor: string;
  let clock = Date.parse('2026-11-23T10:30:00.000Z');
  beforeAll(async () => {
    t = await createTestApp({ now: () => new Date(clock), releaseFiles: { pointerStore } });
    const m = await signUp(t.app, 'Manager');
    manager = m.token;
    expect(await grantRole(t.app.services.db, m.email, RELEASE_MANAGER, 'test', new Date())).toBe('granted');
    expect(await grantRole(t.app.services.db, m.email.toUpperCase(), RELEASE_MANAGER, 'test', new Date())).toBe('already');
    expect(await grantRole(t.app.services.db, 'nobody@example.com', RELEASE_MANAGER, 'test', new Date())).toBe('no-account');
    visitor = (await signUp(t.app, 'Visitor')).token;
    await publish(t, STABLE, '2026-11-20T09:00:00.000Z');
    await publish(t, CANARY, '2026-11-22T09:00:00.000Z');
    const live = { version: STABLE, entry: 'http://localhost:5176/releases/x/remoteEntry.js', previous: ['local'] };
    await setPointer(
      t.releaseFiles,
      { action: 'promote', remote: 'billing', actor: 'Ada', reason: 'spring prices', from: 'local', to: STABLE },
      { remotes: { billing: live } },
    );
    await setPointer(
      t.releaseFiles,
      { action: 'canary', remote: 'billing', actor: 'Grace', reason: 'new plan cards', from: null, to: `${CANARY} 10%` },
      { remotes: { billing: { ...live, canary: { version: CANARY, entry: 'http://x/remoteEntry.js', percent: 10 } } } },
    );
  });
  afterAll(async () => t.close());

  it('names the role in the account the API answers, so the site offers the dashboard only to release managers', async () => {
    expect((await call(t.app, 'GET', '/api/auth/me', { token: manager })).body.data.roles).toEqual([RELEASE_MANAGER]);
    expect((await call(t.app, 'GET', '/api/auth/me', { token: visitor })).body.data.roles).toEqual([]);
  });

  it('answers 401 without a session and 403 to an account without the role', async () => {
    for (const url of ['/api/release/overview', '/api/release/metrics?remote=billing']) {
      expect((await call(t.app, 'GET', url)).status).toBe(401);
      const refused = await call(t.app, 'GET', url, { token: visitor });
      expect(refused.status).toBe(403);
      expect(refused.body.error).toBe('FORBIDDEN');
    }
  });

  it("shows a manager each remote's live version, canary and share, published builds, and the history newest first", async () => {
    const reply = await call(t.app, 'GET', '/api/release/overview', { token: manager });
    expect(reply.status).toBe(200);
    expect(reply.body.data.pointerStore).toBe(pointerStore);
    const billing = reply.body.data.remotes.find((remote: { name: string }) => remote.name === 'billing');
    expect(billing).toMatchObject({ live: STABLE, canary: { version: CANARY, percent: 10 }, rollbackTo: 'local' });
    expect(billing.published.map((release: { version: string }) => release.version)).toEqual([CANARY, STABLE]);
    expect(billing.published[1]).toMatchObject({ publishedBy: 'Ada', commit: '3f9c0d1e2a', dirty: false, sharedContract: '^1.0.0' });
    expect(reply.body.data.remotes.find((remote: { name: string }) => remote.name === 'marketing')).toMatchObject({ live: null, canary: null, published: [] });
    expect(reply.body.data.history.map((entry: { actor: string; reason: string }) => [entry.actor, entry.reason])).toEqual([
      ['Grace', 'new plan cards'],
      ['Ada', 'spring prices'],
    ]);
  });

  it('gives per version the error rate and load-time percentiles, in total and per time bucket', async () => {
    const report = (events: unknown[]) => call(t.app, 'POST', '/api/telemetry/remotes', { body: { events } });
    const load = (version: string, ms: number, canary = false) => ({ remote: 'billing', version, canary, kind: 'load', ms });
    // 10:30: the stable version loads four times; the canary loads twice and fails twice.
    expect((await report([100, 200, 300, 400].map((ms) => load(STABLE, ms)))).status).toBe(202);
    expect(
      (
        await report([
          load(CANARY, 900, true),
          load(CANARY, 1100, true),
          { remote: 'billing', version: CANARY, canary: true, kind: 'load-error', detail: 'timeout' },
          { remote: 'billing', version: CANARY, canary: true, kind: 'render-error', detail: 'TypeError' },
        ])
      ).status,
    ).toBe(202);
    // 11:10, the next hour.
    clock = Date.parse('2026-11-23T11:10:00.000Z');
    expect((await report([load(STABLE, 500)])).status).toBe(202);

    const reply = await call(t.app, 'GET', '/api/release/metrics?remote=billing&hours=24&bucket_minutes=60', { token: manager });
    expect(reply.status).toBe(200);
    const [stable, canary] = [STABLE, CANARY].map((version) => reply.body.data.versions.find((series: { version: string }) => series.version === version));
    expect(stable.total).toEqual({ visits: 5, errors: 0, errorRate: 0, fallbacks: 0, p50: 300, p75: 400, p95: 500 });
    expect(stable.canary).toBe(false);
    expect(stable.buckets.map((bucket: { start: string; visits: number }) => [bucket.start, bucket.visits])).toEqual([
      ['2026-11-23T10:00:00.000Z', 4],
      ['2026-11-23T11:00:00.000Z', 1],
    ]);
    expect(canary.canary).toBe(true);
    // Three visits (two loads, one failed load); two errors (the failed load and the render error).
    expect(canary.total).toMatchObject({ visits: 3, errors: 2, p50: 900, p75: 1100 });
    expect(canary.total.errorRate).toBeCloseTo(2 / 3);
  });

  it('refuses a metrics query without a known remote or with a window out of range', async () => {
    for (const query of ['', '?remote=shell', '?remote=billing&hours=0', '?remote=billing&hours=9999', '?remote=billing&bucket_minutes=abc']) {
      const reply = await call(t.app, 'GET', `/api/release/metrics${query}`, { token: manager });
      expect(reply.status, query).toBe(400);
    }
  });
});

/** A build folder shaped like a remote's dist (what `publish --dist` copies). */
/** A billing build that requires this range of the shared contract (the live shell in these tests provides 1.0.0). */
async function fakeDist(dir: string, requiredVersion = '^1.0.0') {
  await mkdir(join(dir, 'assets'), { recursive: true });
  const shared = [{ id: 'billing:@reelmint/shared', name: '@reelmint/shared', version: '0.0.0', singleton: true, requiredVersion }];
  await writeFile(
    join(dir, 'mf-manifest.json'),
    JSON.stringify({ id: 'billing', name: 'billing', metaData: { pluginVersion: '1.23.0' }, shared, exposes: [] }),
  );
  await writeFile(join(dir, 'remoteEntry.js'), 'export {};\n');
  return dir;
}

describe.each(STORES)('release actions from the dashboard, with the pointer in the %s store', (pointerStore) => {
  let t: TestApp;
  let manager: string;
  let visitor: string;
  const versions: string[] = [];
  let work: string;
  let cli: ReleaseRunner;

  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), 'reelmint-release-actions-'));
    const shellDist = join(work, 'shell-dist');
    await mkdir(shellDist, { recursive: true });
    await writeFile(
      join(shellDist, 'mf-manifest.json'),
      JSON.stringify({
        id: 'shell',
        name: 'shell',
        shared: [{ id: 'shell:@reelmint/shared', name: '@reelmint/shared', version: '1.0.0', singleton: true, requiredVersion: '^1.0.0' }],
        exposes: [],
      }),
    );
    const files = {
      releasesDir: join(work, 'releases'),
      pointerFile: join(work, 'remotes.json'),
      historyFile: join(work, 'remotes.history.jsonl'),
      pointerStore,
    };
    t = await createTestApp({ releaseCli: (args, actor) => cli(args, actor), releaseFiles: files });
    // The real CLI on this app's documents; the site it would smoke-check is not running, so that check is skipped.
    cli = releaseRunner(t.releaseFiles, {
      ...process.env,
      SHELL_DIST: shellDist,
      SHELL_ORIGIN: 'http://127.0.0.1:9',
      REMOTE_ORIGIN_BILLING: 'http://localhost:7176',
    });
    for (const version of ['1.0.0', '1.1.0']) {
      const published = await cli(
        ['publish', 'billing', '--dist', await fakeDist(join(t.dataDir, `dist-${version}`)), '--version', version, '--allow-dirty'],
        'test',
      );
      expect(published.code, published.output).toBe(0);
      versions.push(/Published billing (\S+)/.exec(published.output)![1]!);
    }
    const m = await signUp(t.app, 'Grace Hopper');
    manager = m.token;
    await grantRole(t.app.services.db, m.email, RELEASE_MANAGER, 'test', new Date());
    visitor = (await signUp(t.app)).token;
  }, CLI_TIMEOUT);
  afterAll(async () => {
    await t.close();
    await rm(work, { recursive: true, force: true });
  });

  const act = (token: string, body: Record<string, unknown>) => call(t.app, 'POST', '/api/release/actions', { token, body });

  it('refuses people without the role', async () => {
    expect((await act(visitor, { remote: 'billing', action: 'promote', version: versions[0], reason: 'ship it' })).status).toBe(403);
    expect((await call(t.app, 'POST', '/api/release/actions', { body: { remote: 'billing', action: 'rollback', reason: 'undo' } })).status).toBe(401);
  });

  it(
    'promotes, starts a guarded canary, widens and stops it, and rolls back, each recorded with who and why',
    async () => {
      const [v1, v2] = versions as [string, string];
      const promoted = await act(manager, { remote: 'billing', action: 'promote', version: v1, reason: 'first release' });
      expect(promoted.status, JSON.stringify(promoted.body)).toBe(200);
      expect(promoted.body.data.smoke).toBe('skipped');
      const canary = await act(manager, {
        remote: 'billing',
        action: 'canary',
        version: v2,
        percent: 10,
        guard: { minVisits: 30, errorMargin: 5, p75Margin: 25 },
        reason: 'try the new cards',
      });
      expect(canary.status, JSON.stringify(canary.body)).toBe(200);
      expect((await act(manager, { remote: 'billing', action: 'canary', version: v2, percent: 40, reason: 'looks fine, widen' })).status).toBe(200);

      let overview = (await call(t.app, 'GET', '/api/release/overview', { token: manager })).body.data;
      let billing = overview.remotes.find((remote: { name: string }) => remote.name === 'billing');
      expect(billing).toMatchObject({ live: v1, canary: { version: v2, percent: 40, guard: { minVisits: 30, errorMargin: 0.05, p75Margin: 0.25 } } });

      expect((await act(manager, { remote: 'billing', action: 'canary-off', reason: 'trial over' })).status).toBe(200);
      expect((await act(manager, { remote: 'billing', action: 'promote', version: v2, reason: 'second release' })).status).toBe(200);
      expect((await act(manager, { remote: 'billing', action: 'rollback', reason: 'cards broke' })).status).toBe(200);
      overview = (await call(t.app, 'GET', '/api/release/overview', { token: manager })).body.data;
      billing = overview.remotes.find((remote: { name: string }) => remote.name === 'billing');
      expect(billing).toMatchObject({ live: v1, canary: null });
      const changes = overview.history.filter((entry: { action: string }) => entry.action !== 'publish');
      expect(changes.map((entry: { action: string; reason: string }) => `${entry.action}: ${entry.reason}`)).toEqual([
        'rollback: cards broke',
        'promote: second release',
        'canary-off: trial over',
        'canary: looks fine, widen',
        'canary: try the new cards',
        'promote: first release',
      ]);
      expect(new Set(changes.map((entry: { actor: string }) => entry.actor)).size).toBe(1);
      // Every change went to the store the API reads: with the database store, no pointer file is written.
      expect(existsSync(t.releaseFiles.pointerFile)).toBe(pointerStore === 'file');
      expect(changes[0].actor).toMatch(/^Grace Hopper <.+@example\.com> \(dashboard\)$/);
    },
    CLI_TIMEOUT,
  );

  it(
    "stops a guarded canary through the guard's own command, in the same store, with the figures it saw",
    async () => {
      const [v1, v2] = versions as [string, string];
      const started = await act(manager, {
        remote: 'billing',
        action: 'canary',
        version: v2,
        percent: 20,
        guard: { minVisits: 5, errorMargin: 5, p75Margin: 25 },
        reason: 'second try',
      });
      expect(started.status, JSON.stringify(started.body)).toBe(200);
      const seen = {
        canary: { version: v2, visits: 6, errors: 3, errorRate: 0.5, fallbacks: 0, p50: 100, p75: 120, p95: 150 },
        stable: { version: v1, visits: 40, errors: 0, errorRate: 0, fallbacks: 0, p50: 100, p75: 110, p95: 140 },
        rules: { minVisits: 5, errorMargin: 0.05, p75Margin: 0.25 },
        tripped: ['error-rate' as const],
      };
      const outcome = await stopWithReleaseCli(cli)('billing', v2, 'canary guard: error rate 50% against 0%', seen);
      expect(outcome.stopped, outcome.message).toBe(true);
      const overview = (await call(t.app, 'GET', '/api/release/overview', { token: manager })).body.data;
      expect(overview.remotes.find((remote: { name: string }) => remote.name === 'billing')).toMatchObject({ live: v1, canary: null });
      expect(overview.history[0]).toMatchObject({
        action: 'guard-stop',
        actor: 'canary guard',
        from: v2,
        to: v1,
        figures: { canary: { version: v2, errorRate: 0.5 }, stable: { version: v1, errorRate: 0 } },
      });
    },
    CLI_TIMEOUT,
  );

  it(
    'starts a canary with steps, which the guard widens and then promotes, each step recorded with its figures',
    async () => {
      const [v1, v2] = versions as [string, string];
      const refused = await act(manager, {
        remote: 'billing',
        action: 'canary',
        version: v2,
        percent: 30,
        guard: { minVisits: 5, errorMargin: 5, p75Margin: 25, steps: [20, 100], stepMinutes: 5 },
        reason: 'steps that fall',
      });
      expect(refused.status).toBe(400);
      const started = await act(manager, {
        remote: 'billing',
        action: 'canary',
        version: v2,
        percent: 10,
        guard: { minVisits: 5, errorMargin: 5, p75Margin: 25, steps: [50, 100], stepMinutes: 5 },
        reason: 'step by step',
      });
      expect(started.status, JSON.stringify(started.body)).toBe(200);
      const billingOf = async () =>
        (await call(t.app, 'GET', '/api/release/overview', { token: manager })).body.data.remotes.find((remote: { name: string }) => remote.name === 'billing');
      expect((await billingOf()).canary).toMatchObject({ percent: 10, guard: { steps: [50, 100], stepMinutes: 5 } });

      const healthy = (percent: number, next: number) => ({
        canary: { version: v2, visits: 8, errors: 0, errorRate: 0, fallbacks: 0, p50: 100, p75: 110, p95: 150 },
        stable: { version: v1, visits: 80, errors: 0, errorRate: 0, fallbacks: 0, p50: 100, p75: 110, p95: 140 },
        rules: { minVisits: 5, errorMargin: 0.05, p75Margin: 0.25, steps: [50, 100], stepMinutes: 5 },
        step: { percent, next, since: new Date().toISOString() },
      });
      const widened = await widenWithReleaseCli(cli)('billing', v2, 'canary guard: healthy at 10%; widening to 50%', healthy(10, 50));
      expect(widened.widened, widened.message).toBe(true);
      expect(await billingOf()).toMatchObject({ live: v1, canary: { version: v2, percent: 50, guard: { steps: [50, 100] } } });

      const promoted = await widenWithReleaseCli(cli)('billing', v2, 'canary guard: healthy at 50%; promoting it', healthy(50, 100));
      expect(promoted.widened, promoted.message).toBe(true);
      expect(await billingOf()).toMatchObject({ live: v2, canary: null, rollbackTo: v1 });

      const history = (await call(t.app, 'GET', '/api/release/overview', { token: manager })).body.data.history;
      expect(history.slice(0, 2)).toMatchObject([
        {
          action: 'guard-promote',
          actor: 'canary guard',
          from: v1,
          to: v2,
          reason: 'canary guard: healthy at 50%; promoting it',
          figures: { canary: { visits: 8 } },
        },
        { action: 'guard-widen', actor: 'canary guard', from: `${v2} 10%`, to: `${v2} 50%`, figures: { canary: { errorRate: 0 }, stable: { version: v1 } } },
      ]);
      // Back to the first version for the tests that follow.
      expect((await act(manager, { remote: 'billing', action: 'rollback', reason: 'back to the first' })).status).toBe(200);
    },
    CLI_TIMEOUT,
  );

  it(
    'refuses a build the live shell cannot host, as the command line does, and changes nothing',
    async () => {
      const published = await cli(
        ['publish', 'billing', '--dist', await fakeDist(join(t.dataDir, 'dist-2.0.0'), '^2.0.0'), '--version', '2.0.0', '--allow-dirty'],
        'test',
      );
      expect(published.code, published.output).toBe(0);
      const incompatible = /Published billing (\S+)/.exec(published.output)![1]!;
      const before = (await call(t.app, 'GET', '/api/release/overview', { token: manager })).body.data;
      for (const body of [
        { remote: 'billing', action: 'promote', version: incompatible, reason: 'the new contract' },
        { remote: 'billing', action: 'canary', version: incompatible, percent: 10, reason: 'the new contract, carefully' },
      ]) {
        const refused = await act(manager, body);
        expect(refused.status).toBe(409);
        expect(refused.body).toMatchObject({
          error: 'INCOMPATIBLE',
          message: expect.stringMatching(/@reelmint\/shared: the build requires \^2\.0\.0, but the live shell provides 1\.0\.0/),
        });
      }
      const after = (await call(t.app, 'GET', '/api/release/overview', { token: manager })).body.data;
      expect(after.remotes.find((remote: { name: string }) => remote.name === 'billing')).toMatchObject({
        live: before.remotes.find((remote: { name: string }) => remote.name === 'billing').live,
        canary: null,
      });
      expect(after.history.filter((entry: { action: string }) => entry.action !== 'publish')).toEqual(
        before.history.filter((entry: { action: string }) => entry.action !== 'publish'),
      );
    },
    CLI_TIMEOUT,
  );

  it('says why a change is refused, and changes nothing', async () => {
    const before = (await call(t.app, 'GET', '/api/release/overview', { token: manager })).body.data;
    const unpublished = await act(manager, { remote: 'billing', action: 'promote', version: '9.9.9', reason: 'typo' });
    expect(unpublished.status).toBe(409);
    expect(unpublished.body).toMatchObject({ error: 'RELEASE_REFUSED', message: expect.stringMatching(/9\.9\.9 is not published/) });
    expect((await act(manager, { remote: 'billing', action: 'canary', reason: 'no version' })).status).toBe(400);
    expect((await act(manager, { remote: 'billing', action: 'promote', version: versions[0], reason: '  ' })).status).toBe(400);
    const after = (await call(t.app, 'GET', '/api/release/overview', { token: manager })).body.data;
    expect(after.remotes).toEqual(before.remotes);
  });
});

describe('a change from the dashboard that takes longer than the idle limit', () => {
  it('keeps its connection until it answers, and runs once', async () => {
    const runs: string[][] = [];
    // Stands in for a smoke check on a slow machine: the change answers after the server's idle limit has passed.
    // The limit is a second, not less: on a machine busy with other suites (video renders), the server can take a few
    // hundred milliseconds to read a request that arrived at once, and a shorter limit then cut it before the route
    // could lift it, which is not what this test is about.
    const slowCli: ReleaseRunner = async (args) => {
      runs.push(args);
      await delay(2_500);
      return { code: 0, output: 'billing: live local -> 1.0.0\nSmoke check passed' };
    };
    const t = await createTestApp({ releaseCli: slowCli, timeouts: { idleMs: 1_000 } });
    try {
      const m = await signUp(t.app, 'Slow Manager');
      await grantRole(t.app.services.db, m.email, RELEASE_MANAGER, 'test', new Date());
      const origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
      const response = await fetch(`${origin}/api/release/actions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${m.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ remote: 'billing', action: 'promote', version: '1.0.0', reason: 'slow but sure' }),
      });
      expect(response.status).toBe(200);
      expect(((await response.json()) as { data: { smoke: string } }).data.smoke).toBe('passed');
      expect(runs).toHaveLength(1);
    } finally {
      await t.close();
    }
  });
});
