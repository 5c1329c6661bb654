import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'node:test';
import { readHistory, readPointer } from './pointer-store.mjs';
import { fakeDist, fakeShellDist, releaseEnv, temporaryDir } from './fixtures.mjs';

const cli = fileURLToPath(new URL('./cli.mjs', import.meta.url));

function release(env, ...args) {
  const result = spawnSync(process.execPath, [cli, ...args], { env: { ...process.env, ...env }, encoding: 'utf8' });
  return { code: result.status, out: result.stdout, err: result.stderr };
}

function setUp() {
  const dir = temporaryDir();
  const env = releaseEnv(dir, { REMOTE_ORIGIN_BILLING: 'http://localhost:7176', SHELL_ORIGIN: 'http://127.0.0.1:9' });
  fakeShellDist(env.SHELL_DIST);
  const publish = (version, requires) => {
    const out = release(
      env,
      'publish',
      'billing',
      '--dist',
      fakeDist(join(dir, `dist-${version}`), { requires, marker: version }),
      '--version',
      version,
      '--allow-dirty',
    );
    assert.equal(out.code, 0, out.err);
    return /Published billing (\S+)/.exec(out.out)[1];
  };
  return { env, publish };
}

test('promote, promote again and roll back twice walk the live version back in order', () => {
  const { env, publish } = setUp();
  const v1 = publish('1.0.0');
  const v2 = publish('1.1.0');
  const v3 = publish('1.2.0');

  assert.match(
    release(env, 'promote', 'billing', v1, '-m', 'first', '--no-smoke').out,
    new RegExp(`billing: live \\(none\\) -> ${v1.replace(/[+.]/g, '\\$&')}`),
  );
  release(env, 'promote', 'billing', v2, '-m', 'second', '--no-smoke');
  release(env, 'promote', 'billing', v3, '-m', 'third', '--no-smoke');
  const pointer = readPointer(env.REMOTES_POINTER);
  assert.equal(pointer.remotes.billing.entry, `http://localhost:7176/releases/${v3}/remoteEntry.js`);

  assert.match(release(env, 'rollback', 'billing', '-m', 'broken prices', '--no-smoke').out, /rolled back/);
  assert.equal(readPointer(env.REMOTES_POINTER).remotes.billing.version, v2);
  release(env, 'rollback', 'billing', '-m', 'still broken', '--no-smoke');
  assert.equal(readPointer(env.REMOTES_POINTER).remotes.billing.version, v1);
  const last = release(env, 'rollback', 'billing', '-m', 'again', '--no-smoke');
  assert.equal(last.code, 1);
  assert.match(last.err, /no earlier live version/);

  const history = readHistory(join(env.REMOTES_POINTER.replace(/\.json$/, '.history.jsonl')));
  assert.deepEqual(
    history.filter((entry) => entry.action !== 'publish').map((entry) => `${entry.action} ${entry.to} ${entry.actor}: ${entry.reason}`),
    [
      `promote ${v1} Ada (test): first`,
      `promote ${v2} Ada (test): second`,
      `promote ${v3} Ada (test): third`,
      `rollback ${v2} Ada (test): broken prices`,
      `rollback ${v1} Ada (test): still broken`,
    ],
  );
  const list = release(env, 'list', 'billing').out;
  assert.match(list, new RegExp(`${v1.replace(/[+.]/g, '\\$&')}.*\\[LIVE\\]`));
});

test('a promote or canary of a build that needs another shared contract is refused, saying what does not match', () => {
  const { env, publish } = setUp();
  const good = publish('1.0.0');
  const incompatible = publish('2.0.0', { '@reelmint/shared': '^2.0.0', react: '^19.0.0' });
  release(env, 'promote', 'billing', good, '-m', 'base', '--no-smoke');
  for (const args of [
    ['promote', 'billing', incompatible],
    ['canary', 'billing', incompatible, '10'],
  ]) {
    const refused = release(env, ...args, '-m', 'try', '--no-smoke');
    assert.equal(refused.code, 2);
    assert.match(refused.err, /Refused: billing 2\.0\.0\+\S+ is not compatible with the live shell/);
    assert.match(refused.err, /@reelmint\/shared: the build requires \^2\.0\.0, but the live shell provides 1\.0\.0/);
  }
  assert.equal(readPointer(env.REMOTES_POINTER).remotes.billing.version, good);
});

test('a canary needs a share between 0 and 100 and a reason; promoting it ends it', () => {
  const { env, publish } = setUp();
  const v1 = publish('1.0.0');
  const v2 = publish('1.1.0');
  release(env, 'promote', 'billing', v1, '-m', 'base', '--no-smoke');
  assert.match(release(env, 'canary', 'billing', v2, '100', '-m', 'all', '--no-smoke').err, /above 0 and below 100/);
  assert.match(release(env, 'canary', 'billing', v2, '20', '--no-smoke').err, /needs --reason/);
  assert.match(release(env, 'canary', 'billing', '9.9.9', '20', '-m', 'x', '--no-smoke').err, /9\.9\.9 is not published/);

  assert.match(release(env, 'canary', 'billing', v2, '20', '-m', 'trial', '--no-smoke').out, /for 20% of visitors/);
  const { since, stepSince, ...canary } = readPointer(env.REMOTES_POINTER).remotes.billing.canary;
  assert.deepEqual(canary, { version: v2, entry: `http://localhost:7176/releases/${v2}/remoteEntry.js`, percent: 20 });
  assert.ok(Date.parse(since) > Date.now() - 60_000, 'a canary records when it began, for its figures');
  assert.equal(stepSince, since, 'its first share is its first step');
  assert.match(release(env, 'status').out, /canary .* for 20% of visitors/);

  const promoted = release(env, 'promote', 'billing', v2, '-m', 'trial went well');
  assert.match(promoted.out, /canary .* ended/);
  assert.match(promoted.out, /Smoke check skipped: the site at http:\/\/127\.0\.0\.1:9 is not running/);
  assert.equal(readPointer(env.REMOTES_POINTER).remotes.billing.canary, undefined);

  release(env, 'canary', 'billing', v1, '30', '-m', 'compare', '--no-smoke');
  assert.match(release(env, 'canary', 'billing', 'off', '-m', 'done').out, /stopped; everyone gets/);

  // Rolled back to the very version on trial: everyone has it, so the trial ends instead of trying it on itself.
  release(env, 'canary', 'billing', v1, '30', '-m', 'compare again', '--no-smoke');
  const rolledBack = release(env, 'rollback', 'billing', '-m', 'back to the first', '--no-smoke');
  assert.match(rolledBack.out, new RegExp(`canary ${v1.replace(/[+.]/g, '\\$&')} ended`));
  const pointer = readPointer(env.REMOTES_POINTER).remotes.billing;
  assert.equal(pointer.version, v1);
  assert.equal(pointer.canary, undefined);
});

test('a guarded canary keeps its rules and start when widened; the guard stops it with its figures in the history', () => {
  const { env, publish } = setUp();
  const v1 = publish('1.0.0');
  const v2 = publish('1.1.0');
  release(env, 'promote', 'billing', v1, '-m', 'base', '--no-smoke');
  assert.match(
    release(env, 'canary', 'billing', v2, '10', '-m', 'trial', '--guard', '--min-visits', '1.5', '--no-smoke').err,
    /--min-visits must be a whole number/,
  );
  const started = release(env, 'canary', 'billing', v2, '10', '-m', 'trial', '--guard', '--min-visits', '20', '--error-margin', '2', '--no-smoke');
  assert.match(started.out, /guarded: stops itself after 20 visits if its error rate is over 2% points or its p75 load time over 25% worse than 1\.0\.0/);
  const first = readPointer(env.REMOTES_POINTER).remotes.billing.canary;
  assert.deepEqual(first.guard, { minVisits: 20, errorMargin: 0.02, p75Margin: 0.25 });
  release(env, 'canary', 'billing', v2, '40', '-m', 'wider', '--no-smoke');
  const widened = readPointer(env.REMOTES_POINTER).remotes.billing.canary;
  assert.equal(widened.percent, 40);
  assert.deepEqual(widened.guard, first.guard);
  assert.equal(widened.since, first.since, 'widening keeps counting from the start of the canary');

  const figures = { tripped: ['error-rate'], canary: { version: v2, visits: 20, errorRate: 0.5 } };
  const stale = release(env, 'guard-stop', 'billing', '--canary-version', v1, '-m', 'bad', '--figures', JSON.stringify(figures), '--no-smoke');
  assert.match(stale.out, /no canary 1\.0\.0\S* any more; nothing changed/);
  const stopped = release(
    { ...env, RELEASE_ACTOR: 'canary guard' },
    'guard-stop',
    'billing',
    '--canary-version',
    v2,
    '-m',
    'canary guard: error rate 50%',
    '--figures',
    JSON.stringify(figures),
  );
  assert.equal(stopped.code, 0, stopped.err);
  assert.match(stopped.out, /canary 1\.1\.0\S* stopped by its guard; everyone gets 1\.0\.0/);
  assert.equal(readPointer(env.REMOTES_POINTER).remotes.billing.canary, undefined);
  const last = readHistory(env.REMOTES_POINTER.replace(/\.json$/, '.history.jsonl')).at(-1);
  assert.deepEqual(
    { ...last, at: undefined },
    {
      at: undefined,
      actor: 'canary guard',
      action: 'guard-stop',
      remote: 'billing',
      reason: 'canary guard: error rate 50%',
      from: v2,
      to: v1,
      percent: 40,
      figures,
    },
  );
});

test('a guarded canary with steps is widened by the guard one step at a time, then promoted at 100, each step in the history', () => {
  const { env, publish } = setUp();
  const v1 = publish('1.0.0');
  const v2 = publish('1.1.0');
  release(env, 'promote', 'billing', v1, '-m', 'first', '--no-smoke');
  for (const [args, message] of [
    [['--steps', '25,50,100'], /--steps needs --guard/],
    [['--guard', '--steps', '5,50'], /--steps must be up to 10 shares, rising, above the canary's 10%/],
    [['--guard', '--steps', '50,25'], /rising/],
    [['--guard', '--steps', '25,150'], /at most 100/],
    [['--guard', '--step-minutes', '5'], /--step-minutes goes with --steps/],
  ]) {
    const refused = release(env, 'canary', 'billing', v2, '10', '-m', 'try', '--no-smoke', ...args);
    assert.equal(refused.code, 1, args.join(' '));
    assert.match(refused.err, message);
  }
  assert.equal(readPointer(env.REMOTES_POINTER).remotes.billing.canary, undefined);

  const started = release(env, 'canary', 'billing', v2, '10', '-m', 'step by step', '--no-smoke', '--guard', '--min-visits', '20', '--steps', '50,100');
  assert.equal(started.code, 0, started.err);
  assert.match(started.out, /widens while healthy to 50%, 100% \(each step at least 20 visits and 10 minutes\); at 100% it is promoted/);
  const since = readPointer(env.REMOTES_POINTER).remotes.billing.canary.since;
  const figures = JSON.stringify({ canary: { version: v2, visits: 25, errorRate: 0 }, stable: { version: v1, visits: 200, errorRate: 0 } });
  const widen = () => release(env, 'guard-widen', 'billing', '--canary-version', v2, '-m', 'healthy', '--figures', figures, '--no-smoke');

  assert.equal(widen().code, 0);
  const widened = readPointer(env.REMOTES_POINTER).remotes.billing;
  assert.equal(widened.version, v1);
  assert.equal(widened.canary.percent, 50);
  // The canary keeps its start; its new step starts now.
  assert.equal(widened.canary.since, since);
  assert.ok(widened.canary.stepSince >= since);

  assert.equal(widen().code, 0);
  const promoted = readPointer(env.REMOTES_POINTER).remotes.billing;
  assert.equal(promoted.version, v2);
  assert.equal(promoted.canary, undefined);
  assert.equal(promoted.previous.at(-1), v1);
  // Nothing left to widen: the guard's late call changes nothing.
  assert.match(widen().out, /nothing changed/);

  const steps = readHistory(env.REMOTES_POINTER.replace(/\.json$/, '.history.jsonl')).filter((entry) => entry.action.startsWith('guard-'));
  assert.deepEqual(
    steps.map((entry) => [entry.action, entry.from, entry.to, entry.actor]),
    [
      ['guard-widen', `${v2} 10%`, `${v2} 50%`, 'Ada (test)'],
      ['guard-promote', v1, v2, 'Ada (test)'],
    ],
  );
  assert.equal(steps[1].figures.canary.visits, 25);
});

test('unknown remotes and commands print what is possible', () => {
  const { env } = setUp();
  assert.match(release(env, 'list', 'payments').err, /"payments" is not a remote\. Remotes: marketing, generator, billing/);
  const usage = release(env, 'deploy');
  assert.equal(usage.code, 1);
  assert.match(usage.out, /Usage: npm run release -- <command>/);
});
