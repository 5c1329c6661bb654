import type { RemoteName } from '@reelmint/contract/remotes';

/** Where the release tooling keeps releases and the pointer (see config.mjs); the subset other workspaces read. */
export interface PointerStoreConfig {
  releasesDir: string;
  pointerFile: string;
  historyFile: string;
  /** `database`: the pointer and its history live in the API's database (REMOTES_POINTER_STORE). */
  pointerStore: 'file' | 'database';
  /** PostgreSQL, when set; otherwise the SQLite file. */
  databaseUrl?: string | undefined;
  sqlitePath: string;
}

/** Every path and origin the release tooling uses, read from the environment. */
export interface ReleaseConfig extends PointerStoreConfig {
  shellDist: string;
  shellOrigin: string;
  remoteOrigin: (name: string) => string;
  overrideOrigins: string[];
  /** Where `publish` also uploads each version (RELEASES_BUCKET and the S3_* variables), or null. */
  bucket: { name: string; endpoint: string | undefined; region: string; forcePathStyle: boolean } | null;
}

export declare const ROOT: string;
export declare const SQLITE_FILE: string;
export declare const REMOTE_NAMES: readonly RemoteName[];
/** Remote name to the workspace that builds it (billing: mfe-billing). */
export declare const REMOTES: Readonly<Record<RemoteName, string>>;
/** The pseudo-version of a remote's build in its dist folder, served at its origin's root. */
export declare const LOCAL_VERSION: 'local';
/** Published versions are served under this path of each remote's origin. */
export declare const RELEASES_PATH: string;
/** A published version: semver with build metadata (safe as a folder name and a URL segment). */
export declare const VERSION_PATTERN: RegExp;
export declare function releaseConfig(env?: NodeJS.ProcessEnv): ReleaseConfig;
/** The folder holding every published version of one remote. */
export declare function remoteReleasesDir(config: Pick<PointerStoreConfig, 'releasesDir'>, name: RemoteName): string;
