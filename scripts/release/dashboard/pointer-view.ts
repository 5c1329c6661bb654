import { REMOTE_NAMES } from '@reelmint/contract/remotes';
import type { RemoteName } from '@reelmint/contract/remotes';
import { guardFiguresSeen, storedTarget } from '@reelmint/contract/release-api';
import type { GuardRules, HistoryEntry, PublishedVersion, RemoteOverview } from '@reelmint/contract/release-api';
import type { PointerStoreConfig } from '../config.mjs';

export type { GuardRules, HistoryEntry };

/** Where the release tooling keeps releases, the pointer and its history (see RELEASING.md): the files, or the API's database. */
export type ReleaseStoreConfig = PointerStoreConfig;

/** A remote's canary: its version, share of visitors, start and guard. */
export type CanaryView = NonNullable<RemoteOverview['canary']>;

/** One remote in the pointer: its live version, an optional canary, and where rollback goes. */
export interface PointerTarget {
  version: string;
  canary: CanaryView | null;
  /** The version `rollback` returns to. */
  rollbackTo: string | null;
}

export interface PointerView {
  remotes: Partial<Record<RemoteName, PointerTarget>>;
  updatedAt: string | null;
}

/** A published build as the dashboard lists it. */
export type PublishedRelease = PublishedVersion;

const text = (value: unknown): string | null => (typeof value === 'string' ? value : value === null || value === undefined ? null : String(value));

/**
 * The stored pointer (its shape: storedPointer in @reelmint/contract/release-api) as the dashboard and the guard
 * use it. A remote whose entry does not fit the shape is left out, as the shell leaves it out; a canary's
 * guard that does not fit is dropped (the canary then runs unguarded, as it would on the command line).
 */
export function pointerView(document: unknown): PointerView {
  const raw = (document as { remotes?: Record<string, unknown>; updatedAt?: unknown } | null) ?? {};
  const remotes: Partial<Record<RemoteName, PointerTarget>> = {};
  for (const name of REMOTE_NAMES) {
    const parsed = storedTarget.safeParse(raw.remotes?.[name]);
    if (!parsed.success) continue;
    const { version, canary, previous } = parsed.data;
    remotes[name] = {
      version,
      canary: canary
        ? { version: canary.version, percent: canary.percent, since: canary.since ?? null, stepSince: canary.stepSince ?? null, guard: canary.guard ?? null }
        : null,
      rollbackTo: previous?.at(-1) ?? null,
    };
  }
  return { remotes, updatedAt: typeof raw.updatedAt === 'string' ? raw.updatedAt : null };
}

export function historyEntry(raw: Record<string, unknown>): HistoryEntry {
  return {
    at: text(raw.at) ?? '',
    actor: text(raw.actor) ?? 'unknown',
    action: text(raw.action) ?? 'unknown',
    remote: text(raw.remote),
    reason: text(raw.reason),
    from: text(raw.from),
    to: text(raw.to),
    // Figures a change was made on (an automatic canary stop records what it saw); anything else is dropped.
    figures: guardFiguresSeen
      .nullable()
      .catch(null)
      .parse(raw.figures ?? null),
  };
}
