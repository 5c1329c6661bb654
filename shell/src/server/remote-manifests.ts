/**
 * Each remote's mf-manifest.json, read by the shell's server so the first HTML can name the files a route
 * needs. A manifest is fetched from beside the remote's entry, like the browser would, so a published
 * version, the local build and an override to another origin all work the same way.
 */
import { isManifest, manifestUrl } from '../remotes/manifest-files.ts';
import type { RemoteManifest } from '../remotes/manifest-files.ts';

export type { RemoteManifest };

interface Entry {
  /** The last good manifest, kept while a newer one is fetched. */
  manifest?: RemoteManifest;
  /** When the last fetch settled (undefined before the first one). */
  fetchedAt?: number;
  pending?: Promise<RemoteManifest | undefined>;
}

export interface ManifestCacheOptions {
  /** How long one fetch may take before it is abandoned. */
  fetchTimeoutMs?: number;
  /** After this, a manifest of a mutable build (the local dist, a dev server) is fetched again. */
  maxAgeMs?: number;
  fetch?: typeof fetch;
  now?: () => number;
}

/** A published version never changes: its URL has /releases/<version>/ in it. */
const IMMUTABLE = /\/releases\/[^/]+\/remoteEntry\.js$/;

export function createManifestCache({ fetchTimeoutMs = 2000, maxAgeMs = 5000, fetch: fetcher = globalThis.fetch, now = Date.now }: ManifestCacheOptions = {}) {
  const entries = new Map<string, Entry>();

  function refresh(entry: string, cached: Entry): Promise<RemoteManifest | undefined> {
    if (cached.pending) return cached.pending;
    cached.pending = fetcher(manifestUrl(entry), { signal: AbortSignal.timeout(fetchTimeoutMs) })
      .then(async (response) => {
        if (!response.ok) throw new Error(`answered ${response.status}`);
        const body: unknown = await response.json();
        if (!isManifest(body)) throw new Error('is not a federation manifest');
        cached.manifest = body;
        return body;
      })
      .catch((error: unknown) => {
        // A remote that is down costs its hints, never the page; the stale manifest (if any) stays usable.
        console.warn(`mf-manifest of ${entry} unavailable: ${error instanceof Error ? error.message : String(error)}`);
        return cached.manifest;
      })
      .finally(() => {
        cached.fetchedAt = now();
        cached.pending = undefined;
      });
    return cached.pending;
  }

  /**
   * The manifest of the build behind `entry`, waiting at most `waitMs` for one that is not known yet.
   * A known manifest answers at once; when it is old it is refreshed in the background for the next page.
   */
  async function get(entry: string, waitMs: number): Promise<RemoteManifest | undefined> {
    let cached = entries.get(entry);
    if (!cached) {
      cached = {};
      entries.set(entry, cached);
    }
    if (cached.manifest) {
      if (!IMMUTABLE.test(entry) && now() - (cached.fetchedAt ?? 0) > maxAgeMs) void refresh(entry, cached);
      return cached.manifest;
    }
    // A recent failure is not retried on every page: wait for the next refresh window.
    if (cached.fetchedAt !== undefined && now() - cached.fetchedAt <= maxAgeMs && !cached.pending) return undefined;
    const pending = refresh(entry, cached);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const budget = new Promise<undefined>((resolve) => {
      timer = setTimeout(() => resolve(undefined), waitMs);
    });
    try {
      return await Promise.race([pending, budget]);
    } finally {
      clearTimeout(timer);
    }
  }

  return { get };
}

export type ManifestCache = ReturnType<typeof createManifestCache>;
