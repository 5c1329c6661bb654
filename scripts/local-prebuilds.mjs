// better-sqlite3 (the API's embedded database) has no binary in its npm package: its install script asks
// prebuild-install for one, which downloads it from GitHub, out of reach on these machines, and then compiles SQLite
// from source instead: a minute or more of the two cores on every fresh clone. prebuild-install first looks in a
// folder of local prebuilds (npm_config_better_sqlite3_local_prebuilds), so the first install on a machine leaves
// the binary it compiled there, packed the way prebuild-install unpacks it and named for the package version, Node's
// ABI, platform and CPU; every later install of that version on that Node unpacks it instead of compiling.
// Node built-ins only: ensure-deps.mjs runs before anything it installs can be imported.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

export const PREBUILDS_DIR = join(process.env.npm_config_cache ?? join(homedir(), '.npm'), '_local-prebuilds');

const glibc = process.platform === 'linux' && Boolean(process.report?.getReport().header.glibcVersionRuntime);

/** Packs the binary of the package in `dir` (built for Node ABI `abi`) into the local prebuilds, once per version and ABI. */
export function keepPrebuild(dir, binary, abi = process.versions.modules) {
  if (!glibc || !existsSync(join(dir, binary))) return;
  const { name, version } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  const file = join(PREBUILDS_DIR, `${name}-v${version}-node-v${abi}-${process.platform}-${process.arch}.tar.gz`);
  if (existsSync(file)) return;
  mkdirSync(PREBUILDS_DIR, { recursive: true });
  const partial = `${file}.${process.pid}.partial`;
  if (spawnSync('tar', ['-czf', partial, '-C', dir, binary], { stdio: 'inherit' }).status === 0) renameSync(partial, file);
  else rmSync(partial, { force: true });
}
