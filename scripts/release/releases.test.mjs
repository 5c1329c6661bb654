import assert from 'node:assert/strict';
import { statSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { REMOTES, ROOT, releaseConfig } from './config.mjs';
import { compatibilityProblems, readShellBuild } from './compat.mjs';
import { listReleases, manifestRequirements, publish, readRelease } from './releases.mjs';
import { fakeDist, fakeShellDist, releaseEnv, temporaryDir } from './fixtures.mjs';

test('publish stores an immutable copy with its required contract and build metadata', () => {
  const dir = temporaryDir();
  const config = releaseConfig(releaseEnv(dir));
  const dist = fakeDist(join(dir, 'dist'), { marker: 'first build' });
  const release = publish(config, 'billing', { dist, version: '1.4.2', allowDirty: true, actor: 'Ada', reason: 'spring prices' });

  assert.match(release.version, /^1\.4\.2\+[0-9a-f]{10}(\.dirty)?$/);
  const folder = join(config.releasesDir, 'mfe-billing', release.version);
  assert.equal(readFileSync(join(folder, 'remoteEntry.js'), 'utf8'), 'export const marker = "first build";\n');
  const stored = JSON.parse(readFileSync(join(folder, 'release.json'), 'utf8'));
  assert.deepEqual(stored, release);
  assert.equal(stored.sharedContract, '^1.0.0');
  assert.deepEqual(stored.requires, { '@reelmint/shared': '^1.0.0', react: '^19.0.0' });
  assert.equal(stored.publishedBy, 'Ada');
  assert.equal(stored.build.packageVersion, JSON.parse(readFileSync(join(ROOT, REMOTES.billing, 'package.json'), 'utf8')).version);
  assert.equal(statSync(join(folder, 'assets', 'chunk-abc.js')).mode & 0o222, 0, 'published files are read-only');
  assert.deepEqual(readRelease(config, 'billing', release.version), release);
});

test('publishing the same version twice is refused and the first copy is untouched', () => {
  const dir = temporaryDir();
  const config = releaseConfig(releaseEnv(dir));
  const first = publish(config, 'billing', { dist: fakeDist(join(dir, 'a'), { marker: 'a' }), version: '2.0.0', allowDirty: true, actor: 'Ada' });
  assert.throws(
    () => publish(config, 'billing', { dist: fakeDist(join(dir, 'b'), { marker: 'b' }), version: '2.0.0', allowDirty: true, actor: 'Ada' }),
    /already published; published versions never change/,
  );
  const entry = join(config.releasesDir, 'mfe-billing', first.version, 'remoteEntry.js');
  assert.equal(readFileSync(entry, 'utf8'), 'export const marker = "a";\n');
  assert.deepEqual(
    listReleases(config, 'billing').map((release) => release.version),
    [first.version],
  );
});

test('publish refuses a folder that is not a build of that remote, and a version that is not semver', () => {
  const dir = temporaryDir();
  const config = releaseConfig(releaseEnv(dir));
  assert.throws(() => publish(config, 'billing', { dist: join(dir, 'missing'), allowDirty: true, actor: 'Ada' }), /has no mf-manifest.json/);
  assert.throws(
    () => publish(config, 'billing', { dist: fakeDist(join(dir, 'm'), { name: 'marketing' }), allowDirty: true, actor: 'Ada' }),
    /holds a build of "marketing"/,
  );
  assert.throws(() => publish(config, 'billing', { dist: fakeDist(join(dir, 'v')), version: 'latest', allowDirty: true, actor: 'Ada' }), /is not a version/);
  assert.deepEqual(listReleases(config, 'billing'), []);
});

test('the compatibility check accepts a build the shell can host and says what does not match otherwise', () => {
  const provides = { '@reelmint/shared': '1.0.0', react: '19.3.1', 'react-router-dom': '7.18.5', i18next: '26.7.2' };
  assert.deepEqual(compatibilityProblems({ '@reelmint/shared': '^1.0.0', react: '^19.0.0', i18next: '^26.0.0' }, provides), []);
  assert.deepEqual(
    compatibilityProblems({ '@reelmint/shared': '^2.0.0', react: '^19.0.0', 'react-router-dom': '^8.0.0', zustand: '^5.0.0' }, provides).map(
      (problem) => problem.message,
    ),
    [
      '@reelmint/shared: the build requires ^2.0.0, but the live shell provides 1.0.0',
      'react-router-dom: the build requires ^8.0.0, but the live shell provides 7.18.5',
      'zustand: the build requires ^5.0.0 as a singleton, but the live shell does not provide zustand',
    ],
  );
  assert.match(compatibilityProblems({ i18next: 'not a range' }, provides)[0].message, /not a valid version range/);
});

test('what the shell provides and what a build requires are read from their mf-manifest.json files', () => {
  const dir = temporaryDir();
  const shell = readShellBuild(fakeShellDist(join(dir, 'shell'), { '@reelmint/shared': '1.2.0', react: '19.3.1' }));
  assert.deepEqual(shell.provides, { '@reelmint/shared': '1.2.0', react: '19.3.1' });
  assert.throws(() => readShellBuild(join(dir, 'nothing')), /The shell has not been built/);
  const manifest = JSON.parse(readFileSync(join(fakeDist(join(dir, 'b'), { requires: { mitt: '^3.0.0' } }), 'mf-manifest.json'), 'utf8'));
  assert.deepEqual(manifestRequirements(manifest), { mitt: '^3.0.0' });
});
