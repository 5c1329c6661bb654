import type { PointerStore } from './pointer-store.mjs';
import type { PointerStoreConfig, ReleaseConfig } from './config.mjs';

export type { PointerStoreConfig, ReleaseConfig } from './config.mjs';
export type { HistoryRecord, PointerStore } from './pointer-store.mjs';
export { LOCAL_VERSION, RELEASES_PATH, REMOTES, REMOTE_NAMES, SQLITE_FILE, VERSION_PATTERN, releaseConfig, remoteReleasesDir } from './config.mjs';
export { openPointerStore, pointerReader, publicPointer } from './pointer-store.mjs';
export { PublishedVersions } from './published.mjs';
export { RELEASE_FILE, compressPublished, listPublished } from './releases.mjs';

/** What one release command run in this process gives back: its exit code (RELEASING.md) and what it said. */
export interface CommandResult {
  /** 0 done, 1 refused or failed, 2 incompatible, 3 smoke check failed. */
  code: number;
  output: string;
}
/** Runs a release command (the CLI's arguments) as `actor`. */
export type ReleaseRunner = (args: string[], actor: string) => Promise<CommandResult>;
/** The release commands run in this process, on the caller's releases, pointer and history; the rest from `env`. */
export declare function releaseRunner(store: PointerStoreConfig, env?: NodeJS.ProcessEnv): ReleaseRunner;
/** Points every remote without a live version at its local build; returns, per remote, a line saying what is live. */
export declare function ensureLocalDefaults(config: ReleaseConfig, store: PointerStore): Promise<Record<string, string>>;
