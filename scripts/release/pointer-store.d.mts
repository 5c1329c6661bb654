import type { PointerStoreConfig } from './config.mjs';

/** One change of the pointer as the history records it; a change's own figures ride along. */
export interface HistoryRecord {
  at: string;
  actor: string;
  action: string;
  remote: string | null;
  reason: string | null;
  [field: string]: unknown;
}

/** The pointer and its history, wherever they are kept (the files or the API's database). */
export interface PointerStore {
  kind: 'file' | 'database';
  /** Where, in words (a path or "the PostgreSQL database"). */
  where: string;
  /** The stored document; its shape is storedPointer in @reelmint/contract/release-api. */
  read(): Promise<unknown>;
  /** Every change (or the last `limit`), oldest first. */
  history(limit?: number): Promise<HistoryRecord[]>;
  append(entry: HistoryRecord): Promise<void>;
  change(
    change: { action: string; remote: string | null; actor: string; reason: string | null },
    mutate: (document: { remotes: Record<string, unknown> } & Record<string, unknown>) => {
      document: unknown;
      summary: Record<string, unknown>;
    } | null,
  ): Promise<{ changed: boolean; document: unknown; entry?: HistoryRecord }>;
  close(): Promise<void>;
}

export declare function openPointerStore(config: PointerStoreConfig): Promise<PointerStore>;
export declare function pointerReader(store: PointerStore, refreshMs?: number): () => Promise<unknown>;
export declare const POINTER_REFRESH_MS: number;
/** What browsers get of the pointer (the shell's /remotes.json): what to load and for whom, without the release bookkeeping. */
export declare function publicPointer(
  document: unknown,
  overrideOrigins?: string[],
): { remotes: Record<string, unknown>; overrides: { allowedOrigins: string[] } };
