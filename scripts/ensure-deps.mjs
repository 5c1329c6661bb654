// Installs the workspace's npm packages when they are missing or older than package-lock.json, so
// `npm start` works on a fresh clone with no other command. Node built-ins only: it runs before
// anything it installs can be imported.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { keepPrebuild, PREBUILDS_DIR } from './local-prebuilds.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const lock = join(root, 'package-lock.json');
const installed = join(root, 'node_modules', '.package-lock.json');

export function dependenciesStale() {
  if (!existsSync(installed)) return true;
  return statSync(lock).mtimeMs > statSync(installed).mtimeMs;
}

if (dependenciesStale()) {
  console.log('Installing npm packages (npm ci)...');
  const result = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, npm_config_better_sqlite3_local_prebuilds: PREBUILDS_DIR },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
  keepPrebuild(join(root, 'node_modules', 'better-sqlite3'), 'build/Release/better_sqlite3.node');
}
