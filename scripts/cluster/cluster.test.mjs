// The cluster as `npm run start:cluster` runs it, on the builds in the workspaces (npm run build first), its data in
// a folder of its own. Slow (every engine starts): `npm run test:cluster`, not part of `npm test`. Its ports are the
// cluster's, so it runs in a network namespace of its own beside anything else:
//   unshare -n bash -c 'ip link set lo up && npm run test:cluster'
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, readdirSync, readlinkSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { NODE24 } from '../node24.mjs';
import { alive, until } from './harness.mjs';
import { CLUSTER_PORTS, ROOT } from './layout.mjs';

const START = fileURLToPath(new URL('./start.mjs', import.meta.url));
const RELEASE_CLI = fileURLToPath(new URL('../release/cli.mjs', import.meta.url));
const SITE = `http://localhost:${CLUSTER_PORTS.proxy}`;
const dir = mkdtempSync(join(tmpdir(), 'reelmint-cluster-'));
// PostgreSQL runs as its own user when the test runs as root: it has to reach its folder in here.
chmodSync(dir, 0o755);
const env = { ...process.env, CLUSTER_DIR: dir };

const status = () => {
  const result = spawnSync(process.execPath, [START, '--status'], { env, encoding: 'utf8' });
  return { code: result.status, body: JSON.parse(result.stdout) };
};

let cluster;
let output = '';
let exited = null;

before(async () => {
  // The API processes killed below stay down: the supervisor's restarts are the chaos test's (chaos.test.mjs).
  cluster = spawn(process.execPath, [START, '--no-build', '--no-restart'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  cluster.stdout.on('data', (chunk) => (output += chunk));
  cluster.stderr.on('data', (chunk) => (output += chunk));
  cluster.on('exit', (code, signal) => (exited = { code, signal }));
  await new Promise((resolve, reject) => {
    cluster.stdout.on('data', () => output.includes('cluster is running') && resolve());
    cluster.on('exit', () => reject(new Error(`The cluster did not start:\n${output}`)));
  });
});

after(() => {
  if (exited === null) cluster.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

const ROLES = ['postgres', 'redis', 's3', 'api-1', 'api-2', 'worker', 'shell-1', 'shell-2', 'nginx'];

test('--status lists every process with its role, port and pid', () => {
  const { code, body } = status();
  assert.equal(code, 0);
  assert.equal(body.running, true);
  assert.equal(body.pid, cluster.pid);
  assert.deepEqual(
    body.processes.map((entry) => entry.role),
    ROLES,
  );
  const port = Object.fromEntries(body.processes.map((entry) => [entry.role, entry.port]));
  assert.deepEqual(port, {
    postgres: CLUSTER_PORTS.postgres,
    redis: CLUSTER_PORTS.redis,
    s3: CLUSTER_PORTS.s3,
    'api-1': CLUSTER_PORTS.api[0],
    'api-2': CLUSTER_PORTS.api[1],
    worker: null,
    'shell-1': CLUSTER_PORTS.shell[0],
    'shell-2': CLUSTER_PORTS.shell[1],
    nginx: CLUSTER_PORTS.proxy,
  });
  for (const entry of body.processes) {
    assert.ok(Number.isInteger(entry.pid) && entry.alive && alive(entry.pid), `${entry.role} runs`);
  }
});

test('the API, the worker and the shell servers run built JavaScript on Node 24', () => {
  const { body } = status();
  const entry = { 'api-1': 'api/dist/server/main.mjs', 'api-2': 'api/dist/server/main.mjs', worker: 'api/dist/server/worker.mjs' };
  for (const { role, pid } of body.processes.filter(({ role }) => /^(api|worker|shell|s3)/.test(role))) {
    assert.equal(readlinkSync(`/proc/${pid}/exe`), NODE24, `${role} runs on Node 24`);
    const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    const cwd = readlinkSync(`/proc/${pid}/cwd`);
    const files = args.slice(1).map((arg) => resolve(cwd, arg));
    if (entry[role]) assert.ok(files.includes(join(ROOT, entry[role])), `${role} runs ${entry[role]}: ${args.join(' ')}`);
    assert.ok(!args.some((arg) => /tsx/.test(arg)) && !files.some((file) => file.endsWith('.ts')), `${role} runs no TypeScript: ${args.join(' ')}`);
  }
});

test('a page comes through nginx from a shell server, with a request id and the remotes it names', async () => {
  const page = await fetch(`${SITE}/`);
  assert.equal(page.status, 200);
  assert.match(page.headers.get('content-type'), /^text\/html/);
  assert.match(page.headers.get('x-request-id'), /^[0-9a-f]{32}$/);
  assert.match(await page.text(), /<html/);
  // The pointer is the database's: every remote runs its local build, served from its own origin through nginx.
  const pointer = await (await fetch(`${SITE}/remotes.json`)).json();
  for (const port of Object.values(CLUSTER_PORTS.remotes)) {
    const entry = await fetch(`http://localhost:${port}/remoteEntry.js`, { headers: { 'accept-encoding': 'gzip' } });
    assert.equal(entry.status, 200);
    assert.equal(entry.headers.get('access-control-allow-origin'), '*');
    assert.equal(entry.headers.get('cache-control'), 'no-cache');
    await entry.arrayBuffer();
  }
  assert.equal(typeof pointer, 'object');
});

test('the API answers reads through nginx, and /metrics is not reachable from outside', async () => {
  const plans = await fetch(`${SITE}/api/subscription/plans`);
  assert.equal(plans.status, 200);
  const body = await plans.json();
  assert.equal(body.success, true);
  for (const path of ['/metrics', '/api/metrics']) {
    const metrics = await fetch(`${SITE}${path}`);
    assert.equal(metrics.status, 404, path);
    assert.equal((await metrics.json()).error, 'NOT_FOUND');
  }
});

test("each server is ready on its own port, with its metrics there, and the proxy's request id reaches the API's log", async () => {
  for (const port of CLUSTER_PORTS.api) {
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`);
    assert.equal(ready.status, 200, `api on ${port}`);
    assert.deepEqual((await ready.json()).data.checks, { database: 'ok', redis: 'ok', bucket: 'ok' });
    assert.match(await (await fetch(`http://127.0.0.1:${port}/metrics`)).text(), /^reelmint_job_queue_depth \d+$/m);
  }
  for (const port of CLUSTER_PORTS.shell) {
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`);
    assert.equal(ready.status, 200, `shell on ${port}`);
    assert.deepEqual((await ready.json()).data.checks, { pointer: 'ok' });
    assert.equal((await fetch(`http://127.0.0.1:${port}/metrics`)).status, 200);
  }
  const read = await fetch(`${SITE}/api/subscription/plans`);
  const id = read.headers.get('x-request-id');
  assert.match(id, /^[0-9a-f]{32}$/);
  await read.arrayBuffer();
  const logged = () => ['api-1', 'api-2'].some((role) => readFileSync(join(dir, 'logs', `${role}.log`), 'utf8').includes(`"reqId":"${id}"`));
  await until('the request id in an API log', logged, 10_000);
});

/** The release CLI with the variables `start:cluster --env` prints, and any given here over them. */
const release = (args, overrides = {}) => {
  const exports = spawnSync(process.execPath, [START, '--env'], { env, encoding: 'utf8' }).stdout;
  const releaseEnv = Object.fromEntries([...exports.matchAll(/^export (\w+)=(.*)$/gm)].map(([, name, value]) => [name, JSON.parse(value)]));
  return spawnSync(process.execPath, [RELEASE_CLI, ...args], { env: { ...env, ...releaseEnv, ...overrides }, encoding: 'utf8' });
};
const MARKETING = `http://localhost:${CLUSTER_PORTS.remotes.marketing}`;
let published;

test('publish uploads a version to the bucket and nginx serves it from there, with its compressed copies', async () => {
  const result = release(['publish', 'marketing', '--version', '9.0.0', '--allow-dirty', '--reason', 'cluster test']);
  assert.equal(result.status, 0, result.stderr);
  published = /Published marketing (\S+)/.exec(result.stdout)[1];
  assert.match(result.stdout, /uploaded \d+ files to the bucket reelmint-releases/);
  const url = `${MARKETING}/releases/${encodeURIComponent(published)}/remoteEntry.js`;
  const built = readFileSync(join(ROOT, 'mfe-marketing', 'dist', 'remoteEntry.js'), 'utf8');
  for (const [accept, encoding] of [
    ['br, gzip', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['identity', null],
  ]) {
    const reply = await fetch(url, { headers: { 'accept-encoding': accept } });
    assert.equal(reply.status, 200, accept);
    assert.equal(reply.headers.get('content-encoding'), encoding, accept);
    assert.equal(reply.headers.get('cache-control'), 'public, max-age=31536000, immutable');
    assert.equal(reply.headers.get('access-control-allow-origin'), '*');
    assert.match(reply.headers.get('content-type'), /^text\/javascript/);
    assert.equal(await reply.text(), built, accept);
  }
  // Over HTTP a version's release.json names the version alone.
  assert.deepEqual(await (await fetch(`${MARKETING}/releases/${encodeURIComponent(published)}/release.json`)).json(), { version: published });
  assert.equal((await fetch(`${MARKETING}/releases/${encodeURIComponent(published)}/no-such-file.js`)).status, 404);
});

test('a version whose upload stopped before its release.json is never served', async () => {
  // What an upload cut short leaves: files of the version in the bucket, its release.json not.
  const key = `http://127.0.0.1:${CLUSTER_PORTS.s3}/reelmint-releases/releases/mfe-marketing/9.9.9/remoteEntry.js`;
  assert.equal((await fetch(key, { method: 'PUT', body: 'export {}' })).status, 200);
  assert.equal((await fetch(`${MARKETING}/releases/9.9.9/remoteEntry.js`)).status, 404);
});

test('publish refuses with a clear message when the bucket does not answer, and publishes nothing', () => {
  const before = readdirSync(join(dir, 'releases', 'mfe-marketing'));
  const result = release(['publish', 'marketing', '--version', '9.0.1', '--allow-dirty', '--reason', 'bucket down'], { S3_ENDPOINT: 'http://127.0.0.1:9' });
  assert.equal(result.status, 1);
  assert.match(result.stderr, /Cannot reach the bucket reelmint-releases at http:\/\/127\.0\.0\.1:9 .*nothing was published/);
  assert.deepEqual(readdirSync(join(dir, 'releases', 'mfe-marketing')), before);
});

test('both shell servers follow a promote in the database within seconds', async () => {
  const result = release(['promote', 'marketing', published, '--no-smoke', '--reason', 'cluster test']);
  assert.equal(result.status, 0, result.stderr);
  const names = async (port) => (await (await fetch(`http://127.0.0.1:${port}/remotes.json`)).json()).remotes.marketing.version === published;
  for (const port of CLUSTER_PORTS.shell) {
    const deadline = Date.now() + 10_000;
    while (!(await names(port))) {
      assert.ok(Date.now() < deadline, `the shell server on ${port} still names the previous version`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  const page = await fetch(`${SITE}/`);
  assert.equal(page.status, 200);
  assert.match(await page.text(), new RegExp(`releases/${published.replace(/[.+]/g, '\\$&')}/`));
});

test('a canary (its smoke check loads it in a browser through an override), its end and a rollback reach both shell servers', async () => {
  const next = release(['publish', 'marketing', '--version', '9.0.2', '--allow-dirty', '--reason', 'cluster canary']);
  assert.equal(next.status, 0, next.stderr);
  const trial = /Published marketing (\S+)/.exec(next.stdout)[1];
  const marketing = async (port) => (await (await fetch(`http://127.0.0.1:${port}/remotes.json`)).json()).remotes.marketing;
  const everyShell = (what, check) =>
    Promise.all(CLUSTER_PORTS.shell.map((port) => until(`the shell server on ${port} to show ${what}`, async () => check(await marketing(port)), 10_000)));

  // The canary's smoke check opens the site through nginx with `?override=marketing@<version>`: the override is
  // checked against the version's release.json and its code loaded, both from the bucket.
  const canary = release(['canary', 'marketing', trial, '50', '--reason', 'cluster canary']);
  assert.equal(canary.status, 0, canary.stderr + canary.stdout);
  await everyShell('the canary', (entry) => entry.version === published && entry.canary?.version === trial && entry.canary.percent === 50);

  const off = release(['canary', 'marketing', 'off', '--no-smoke', '--reason', 'trial over']);
  assert.equal(off.status, 0, off.stderr);
  await everyShell('no canary', (entry) => entry.version === published && entry.canary === undefined);

  const promoted = release(['promote', 'marketing', trial, '--no-smoke', '--reason', 'cluster promote']);
  assert.equal(promoted.status, 0, promoted.stderr);
  await everyShell('the promoted version', (entry) => entry.version === trial);
  const back = release(['rollback', 'marketing', '--no-smoke', '--reason', 'cluster rollback']);
  assert.equal(back.status, 0, back.stderr);
  await everyShell('the version before', (entry) => entry.version === published);
  assert.match(await (await fetch(`${SITE}/`)).text(), new RegExp(`releases/${published.replace(/[.+]/g, '\\$&')}/`));
});

test('with both API processes gone, the proxy answers 503 in the API error envelope', async () => {
  const apis = status().body.processes.filter((entry) => entry.role.startsWith('api-'));
  for (const { pid } of apis) process.kill(pid, 'SIGKILL');
  await until('both API processes to end', () => apis.every(({ pid }) => !alive(pid)));
  for (const method of ['GET', 'POST']) {
    const reply = await fetch(`${SITE}/api/subscription/plans`, { method });
    assert.equal(reply.status, 503, method);
    assert.match(reply.headers.get('content-type'), /^application\/json/);
    const body = await reply.json();
    assert.equal(body.success, false);
    assert.equal(body.error, 'SERVICE_UNAVAILABLE');
    assert.equal(typeof body.message, 'string');
  }
  // Pages still come from the shell servers.
  assert.equal((await fetch(`${SITE}/`)).status, 200);
});

test('SIGTERM stops every process the cluster started and keeps its data', async () => {
  const { body } = status();
  cluster.kill('SIGTERM');
  await until('the cluster to stop', () => exited !== null, 60_000);
  assert.deepEqual(exited, { code: 0, signal: null });
  for (const entry of body.processes) assert.equal(alive(entry.pid), false, `${entry.role} stopped`);
  assert.equal(status().code, 1);
  assert.equal(status().body.running, false);
  assert.ok(existsSync(join(dir, 'postgres', 'PG_VERSION')), 'the database stays');
  assert.ok(existsSync(join(dir, 'redis')), "Redis's folder stays");
});
