import type { PublishedVersion } from '@reelmint/contract/release-api';
import type { RemoteName } from '@reelmint/contract/remotes';
import type { PointerStoreConfig, ReleaseConfig } from './config.mjs';

/** A refusal of the release tooling, said to the person as it is (no stack); a command's exit code rides along. */
export declare class ReleaseError extends Error {
  exitCode?: number;
}
/** The name of a published version's metadata file, beside its build. */
export declare const RELEASE_FILE: string;
/** Gives every published version its compressed copies (versions published before publishing made them). */
export declare function compressPublished(config: ReleaseConfig): void;
/** Every published version of a remote with its build facts, newest first. */
export declare function listPublished(config: Pick<PointerStoreConfig, 'releasesDir'>, name: RemoteName): Promise<PublishedVersion[]>;
