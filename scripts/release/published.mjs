// Which versions of each remote exist, for the API's check of visitors' reports (a report must name a
// version the release tooling published).
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { LOCAL_VERSION, REMOTE_NAMES, VERSION_PATTERN, remoteReleasesDir } from './config.mjs';
import { RELEASE_FILE } from './releases.mjs';

/** How long "not published" is believed before the folder is looked at again (a version may be published meanwhile). */
const UNKNOWN_TTL_MS = 10_000;

/**
 * Reads the releases folder (`RELEASES_DIR`, `<dir>/mfe-<remote>/<version>/release.json`). A published version
 * never changes nor goes away, so a version found once is remembered; one not found is checked again after a
 * few seconds.
 */
export class PublishedVersions {
  #known = new Set();
  #unknownUntil = new Map();

  /**
   * @param {string} releasesDir
   * @param {() => number} [clock]
   */
  constructor(releasesDir, clock = Date.now) {
    this.releasesDir = releasesDir;
    this.clock = clock;
  }

  /** @param {string} remote @param {string} version */
  async isPublished(remote, version) {
    if (version === LOCAL_VERSION) return true;
    if (!REMOTE_NAMES.includes(remote) || !VERSION_PATTERN.test(version) || version.length > 100) return false;
    const key = `${remote}@${version}`;
    if (this.#known.has(key)) return true;
    const until = this.#unknownUntil.get(key);
    if (until !== undefined && until > this.clock()) return false;
    const found = await stat(join(remoteReleasesDir(this, remote), version, RELEASE_FILE)).then(
      (info) => info.isFile(),
      () => false,
    );
    if (found) {
      this.#known.add(key);
      this.#unknownUntil.delete(key);
    } else {
      // Bounded: a flood of made-up versions must not grow this map without end.
      if (this.#unknownUntil.size > 10_000) this.#unknownUntil.clear();
      this.#unknownUntil.set(key, this.clock() + UNKNOWN_TTL_MS);
    }
    return found;
  }
}
