import type { RemoteName } from '@reelmint/contract/remotes';

/** Which versions of each remote the release tooling published, read from its releases folder. */
export declare class PublishedVersions {
  readonly releasesDir: string;
  constructor(releasesDir: string, clock?: () => number);
  isPublished(remote: RemoteName, version: string): Promise<boolean>;
}
