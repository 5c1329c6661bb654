// Installs the workspace's npm packages when they are missing or older than package-lock.json, so
// `npm start` works on a fresh clone with no other command. Node built-ins only: it runs before
// anything it installs can be imported.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const lock = join(root, 'package-lock.json');
const installed = join(root, 'node_modules', '.package-lock.json');

export function dependenciesStale() {
  if (!existsSync(installed)) return true;
  return statSync(lock).mtimeMs > statSync(installed).mtimeMs;
}

/**
 * better-sqlite3 (the API's embedded database) has no binary in its npm package: its install script asks
 * prebuild-install for one, which downloads it from GitHub, out of reach on these machines, and then compiles SQLite
 * from source instead: a minute or more of the two cores on every fresh clone. prebuild-install first looks in a
 * folder of local prebuilds (npm_config_better_sqlite3_local_prebuilds), so the first install on a machine leaves
 * the binary it compiled there, packed the way prebuild-install unpacks it and named for the package version, Node's
 * ABI, platform and CPU; every later install of that version on that Node unpacks it instead of compiling.
 */
const prebuilds = join(process.env.npm_config_cache ?? join(homedir(), '.npm'), '_local-prebuilds');
const glibc = process.platform === 'linux' && Boolean(process.report?.getReport().header.glibcVersionRuntime);

function keepPrebuild(name, binary) {
  const dir = join(root, 'node_modules', name);
  if (!glibc || !existsSync(join(dir, binary))) return;
  const { version } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  const file = join(prebuilds, `${name}-v${version}-node-v${process.versions.modules}-${process.platform}-${process.arch}.tar.gz`);
  if (existsSync(file)) return;
  mkdirSync(prebuilds, { recursive: true });
  const partial = `${file}.${process.pid}.partial`;
  if (spawnSync('tar', ['-czf', partial, '-C', dir, binary], { stdio: 'inherit' }).status === 0) renameSync(partial, file);
  else rmSync(partial, { force: true });
}

if (dependenciesStale()) {
  console.log('Installing npm packages (npm ci)...');
  const result = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, npm_config_better_sqlite3_local_prebuilds: prebuilds },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
  keepPrebuild('better-sqlite3', 'build/Release/better_sqlite3.node');
}
