// Small builds and temporary folders for the release tests.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A temporary folder removed when the test file's process ends. */
export function temporaryDir(prefix = 'reelmint-release-test-') {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** A folder shaped like a remote's dist: mf-manifest.json with the singletons it requires, an entry, one asset. */
export function fakeDist(dir, { name = 'billing', requires = { '@reelmint/shared': '^1.0.0', react: '^19.0.0' }, marker = 'v1' } = {}) {
  mkdirSync(join(dir, 'assets'), { recursive: true });
  const shared = Object.entries(requires).map(([pkg, requiredVersion]) => ({
    id: `${name}:${pkg}`,
    name: pkg,
    version: '0.0.0',
    singleton: true,
    requiredVersion,
  }));
  writeFileSync(join(dir, 'mf-manifest.json'), JSON.stringify({ id: name, name, metaData: { pluginVersion: '1.23.0' }, shared, exposes: [] }));
  writeFileSync(join(dir, 'remoteEntry.js'), `export const marker = ${JSON.stringify(marker)};\n`);
  writeFileSync(join(dir, 'assets', 'chunk-abc.js'), `export default ${JSON.stringify(marker)};\n`);
  return dir;
}

/** A shell dist whose mf-manifest.json provides these versions. */
export function fakeShellDist(dir, provides = { '@reelmint/shared': '1.0.0', react: '19.3.1', 'react-dom': '19.3.1', i18next: '26.7.2' }) {
  mkdirSync(dir, { recursive: true });
  const shared = Object.entries(provides).map(([pkg, version]) => ({
    id: `shell:${pkg}`,
    name: pkg,
    version,
    singleton: true,
    requiredVersion: `^${version}`,
  }));
  writeFileSync(join(dir, 'mf-manifest.json'), JSON.stringify({ id: 'shell', name: 'shell', shared, exposes: [] }));
  return dir;
}

/** Environment for a release run entirely inside `dir`. */
export function releaseEnv(dir, extra = {}) {
  return {
    RELEASES_DIR: join(dir, 'releases'),
    REMOTES_POINTER: join(dir, 'remotes.json'),
    SHELL_DIST: join(dir, 'shell-dist'),
    RELEASE_ACTOR: 'Ada (test)',
    ...extra,
  };
}
