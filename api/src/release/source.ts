import type { RemoteName } from '@reelmint/shared/remotes';
import { listPublished, readHistoryFile, readPointerFile } from './release-files.ts';
import type { HistoryEntry, PointerView, PublishedRelease, ReleaseFiles } from './release-files.ts';

/** Where the dashboard reads the pointer and its history from. */
export interface ReleaseSource {
  kind: 'file' | 'database';
  readPointer(): Promise<PointerView>;
  /** Newest first. */
  readHistory(limit: number): Promise<HistoryEntry[]>;
  listPublished(remote: RemoteName): Promise<PublishedRelease[]>;
}

export function fileSource(files: ReleaseFiles): ReleaseSource {
  return {
    kind: 'file',
    readPointer: () => readPointerFile(files),
    readHistory: (limit) => readHistoryFile(files, limit),
    listPublished: (remote) => listPublished(files, remote),
  };
}
