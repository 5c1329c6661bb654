import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'node:test';
import { readHistory, readPointer } from './pointer-store.mjs';
import { listen } from './origin-server.mjs';
import { fakeDist, fakeShellDist, releaseEnv, temporaryDir } from './fixtures.mjs';

const cli = fileURLToPath(new URL('./cli.mjs', import.meta.url));

/** Runs the CLI without blocking this process, which serves the site the CLI checks. */
function release(env, ...args) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli, ...args], { env: { ...process.env, ...env } });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => (err += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, out, err }));
  });
}

/** A site that is up (its pointer answers) but whose pages drop the connection, so navigation fails. */
async function brokenSite(t) {
  const server = createServer((req, res) => {
    if (req.url === '/remotes.json') {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end('{"remotes":{}}');
      return;
    }
    req.socket.destroy();
  });
  await listen(server, 0);
  t.after(() => server.close());
  return `http://127.0.0.1:${server.address().port}`;
}

async function setUp(t, extra = {}) {
  const dir = temporaryDir();
  const env = releaseEnv(dir, { REMOTE_ORIGIN_BILLING: 'http://localhost:7176', SHELL_ORIGIN: await brokenSite(t), ...extra });
  fakeShellDist(env.SHELL_DIST);
  const published = await release(env, 'publish', 'billing', '--dist', fakeDist(join(dir, 'dist')), '--version', '1.0.0', '--allow-dirty');
  assert.equal(published.code, 0, published.err);
  return { env, version: /Published billing (\S+)/.exec(published.out)[1] };
}

test('a page that cannot be opened fails the smoke check: exit 3 with the rollback command, no stack trace', async (t) => {
  const { env, version } = await setUp(t);
  const promoted = await release(env, 'promote', 'billing', version, '-m', 'ship');
  assert.equal(promoted.code, 3, promoted.err);
  assert.match(promoted.err, /Smoke check FAILED: \/pricing could not be opened \(.*ERR_/);
  assert.match(promoted.err, /Roll back with: npm run release -- rollback billing --reason/);
  assert.doesNotMatch(promoted.err, /^\s+at /m);
  assert.equal(readPointer(env.REMOTES_POINTER).remotes.billing.version, version, 'the promote itself stands until rolled back');
});

test('a browser that cannot start skips the smoke check and says how to fix it', async (t) => {
  const { env, version } = await setUp(t, { CHROMIUM_PATH: '/nonexistent/chromium' });
  const promoted = await release(env, 'promote', 'billing', version, '-m', 'ship');
  assert.equal(promoted.code, 0, promoted.err);
  assert.match(promoted.out, /Smoke check skipped: Chromium could not start from \/nonexistent\/chromium .*set CHROMIUM_PATH/);
  assert.match(promoted.out, /npm run release -- smoke billing/);
  assert.equal(promoted.err, '');
});

test('a guard stop whose smoke check of the stable version fails leaves the canary running and records why', async (t) => {
  const { env, version } = await setUp(t);
  const other = await release(env, 'publish', 'billing', '--dist', fakeDist(join(temporaryDir(), 'dist')), '--version', '1.1.0', '--allow-dirty');
  const canary = /Published billing (\S+)/.exec(other.out)[1];
  assert.equal((await release(env, 'promote', 'billing', version, '-m', 'base', '--no-smoke')).code, 0);
  assert.equal((await release(env, 'canary', 'billing', canary, '50', '-m', 'trial', '--guard', '--no-smoke')).code, 0);
  const figures = { tripped: ['error-rate'], canary: { version: canary, visits: 60, errorRate: 0.9 } };
  const stop = await release(
    { ...env, RELEASE_ACTOR: 'canary guard' },
    'guard-stop',
    'billing',
    '--canary-version',
    canary,
    '-m',
    'canary guard: error rate 90%',
    '--figures',
    JSON.stringify(figures),
  );
  assert.equal(stop.code, 3, stop.err);
  assert.match(stop.err, /Smoke check of billing 1\.0\.0\S* FAILED: \/pricing could not be opened.*The canary \S+ was left running/);
  assert.equal(readPointer(env.REMOTES_POINTER).remotes.billing.canary.version, canary, 'the pointer is unchanged');
  const last = readHistory(env.REMOTES_POINTER.replace(/\.json$/, '.history.jsonl')).at(-1);
  assert.equal(last.action, 'guard-stop-failed');
  assert.equal(last.actor, 'canary guard');
  assert.deepEqual(last.figures, figures);
  assert.match(last.reason, /not stopped: the smoke check of 1\.0\.0\S* failed/);
});
