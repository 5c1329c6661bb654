// Where releases and the remotes pointer live, and which origin serves each app. One module so that
// `npm start` (which serves them) and the release CLI (which writes them) can never disagree.
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PORTS, REMOTE_NAMES } from '@reelmint/contract/remotes';
import { LOCAL_VERSION, VERSION_PATTERN } from '@reelmint/contract/versions';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

export { REMOTE_NAMES };
/** Remote name (as the shell knows it) to the workspace that builds it. */
export const REMOTES = Object.freeze(Object.fromEntries(REMOTE_NAMES.map((name) => [name, `mfe-${name}`])));

/** The pseudo-version for the build in a workspace's dist, and a published version's pattern: the contract's. */
export { LOCAL_VERSION, VERSION_PATTERN };

/** Published versions are served under this path of each remote's origin: /releases/<version>/. */
export const RELEASES_PATH = '/releases/';

/** Accepts `billing` or `mfe-billing`; returns the remote name or null. */
export function remoteName(input) {
  if (typeof input !== 'string') return null;
  const name = input.replace(/^mfe-/, '');
  return Object.hasOwn(REMOTES, name) ? name : null;
}

/**
 * Every path and origin, read from the environment each time so tests can point a run at
 * temporary folders and other ports.
 */
export function releaseConfig(env = process.env) {
  const runDir = join(ROOT, '.run');
  const publicHost = env.PUBLIC_HOST ?? 'localhost';
  const origin = (port) => `http://${publicHost}:${port}`;
  // Relative paths are taken from the repository root, whichever folder the process runs in (the API runs in api/).
  const pointerFile = resolve(ROOT, env.REMOTES_POINTER ?? join(runDir, 'remotes.json'));
  return {
    releasesDir: resolve(ROOT, env.RELEASES_DIR ?? join(runDir, 'releases')),
    pointerFile,
    historyFile: resolve(ROOT, env.REMOTES_HISTORY ?? `${pointerFile.replace(/\.json$/, '')}.history.jsonl`),
    /** `database`: the pointer and history live in the API's database, shared by every shell server (pointer-db.mjs). */
    pointerStore: pointerStore(env),
    /** The API's database, as the API finds it: DATABASE_URL, else reelmint.sqlite in DATA_DIR. */
    databaseUrl: env.DATABASE_URL || undefined,
    sqlitePath: join(resolve(ROOT, 'api', env.DATA_DIR || 'data'), SQLITE_FILE),
    shellDist: resolve(ROOT, env.SHELL_DIST ?? join(ROOT, 'shell', 'dist')),
    shellOrigin: env.SHELL_ORIGIN ?? origin(PORTS.shell),
    remoteOrigin: (name) => env[`REMOTE_ORIGIN_${name.toUpperCase()}`] ?? origin(PORTS[name]),
    /** Origins a person may point a remote at with an override (e.g. a team's dev server). */
    overrideOrigins: overrideOrigins(env),
    /** The S3-compatible bucket `publish` also uploads each version to (bucket.mjs); null keeps versions on disk alone. */
    bucket: env.RELEASES_BUCKET
      ? {
          name: env.RELEASES_BUCKET,
          endpoint: env.S3_ENDPOINT || undefined,
          region: env.S3_REGION || env.AWS_REGION || 'us-east-1',
          forcePathStyle: env.S3_FORCE_PATH_STYLE === 'true',
        }
      : null,
  };
}

/** The SQLite file the API keeps in its data folder (DATA_DIR); with REMOTES_POINTER_STORE=database the pointer lives there too. */
export const SQLITE_FILE = 'reelmint.sqlite';

function pointerStore(env) {
  const store = env.REMOTES_POINTER_STORE ?? 'file';
  if (store !== 'file' && store !== 'database') throw new Error(`REMOTES_POINTER_STORE must be "file" or "database", not "${store}"`);
  return store;
}

/**
 * An override to a URL runs that origin's code for whoever opens the link, so outside a local run
 * (PUBLIC_HOST set) nothing is allowed unless OVERRIDE_ORIGINS says so. Locally the remotes' own
 * dev origins are allowed. Overrides to published versions need no allow list.
 */
function overrideOrigins(env) {
  if (env.OVERRIDE_ORIGINS === undefined) {
    return env.PUBLIC_HOST === undefined ? REMOTE_NAMES.map((name) => `http://localhost:${PORTS[name]}`) : [];
  }
  return env.OVERRIDE_ORIGINS.split(',')
    .map((value) => value.trim())
    .filter(Boolean);
}

export function workspaceDist(name) {
  return join(ROOT, REMOTES[name], 'dist');
}

/** The folder holding every published version of one remote. */
export function remoteReleasesDir(config, name) {
  return join(config.releasesDir, REMOTES[name]);
}

/** Where the browser fetches a version's remoteEntry.js. */
export function entryUrl(config, name, version) {
  const origin = config.remoteOrigin(name);
  if (version === LOCAL_VERSION) return `${origin}/remoteEntry.js`;
  return `${origin}${RELEASES_PATH}${version}/remoteEntry.js`;
}

export function releasesBaseUrl(config, name) {
  return `${config.remoteOrigin(name)}${RELEASES_PATH}`;
}
