/**
 * The remotes pointer as visitors' browsers get it (remotes.json, never cached): the public part of the stored
 * pointer, whose shape is declared once in @reelmint/shared/release-api (type-only here, so no schema code
 * reaches the page).
 */
import { REMOTE_NAMES } from '@reelmint/contract/remotes';
import type { RemoteName } from '@reelmint/contract/remotes';
import type { StoredCanary, StoredTarget } from '@reelmint/contract/release-api';

export { REMOTE_NAMES };
export type { RemoteName };

/** The URL of the remote's remoteEntry.js, and its version. */
export type RemoteTarget = Pick<StoredTarget, 'entry' | 'version'>;

/** Another published version shown to a stable share of visitors (above 0, below 100). */
export type CanaryTarget = Pick<StoredCanary, 'entry' | 'version' | 'percent'>;

export type PointerEntry = RemoteTarget & Partial<Pick<StoredTarget, 'releases'>> & { canary?: CanaryTarget };

export type RemotesPointer = Record<RemoteName, RemoteTarget>;

export interface PointerDocument {
  remotes: Partial<Record<RemoteName, PointerEntry>>;
  /** Origins a person may point a remote at with an override, from the server's configuration. */
  allowedOverrideOrigins: string[];
}

const isHttpUrl = (value: unknown): value is string => typeof value === 'string' && /^https?:\/\//.test(value);

function isTarget(value: unknown): value is RemoteTarget {
  if (!value || typeof value !== 'object') return false;
  const { entry, version } = value as Record<string, unknown>;
  return isHttpUrl(entry) && typeof version === 'string';
}

function parseCanary(value: unknown): CanaryTarget | undefined {
  if (!isTarget(value)) return undefined;
  const { percent } = value as unknown as Record<string, unknown>;
  if (typeof percent !== 'number' || !(percent > 0 && percent < 100)) return undefined;
  return { entry: value.entry, version: value.version, percent };
}

/** Validates the document; a remote missing from it simply stays unavailable (its regions show the fallback). */
export function parsePointer(document: unknown): Partial<Record<RemoteName, PointerEntry>> {
  const remotes = (document as { remotes?: Record<string, unknown> } | null)?.remotes ?? {};
  const pointer: Partial<Record<RemoteName, PointerEntry>> = {};
  for (const name of REMOTE_NAMES) {
    const target = remotes[name];
    if (!isTarget(target)) continue;
    const entry: PointerEntry = { entry: target.entry, version: target.version };
    const canary = parseCanary((target as { canary?: unknown }).canary);
    if (canary) entry.canary = canary;
    const { releases } = target as { releases?: unknown };
    if (isHttpUrl(releases)) entry.releases = releases;
    pointer[name] = entry;
  }
  return pointer;
}

export function parsePointerDocument(document: unknown): PointerDocument {
  const origins = (document as { overrides?: { allowedOrigins?: unknown } } | null)?.overrides?.allowedOrigins;
  return {
    remotes: parsePointer(document),
    allowedOverrideOrigins: Array.isArray(origins) ? origins.filter(isHttpUrl) : [],
  };
}

export async function fetchPointer(url = '/remotes.json'): Promise<PointerDocument> {
  const response = await fetch(url, { cache: 'no-store' });
  if (!response.ok) throw new Error(`remotes.json answered ${response.status}`);
  return parsePointerDocument(await response.json());
}
