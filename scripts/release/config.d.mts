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

export declare const ROOT: string;
export declare const SQLITE_FILE: string;
export declare const REMOTE_NAMES: readonly string[];
export declare function releaseConfig(env?: NodeJS.ProcessEnv): PointerStoreConfig & {
  shellDist: string;
  shellOrigin: string;
  remoteOrigin: (name: string) => string;
  overrideOrigins: string[];
};
/** The variables another process needs to see the same releases, pointer and history; undefined: leave it unset. */
export declare function storeEnv(config: PointerStoreConfig): Record<string, string | undefined>;
