/** The remotes pointer: which published build of each remote the site runs (remotes.json, never cached). */
import { REMOTE_NAMES } from '@reelmint/shared/remotes';
import type { RemoteName } from '@reelmint/shared/remotes';

export { REMOTE_NAMES };
export type { RemoteName };

export interface RemoteTarget {
  /** URL of the remote's remoteEntry.js. */
  entry: string;
  version: string;
}

/** Another published version shown to a stable share of visitors. */
export interface CanaryTarget extends RemoteTarget {
  /** Share of visitors, above 0 and below 100. */
  percent: number;
}

export interface PointerEntry extends RemoteTarget {
  canary?: CanaryTarget;
  /** Base URL under which every published version of this remote is served (<releases><version>/remoteEntry.js). */
  releases?: string;
}

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
