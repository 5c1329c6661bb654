import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { RemoteName } from '@reelmint/shared/remotes';

/** The pseudo-version of a remote's current dist build (served at its origin's root). */
export const LOCAL_VERSION = 'local';

/** A published version, as the release CLI names them: semver with build metadata (safe as a folder name). */
export const VERSION_PATTERN = /^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?$/;

/** How long "not published" is believed before the folder is looked at again (a version may be published meanwhile). */
const UNKNOWN_TTL_MS = 10_000;

/**
 * Which versions of each remote exist, read from the release CLI's folder (`RELEASES_DIR`,
 * `<dir>/mfe-<remote>/<version>/release.json`). A published version never changes nor goes away,
 * so a version found once is remembered; one not found is checked again after a few seconds.
 */
export class PublishedVersions {
  private readonly known = new Set<string>();
  private readonly unknownUntil = new Map<string, number>();

  constructor(
    readonly releasesDir: string,
    private readonly clock: () => number = Date.now,
  ) {}

  async isPublished(remote: RemoteName, version: string): Promise<boolean> {
    if (version === LOCAL_VERSION) return true;
    if (!VERSION_PATTERN.test(version) || version.length > 100) return false;
    const key = `${remote}@${version}`;
    if (this.known.has(key)) return true;
    const until = this.unknownUntil.get(key);
    if (until !== undefined && until > this.clock()) return false;
    const found = await stat(join(this.releasesDir, `mfe-${remote}`, version, 'release.json')).then(
      (info) => info.isFile(),
      () => false,
    );
    if (found) {
      this.known.add(key);
      this.unknownUntil.delete(key);
    } else {
      // Bounded: a flood of made-up versions must not grow this map without end.
      if (this.unknownUntil.size > 10_000) this.unknownUntil.clear();
      this.unknownUntil.set(key, this.clock() + UNKNOWN_TTL_MS);
    }
    return found;
  }
}
