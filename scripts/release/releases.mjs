// Published versions of a remote: immutable copies of one build, each with the contract it requires
// and its build metadata (release.json). A version folder is assembled beside its final place and
// renamed into it in one step, so a half-copied version is never served and never overwritten.
import { spawnSync } from 'node:child_process';
import { chmodSync, cpSync, existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { join, relative } from 'node:path';
import { LOCAL_VERSION, REMOTES, ROOT, VERSION_PATTERN, remoteReleasesDir, workspaceDist } from './config.mjs';
import { precompressDir } from './precompress.mjs';

export const RELEASE_FILE = 'release.json';

export class ReleaseError extends Error {
  constructor(message) {
    super(message);
    this.name = 'ReleaseError';
  }
}

export function readJson(file) {
  return JSON.parse(readFileSync(file, 'utf8'));
}

/** The singletons a build asks the host for, read from its mf-manifest.json: package to semver range. */
export function manifestRequirements(manifest) {
  const requires = {};
  for (const shared of manifest.shared ?? []) {
    if (shared.singleton && typeof shared.requiredVersion === 'string') requires[shared.name] = shared.requiredVersion;
  }
  return requires;
}

function git(args) {
  const result = spawnSync('git', args, { cwd: ROOT, encoding: 'utf8' });
  return result.status === 0 ? result.stdout.trim() : null;
}

/** The commit a build comes from, and whether its inputs (the remote and the contract) had uncommitted changes. */
export function sourceRevision(name) {
  const commit = git(['rev-parse', '--short=10', 'HEAD']);
  if (!commit) return { commit: 'unknown', dirty: true };
  const changes = git(['status', '--porcelain', '--', REMOTES[name], 'shared']);
  return { commit, dirty: changes === null || changes !== '' };
}

function releaseOfDist(name, dist, version, build) {
  const manifestFile = join(dist, 'mf-manifest.json');
  if (!existsSync(manifestFile) || !existsSync(join(dist, 'remoteEntry.js'))) {
    throw new ReleaseError(`${relative(ROOT, dist) || dist} has no mf-manifest.json and remoteEntry.js: build it first (npm run build -w ${REMOTES[name]})`);
  }
  const manifest = readJson(manifestFile);
  if (manifest.name !== name) throw new ReleaseError(`${relative(ROOT, dist) || dist} holds a build of "${manifest.name}", not of ${name}`);
  const requires = manifestRequirements(manifest);
  return {
    remote: name,
    package: REMOTES[name],
    version,
    sharedContract: requires['@reelmint/shared'] ?? null,
    requires,
    build: { ...build, builtAt: statSync(manifestFile).mtime.toISOString(), federationPlugin: manifest.metaData?.pluginVersion ?? null },
  };
}

/** The unpublished build in <workspace>/dist, described like a release so it can be checked and promoted. */
export function localRelease(name) {
  const dist = workspaceDist(name);
  if (!existsSync(join(dist, 'mf-manifest.json'))) return null;
  return releaseOfDist(name, dist, LOCAL_VERSION, { ...sourceRevision(name), packageVersion: readJson(join(ROOT, REMOTES[name], 'package.json')).version });
}

export function readRelease(config, name, version) {
  if (version === LOCAL_VERSION) return localRelease(name);
  if (!VERSION_PATTERN.test(version)) return null;
  const file = join(remoteReleasesDir(config, name), version, RELEASE_FILE);
  return existsSync(file) ? readJson(file) : null;
}

/** Every published version of a remote, oldest first. */
export function listReleases(config, name) {
  const dir = remoteReleasesDir(config, name);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((entry) => VERSION_PATTERN.test(entry))
    .map((version) => readRelease(config, name, version))
    .filter((release) => release !== null)
    .sort((a, b) => a.publishedAt.localeCompare(b.publishedAt));
}

const text = (value) => (typeof value === 'string' ? value : value === null || value === undefined ? null : String(value));

/**
 * Every published version of a remote with its build facts, newest first, as the release dashboard lists them.
 * A folder without a readable release.json (one still being assembled, or damaged) is left out.
 * @returns {Promise<import('@reelmint/contract/release-api').PublishedVersion[]>}
 */
export async function listPublished(config, name) {
  const dir = remoteReleasesDir(config, name);
  let names;
  try {
    names = await readdir(dir);
  } catch {
    return [];
  }
  const releases = [];
  for (const version of names.filter((entry) => VERSION_PATTERN.test(entry))) {
    let raw;
    try {
      raw = JSON.parse(await readFile(join(dir, version, RELEASE_FILE), 'utf8'));
    } catch (error) {
      if (error.code === 'ENOENT' || error instanceof SyntaxError) continue;
      throw error;
    }
    const build = raw?.build ?? {};
    releases.push({
      version,
      publishedAt: text(raw?.publishedAt),
      publishedBy: text(raw?.publishedBy),
      reason: text(raw?.reason),
      sharedContract: text(raw?.sharedContract),
      commit: text(build.commit),
      dirty: build.dirty === true,
      builtAt: text(build.builtAt),
    });
  }
  return releases.sort((a, b) => (b.publishedAt ?? '').localeCompare(a.publishedAt ?? ''));
}

function makeReadOnly(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) makeReadOnly(path);
    else chmodSync(path, 0o444);
  }
}

/**
 * Publishes one build of a remote as `<package version>+<commit>`. Refuses a version that already
 * exists, and a build whose sources have uncommitted changes unless `allowDirty` (then the build
 * metadata says so: `+<commit>.dirty`).
 */
export function publish(config, name, { dist = workspaceDist(name), version, allowDirty = false, actor, reason = null }) {
  const packageVersion = readJson(join(ROOT, REMOTES[name], 'package.json')).version;
  const base = version ?? packageVersion;
  if (!/^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?$/.test(base)) {
    throw new ReleaseError(`"${base}" is not a version like 1.4.2 (the commit is added as build metadata)`);
  }
  const revision = sourceRevision(name);
  if (revision.dirty && !allowDirty) {
    throw new ReleaseError(
      `${REMOTES[name]} or shared has uncommitted changes, so this build cannot be traced to commit ${revision.commit}. ` +
        'Commit first, or pass --allow-dirty to publish it marked as dirty.',
    );
  }
  const fullVersion = `${base}+${revision.commit}${revision.dirty ? '.dirty' : ''}`;
  const releasesDir = remoteReleasesDir(config, name);
  const target = join(releasesDir, fullVersion);
  if (existsSync(target))
    throw new ReleaseError(`${name} ${fullVersion} is already published; published versions never change. Bump the version to publish again.`);

  const release = {
    ...releaseOfDist(name, dist, fullVersion, { commit: revision.commit, dirty: revision.dirty, packageVersion }),
    publishedAt: new Date().toISOString(),
    publishedBy: actor,
    reason,
  };
  mkdirSync(releasesDir, { recursive: true });
  const incoming = join(releasesDir, `.incoming-${process.pid}-${randomBytes(4).toString('hex')}`);
  try {
    // Timestamps kept, so the compressed copies the build wrote are carried as they are; a build from
    // elsewhere that has none (or older ones than a file) gets them made here, before the version is sealed.
    cpSync(dist, incoming, { recursive: true, preserveTimestamps: true });
    precompressDir(incoming, { keepFresh: true, except: [RELEASE_FILE] });
    writeFileSync(join(incoming, RELEASE_FILE), `${JSON.stringify(release, null, 2)}\n`);
    makeReadOnly(incoming);
    renameSync(incoming, target);
  } catch (error) {
    rmSync(incoming, { recursive: true, force: true });
    if (error.code === 'ENOTEMPTY' || error.code === 'EEXIST') {
      throw new ReleaseError(`${name} ${fullVersion} was published by someone else a moment ago; published versions never change.`);
    }
    throw error;
  }
  return release;
}

/**
 * Gives every published version its compressed copies. Versions published before publishing made them
 * were stored without; the copies hold the same bytes, so the version's content does not change.
 * Copies already there are kept, so after the first run this only reads file dates.
 */
export function compressPublished(config) {
  for (const name of Object.keys(REMOTES)) {
    const dir = remoteReleasesDir(config, name);
    if (!existsSync(dir)) continue;
    for (const version of readdirSync(dir)) {
      if (VERSION_PATTERN.test(version) && existsSync(join(dir, version, RELEASE_FILE))) {
        // release.json is answered by the server with the version alone; a copy of it would reveal the rest.
        precompressDir(join(dir, version), { keepFresh: true, except: [RELEASE_FILE] });
      }
    }
  }
}
