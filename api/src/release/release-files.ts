import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { REMOTE_NAMES } from '@reelmint/shared/remotes';
import { VERSION_PATTERN } from './published.ts';
import type { RemoteName } from '@reelmint/shared/remotes';
import { guardFiguresSeen } from '@reelmint/shared/release-api';
import type { GuardRules, HistoryEntry, PublishedVersion, RemoteOverview } from '@reelmint/shared/release-api';

export type { GuardRules, HistoryEntry };

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

/** Where the release CLI keeps its documents (see RELEASING.md): the same files `npm start` serves from. */
export interface ReleaseFiles {
  releasesDir: string;
  pointerFile: string;
  historyFile: string;
}

const text = (value: unknown): string | null => (typeof value === 'string' ? value : value === null || value === undefined ? null : String(value));

async function readText(file: string): Promise<string | null> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

function guardRules(value: unknown): GuardRules | null {
  const rules = value as Record<string, unknown> | null | undefined;
  if (!rules || typeof rules !== 'object') return null;
  const { minVisits, errorMargin, p75Margin } = rules;
  if (typeof minVisits !== 'number' || typeof errorMargin !== 'number' || typeof p75Margin !== 'number') return null;
  return { minVisits, errorMargin, p75Margin };
}

function canaryView(value: Record<string, unknown> | undefined): CanaryView | null {
  if (!value || typeof value.version !== 'string' || typeof value.percent !== 'number') return null;
  return { version: value.version, percent: value.percent, since: typeof value.since === 'string' ? value.since : null, guard: guardRules(value.guard) };
}

export function pointerView(document: unknown): PointerView {
  const raw = (document as { remotes?: Record<string, unknown>; updatedAt?: unknown } | null) ?? {};
  const remotes: Partial<Record<RemoteName, PointerTarget>> = {};
  for (const name of REMOTE_NAMES) {
    const target = raw.remotes?.[name] as { version?: unknown; canary?: Record<string, unknown>; previous?: unknown } | undefined;
    if (!target || typeof target.version !== 'string') continue;
    const canary = canaryView(target.canary);
    const previous = Array.isArray(target.previous) ? target.previous.filter((v): v is string => typeof v === 'string') : [];
    remotes[name] = { version: target.version, canary, rollbackTo: previous.at(-1) ?? null };
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

export async function readPointerFile(files: ReleaseFiles): Promise<PointerView> {
  const content = await readText(files.pointerFile);
  return pointerView(content ? JSON.parse(content) : null);
}

/** The history, newest first; a line that does not parse (a write cut by a crash) is skipped. */
export async function readHistoryFile(files: ReleaseFiles, limit: number): Promise<HistoryEntry[]> {
  const content = await readText(files.historyFile);
  if (!content) return [];
  const entries: HistoryEntry[] = [];
  for (const line of content.split('\n')) {
    if (!line.trim()) continue;
    try {
      entries.push(historyEntry(JSON.parse(line) as Record<string, unknown>));
    } catch {
      continue;
    }
  }
  return entries.reverse().slice(0, limit);
}

/** Every published version of a remote with its build facts, newest first. */
export async function listPublished(files: ReleaseFiles, remote: RemoteName): Promise<PublishedRelease[]> {
  const dir = join(files.releasesDir, `mfe-${remote}`);
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return [];
  }
  const releases: PublishedRelease[] = [];
  for (const version of names.filter((name) => VERSION_PATTERN.test(name))) {
    const content = await readText(join(dir, version, 'release.json'));
    if (!content) continue;
    let raw: Record<string, unknown>;
    try {
      raw = JSON.parse(content) as Record<string, unknown>;
    } catch {
      continue;
    }
    const build = (raw.build ?? {}) as Record<string, unknown>;
    releases.push({
      version,
      publishedAt: text(raw.publishedAt),
      publishedBy: text(raw.publishedBy),
      reason: text(raw.reason),
      sharedContract: text(raw.sharedContract),
      commit: text(build.commit),
      dirty: build.dirty === true,
      builtAt: text(build.builtAt),
    });
  }
  return releases.sort((a, b) => (b.publishedAt ?? '').localeCompare(a.publishedAt ?? ''));
}
