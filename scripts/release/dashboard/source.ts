import type { RemoteName } from '@reelmint/contract/remotes';
import { openPointerStore } from '../pointer-store.mjs';
import { listPublished } from '../releases.mjs';
import { historyEntry, pointerView } from './pointer-view.ts';
import type { HistoryEntry, PointerView, PublishedRelease, ReleaseStoreConfig } from './pointer-view.ts';

/** Where the dashboard, the guard and `release watch` read the pointer and its history: the release tooling's own store. */
export interface ReleaseSource {
  kind: 'file' | 'database';
  readPointer(): Promise<PointerView>;
  /** Newest first. */
  readHistory(limit: number): Promise<HistoryEntry[]>;
  listPublished(remote: RemoteName): Promise<PublishedRelease[]>;
  close(): Promise<void>;
}

/**
 * Opens the store the release CLI and the shell servers use (pointer-store.mjs decides which, from
 * REMOTES_POINTER_STORE), so the dashboard never shows a pointer other than the one the site serves.
 */
export async function openReleaseSource(config: ReleaseStoreConfig): Promise<ReleaseSource> {
  const store = await openPointerStore(config);
  return {
    kind: store.kind,
    readPointer: async () => pointerView(await store.read()),
    readHistory: async (limit) => (await store.history(limit)).reverse().map((entry) => historyEntry(entry)),
    listPublished: (remote) => listPublished(config, remote),
    close: () => store.close(),
  };
}
