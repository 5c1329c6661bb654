// `npm run start:cluster`: the production shape on one machine. nginx on http://localhost:8080 in front of two shell
// servers and two API processes, a job worker of its own, PostgreSQL, Redis and an S3-compatible bucket (s3rver),
// each a real engine this command starts (and installs from Debian's packages when it is missing). Data stays under
// .run/cluster/ between runs; Ctrl-C stops every process it started.
//
//   npm run start:cluster                   builds, then starts everything
//   npm run start:cluster -- --no-build     starts on the builds already in each workspace's dist
//   npm run start:cluster -- --status       prints the running cluster's processes as JSON
//   npm run start:cluster -- --env          prints the variables the release CLI needs to act on the cluster
//   npm run start:cluster -- --no-restart   leaves a process that ends on its own down (the supervisor restarts it otherwise)
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, chownSync, existsSync, mkdirSync, readFileSync, readdirSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { join } from 'node:path';
import { REMOTE_NAMES } from '@reelmint/contract/remotes';
import { ensureLocalDefaults, openPointerStore, releaseConfig } from '@reelmint/release';
import { ensureNode24, node24Env } from '../node24.mjs';
import { CLUSTER_PORTS, clusterEnv, MEDIA_BUCKET, RELEASES_BUCKET, ROOT, RUN_DIR } from './layout.mjs';
import { nginxConfig } from './nginx.mjs';
import { STOP_SIGNALS, createSupervisor, stopGroup } from './supervisor.mjs';

const STATE_FILE = join(RUN_DIR, 'processes.json');
const args = new Set(process.argv.slice(2));
/** How long one engine may take to answer after it starts; a loaded machine is slow, a broken one never answers. */
const READY_TIMEOUT_MS = 120_000;

/** A process that runs: a zombie (ended, not yet reaped by its parent) does not. */
const alive = (pid) => {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return error.code === 'EPERM';
  }
  try {
    // The state is the field after the command's name, which is in parentheses.
    const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
    return stat[stat.lastIndexOf(')') + 2] !== 'Z';
  } catch {
    return true;
  }
};

if (args.has('--status')) {
  const state = existsSync(STATE_FILE) ? JSON.parse(readFileSync(STATE_FILE, 'utf8')) : null;
  const running = state !== null && alive(state.pid);
  const processes = running ? state.processes.map((entry) => ({ ...entry, alive: alive(entry.pid) })) : [];
  console.log(JSON.stringify({ running, pid: running ? state.pid : null, url: `http://localhost:${CLUSTER_PORTS.proxy}`, processes }, null, 2));
  process.exit(running ? 0 : 1);
}

const secret = () => {
  const file = join(RUN_DIR, 'jwt-secret');
  if (!existsSync(file)) {
    mkdirSync(RUN_DIR, { recursive: true });
    writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600 });
  }
  return readFileSync(file, 'utf8').trim();
};

if (args.has('--env')) {
  const env = clusterEnv({ jwtSecret: secret() });
  for (const [name, value] of Object.entries(env.release)) console.log(`export ${name}=${JSON.stringify(value)}`);
  process.exit(0);
}

const asRoot = process.getuid?.() === 0;

/** Installs a Debian package the way the test gate does, when a command is missing. */
function ensurePackage(found, pkg) {
  if (found()) return;
  console.log(`Installing ${pkg} (apt)`);
  const sudo = asRoot ? [] : ['sudo'];
  for (const command of [
    ['apt-get', 'update', '-qq'],
    ['env', 'DEBIAN_FRONTEND=noninteractive', 'apt-get', 'install', '-y', '-qq', pkg],
  ]) {
    const [program, ...rest] = [...sudo, ...command];
    const result = spawnSync(program, rest, { stdio: ['ignore', 'ignore', 'inherit'] });
    if (result.status !== 0) throw new Error(`Could not install the Debian package ${pkg}`);
  }
  if (!found()) throw new Error(`The Debian package ${pkg} is installed but its command was not found`);
}

const onPath = (name) => {
  for (const dir of (process.env.PATH ?? '').split(':')) if (dir && existsSync(join(dir, name))) return join(dir, name);
  return null;
};
const postgresBin = (name) => {
  const versions = existsSync('/usr/lib/postgresql') ? readdirSync('/usr/lib/postgresql').sort((a, b) => Number(b) - Number(a)) : [];
  for (const version of versions) {
    const candidate = join('/usr/lib/postgresql', version, 'bin', name);
    if (existsSync(candidate)) return candidate;
  }
  return onPath(name);
};
const nginxBin = () => onPath('nginx') ?? (existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : null);

ensurePackage(() => postgresBin('postgres') && postgresBin('initdb'), 'postgresql');
ensurePackage(() => onPath('redis-server'), 'redis-server');
ensurePackage(nginxBin, 'nginx');
// Optional: nginx sends the brotli copies the builds wrote when this module is there, the gzip ones otherwise.
const BROTLI_MODULE = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';
if (!existsSync(BROTLI_MODULE)) {
  try {
    ensurePackage(() => existsSync(BROTLI_MODULE), 'libnginx-mod-http-brotli-static');
  } catch {
    console.warn('nginx will serve gzip copies only: libnginx-mod-http-brotli-static could not be installed');
  }
}

if (!args.has('--no-build')) {
  const build = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
for (const dist of [
  'shell/dist/index.html',
  'api/dist/server/main.mjs',
  'api/dist/server/worker.mjs',
  ...REMOTE_NAMES.map((name) => `mfe-${name}/dist/remoteEntry.js`),
]) {
  if (!existsSync(join(ROOT, dist))) {
    console.error(`${dist} is missing: run npm run build (or start without --no-build)`);
    process.exit(1);
  }
}

const supervisor = createSupervisor({ stateFile: STATE_FILE, logsDir: join(RUN_DIR, 'logs'), restart: !args.has('--no-restart') });
const { started } = supervisor;
const launch = (role, port, command, commandArgs, { env = {}, cwd = ROOT } = {}) => supervisor.launch(role, port, command, commandArgs, { env, cwd });

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(entry, what, check) {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    if (entry.exited) throw new Error(`${entry.role} exited while starting; the end of its log:\n${tail(entry.logFile)}`);
    if (await check().catch(() => false)) return;
    if (Date.now() > deadline)
      throw new Error(`${entry.role} did not ${what} within ${READY_TIMEOUT_MS / 1000} s; the end of its log:\n${tail(entry.logFile)}`);
    await sleep(200);
  }
}

const tail = (file) => (existsSync(file) ? readFileSync(file, 'utf8').split('\n').slice(-20).join('\n') : '');

const accepts = (port) =>
  new Promise((resolve) => {
    const socket = createConnection({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

const answers = (url) => async () => (await fetch(url, { signal: AbortSignal.timeout(5000) })).ok;

const stopAll = () => supervisor.stopAll();

/**
 * Whether a process of an earlier run is still ours: it has the environment this command gave it (its log's path), or,
 * for the engines that write their process title over their environment (nginx, Redis), its command line or working
 * folder is in .run/cluster.
 */
function leftOver(pid, role) {
  const read = (what) => {
    try {
      return what === 'cwd' ? readlinkSync(`/proc/${pid}/cwd`) : readFileSync(`/proc/${pid}/${what}`, 'latin1');
    } catch {
      return '';
    }
  };
  const inRunDir = (path) => path === RUN_DIR || path.startsWith(`${RUN_DIR}/`);
  return (
    read('environ')
      .split('\0')
      .includes(`REELMINT_CLUSTER_LOG=${join(RUN_DIR, 'logs', `${role}.log`)}`) ||
    read('cmdline').split(/[\0 ]/).some(inRunDir) ||
    inRunDir(read('cwd'))
  );
}

/** A previous run killed outright (SIGKILL) left its engines running: they are stopped before anything starts again. */
async function stopLeftovers(previous) {
  for (const { role, pid } of [...previous.processes].reverse()) {
    if (!alive(pid) || !leftOver(pid, role)) continue;
    console.log(`Stopping ${role} (pid ${pid}), left running by a previous start`);
    await stopGroup(pid, STOP_SIGNALS[role] ?? 'SIGTERM', () => !alive(pid));
  }
  rmSync(STATE_FILE, { force: true });
}

async function startPostgres(pgUser) {
  const dataDir = join(RUN_DIR, 'postgres');
  const runAs = pgUser ? ['runuser', '-u', pgUser, '--'] : [];
  if (!existsSync(join(dataDir, 'PG_VERSION'))) {
    mkdirSync(dataDir, { recursive: true });
    if (pgUser) chownTo(dataDir, pgUser);
    chmodSync(dataDir, 0o700);
    const [program, ...rest] = [...runAs, postgresBin('initdb'), '-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8'];
    const result = spawnSync(program, rest, { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`initdb failed:\n${result.stdout}${result.stderr}`);
  }
  const [program, ...rest] = [
    ...runAs,
    postgresBin('postgres'),
    '-D',
    dataDir,
    '-p',
    String(CLUSTER_PORTS.postgres),
    '-k',
    dataDir,
    '-c',
    'listen_addresses=127.0.0.1',
    '-c',
    'max_connections=200',
  ];
  const entry = launch('postgres', CLUSTER_PORTS.postgres, program, rest);
  const client = ['-h', '127.0.0.1', '-p', String(CLUSTER_PORTS.postgres), '-U', 'postgres'];
  await waitFor(entry, 'accept connections', async () => spawnSync(postgresBin('pg_isready'), [...client, '-q']).status === 0);
  const list = spawnSync(postgresBin('psql'), [...client, '-tAc', "SELECT 1 FROM pg_database WHERE datname = 'reelmint'"], { encoding: 'utf8' });
  if (list.status !== 0) throw new Error(`Could not list PostgreSQL's databases:\n${list.stderr}`);
  if (list.stdout.trim() !== '1') {
    const create = spawnSync(postgresBin('createdb'), [...client, 'reelmint'], { encoding: 'utf8' });
    if (create.status !== 0) throw new Error(`Could not create the database reelmint:\n${create.stderr}`);
  }
}

/** PostgreSQL refuses to run as root: as root the data folder belongs to the postgres user (nobody without one). */
function postgresUser() {
  if (!asRoot) return null;
  return spawnSync('id', ['postgres']).status === 0 ? 'postgres' : 'nobody';
}

function chownTo(dir, user) {
  const uid = Number(spawnSync('id', ['-u', user], { encoding: 'utf8' }).stdout.trim());
  const gid = Number(spawnSync('id', ['-g', user], { encoding: 'utf8' }).stdout.trim());
  chownSync(dir, uid, gid);
}

async function main() {
  mkdirSync(RUN_DIR, { recursive: true });
  if (existsSync(STATE_FILE)) {
    const previous = JSON.parse(readFileSync(STATE_FILE, 'utf8'));
    if (alive(previous.pid)) throw new Error(`The cluster is already running (pid ${previous.pid}): npm run start:cluster -- --status`);
    await stopLeftovers(previous);
  }
  const env = clusterEnv({ jwtSecret: secret() });
  // Node 24 LTS and its native modules, under .run/node24 (scripts/node24.mjs): the runtime of every Node process here.
  const node = ensureNode24();
  const onNode24 = node24Env();

  await startPostgres(postgresUser());

  const redisDir = join(RUN_DIR, 'redis');
  mkdirSync(redisDir, { recursive: true });
  const redis = launch('redis', CLUSTER_PORTS.redis, 'redis-server', [
    '--port',
    String(CLUSTER_PORTS.redis),
    '--bind',
    '127.0.0.1',
    '--dir',
    redisDir,
    '--appendonly',
    'yes',
    '--daemonize',
    'no',
  ]);
  await waitFor(redis, 'accept connections', () => accepts(CLUSTER_PORTS.redis));

  const bucketDir = join(RUN_DIR, 's3');
  mkdirSync(bucketDir, { recursive: true });
  const s3 = launch('s3', CLUSTER_PORTS.s3, node, [join(ROOT, 'scripts', 'cluster', 's3-server.mjs')], {
    env: { ...onNode24, S3_DIR: bucketDir, S3_PORT: String(CLUSTER_PORTS.s3), S3_BUCKETS: [MEDIA_BUCKET, RELEASES_BUCKET].join(',') },
  });
  await waitFor(s3, 'accept connections', () => accepts(CLUSTER_PORTS.s3));

  // The pointer lives in the database; a remote nothing was promoted for runs its build in the workspace.
  const release = releaseConfig({ ...process.env, ...env.shell });
  const pointerStore = await openPointerStore(release);
  await ensureLocalDefaults(release, pointerStore);
  await pointerStore.close?.();

  // The API, the worker and the shell servers run built JavaScript (api/dist/server, shell/server and shell/dist) on
  // Node 24 LTS, as in production.
  const apiDir = join(ROOT, 'api');
  // The first API creates the schema before anything else opens the database.
  for (const [index, port] of CLUSTER_PORTS.api.entries()) {
    const api = launch(`api-${index + 1}`, port, node, ['dist/server/main.mjs'], { cwd: apiDir, env: { ...env.api, ...onNode24, PORT: String(port) } });
    await waitFor(api, 'answer', answers(`http://127.0.0.1:${port}/api/config`));
  }
  const worker = launch('worker', null, node, ['dist/server/worker.mjs'], { cwd: apiDir, env: { ...env.api, ...onNode24 } });

  const shells = CLUSTER_PORTS.shell.map((port, index) =>
    launch(`shell-${index + 1}`, port, node, [join(ROOT, 'scripts', 'cluster', 'shell-server.mjs')], {
      env: { ...env.shell, ...onNode24, PORT: String(port) },
    }),
  );
  for (const [index, shell] of shells.entries()) await waitFor(shell, 'answer', answers(`http://127.0.0.1:${CLUSTER_PORTS.shell[index]}/remotes.json`));

  const nginxDir = join(RUN_DIR, 'nginx');
  mkdirSync(join(nginxDir, 'logs'), { recursive: true });
  mkdirSync(join(nginxDir, 'tmp'), { recursive: true });
  const confFile = join(nginxDir, 'nginx.conf');
  writeFileSync(
    confFile,
    nginxConfig({ prefix: nginxDir, brotli: existsSync(BROTLI_MODULE), releasesBucket: RELEASES_BUCKET, user: asRoot ? 'www-data www-data' : null }),
  );
  const check = spawnSync(nginxBin(), ['-t', '-q', '-p', nginxDir, '-c', confFile], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`nginx refused its configuration (${confFile}):\n${check.stderr}`);
  const nginx = launch('nginx', CLUSTER_PORTS.proxy, nginxBin(), ['-p', nginxDir, '-c', confFile, '-g', 'daemon off;']);
  await waitFor(nginx, 'answer', answers(`http://127.0.0.1:${CLUSTER_PORTS.proxy}/api/config`));
  await sleep(0);
  if (worker.exited) throw new Error(`The worker exited while starting; the end of its log:\n${tail(worker.logFile)}`);

  supervisor.supervise();
  for (const { role, port, child } of started) console.log(`  ${role.padEnd(10)} ${port === null ? '-'.padEnd(6) : String(port).padEnd(6)} pid ${child.pid}`);
  console.log(`\nReelmint's cluster is running at http://localhost:${CLUSTER_PORTS.proxy} (logs: ${join(RUN_DIR, 'logs')}; Ctrl-C stops it)\n`);
}

let signalled = false;
const onSignal = () => {
  if (signalled) return;
  signalled = true;
  console.log('\nStopping the cluster…');
  void stopAll().then(() => process.exit(0));
};
process.on('SIGINT', onSignal);
process.on('SIGTERM', onSignal);

main().catch(async (error) => {
  console.error(error instanceof Error ? error.message : error);
  await stopAll();
  process.exit(1);
});
