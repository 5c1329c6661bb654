/** The remotes pointer: which published build of each remote the site runs (remotes.json, never cached). */
export const REMOTE_NAMES = ['marketing', 'generator', 'billing'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

export interface RemoteTarget {
  /** URL of the remote's remoteEntry.js. */
  entry: string;
  version: string;
}

export type RemotesPointer = Record<RemoteName, RemoteTarget>;

function isTarget(value: unknown): value is RemoteTarget {
  if (!value || typeof value !== 'object') return false;
  const { entry, version } = value as Record<string, unknown>;
  return typeof entry === 'string' && /^https?:\/\//.test(entry) && typeof version === 'string';
}

/** Validates the document; a remote missing from it simply stays unavailable (its regions show the fallback). */
export function parsePointer(document: unknown): Partial<RemotesPointer> {
  const remotes = (document as { remotes?: Record<string, unknown> } | null)?.remotes ?? {};
  const pointer: Partial<RemotesPointer> = {};
  for (const name of REMOTE_NAMES) {
    const target = remotes[name];
    if (isTarget(target)) pointer[name] = target;
  }
  return pointer;
}

export async function fetchPointer(url = '/remotes.json'): Promise<Partial<RemotesPointer>> {
  const response = await fetch(url, { cache: 'no-store' });
  if (!response.ok) throw new Error(`remotes.json answered ${response.status}`);
  return parsePointer(await response.json());
}
