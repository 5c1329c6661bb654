import { isRemoteVersion } from '@reelmint/contract/versions';
import { REMOTE_NAMES } from '../remotes/pointer.ts';
import type { PointerEntry, RemoteName } from '../remotes/pointer.ts';
import { OVERRIDE_PARAM, OVERRIDES_KEY } from './override-keys.ts';

/**
 * Per-browser overrides for testing: `?override=billing@1.4.2+abc` (another published version) or
 * `?override=billing@http://localhost:5176` (a team's dev server, only from an allowed origin).
 * `?override=off` clears them. They are kept in local storage, so they last until cleared.
 */
const CLEAR_VALUES = new Set(['off', 'clear', 'none']);

/** What a person asked for: a remote and a version or URL, not yet checked. */
export interface OverrideRequest {
  remote: string;
  value: string;
}

export type Override =
  { remote: RemoteName; kind: 'version'; version: string; entry: string; check: string } | { remote: RemoteName; kind: 'url'; version: string; entry: string };

export type RefusalReason = 'unknown-remote' | 'invalid' | 'not-allowed' | 'not-published';

export interface Refusal {
  remote: string;
  value: string;
  reason: RefusalReason;
}

export type OverrideCheck = { ok: true; override: Override } | { ok: false; refusal: Refusal };

/** Reads `override` query parameters. A `+` in a version arrives as a space when not encoded; versions have no spaces. */
export function parseOverrideParams(search: string): { requests: OverrideRequest[]; clear: boolean; present: boolean } {
  const values = new URLSearchParams(search).getAll(OVERRIDE_PARAM);
  const requests: OverrideRequest[] = [];
  let clear = false;
  for (const raw of values) {
    const text = raw.trim();
    if (CLEAR_VALUES.has(text.toLowerCase())) {
      clear = true;
      continue;
    }
    const at = text.indexOf('@');
    requests.push(at < 0 ? { remote: text, value: '' } : { remote: text.slice(0, at), value: text.slice(at + 1).replace(/ /g, '+') });
  }
  return { requests, clear, present: values.length > 0 };
}

function isRemoteName(value: string): value is RemoteName {
  return (REMOTE_NAMES as readonly string[]).includes(value);
}

function originOf(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : null;
  } catch {
    return null;
  }
}

/**
 * Checks one request against the pointer and the server's allow list, without any network:
 * a URL must be on an allowed origin; a version needs the remote's releases base (whether that
 * version is really published is checked by `checkPublished`).
 */
export function checkOverride(request: OverrideRequest, pointer: PointerEntry | undefined, allowedOrigins: readonly string[]): OverrideCheck {
  const refuse = (reason: RefusalReason): OverrideCheck => ({ ok: false, refusal: { ...request, reason } });
  if (!isRemoteName(request.remote)) return refuse('unknown-remote');
  const remote = request.remote;
  if (/^[a-z][a-z0-9+.-]*:/i.test(request.value)) {
    const origin = originOf(request.value);
    if (!origin) return refuse('invalid');
    const allowed = allowedOrigins.some((candidate) => originOf(candidate) === origin);
    if (!allowed) return refuse('not-allowed');
    const url = new URL(request.value);
    const entry = url.pathname === '/' ? `${origin}/remoteEntry.js` : url.toString();
    return { ok: true, override: { remote, kind: 'url', version: entry, entry } };
  }
  if (!isRemoteVersion(request.value) || !pointer?.releases) return refuse('invalid');
  const releases = pointer.releases;
  if (request.value === 'local') {
    return {
      ok: true,
      override: {
        remote,
        kind: 'version',
        version: 'local',
        entry: new URL('/remoteEntry.js', releases).toString(),
        check: new URL('/mf-manifest.json', releases).toString(),
      },
    };
  }
  const base = new URL(`${request.value}/`, releases);
  return {
    ok: true,
    override: {
      remote,
      kind: 'version',
      version: request.value,
      entry: new URL('remoteEntry.js', base).toString(),
      check: new URL('release.json', base).toString(),
    },
  };
}

/**
 * Whether a version override may be loaded: only a version that answers is published. Only a 404 says
 * it is not; a timeout, a network error or a server error says nothing, so the caller keeps the request.
 */
export type PublishedState = 'published' | 'not-published' | 'unreachable';

export async function checkPublished(override: Override, fetchImpl: typeof fetch = fetch, timeoutMs = 4000): Promise<PublishedState> {
  if (override.kind !== 'version') return 'published';
  try {
    const response = await fetchImpl(override.check, { cache: 'no-store', signal: AbortSignal.timeout(timeoutMs) });
    if (response.ok) return 'published';
    return response.status === 404 ? 'not-published' : 'unreachable';
  } catch {
    return 'unreachable';
  }
}

export function loadStoredRequests(storage: Storage | undefined = globalThis.localStorage): OverrideRequest[] {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(OVERRIDES_KEY) ?? '[]');
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(
      (item): item is OverrideRequest => typeof item === 'object' && item !== null && typeof item.remote === 'string' && typeof item.value === 'string',
    );
  } catch {
    return [];
  }
}

export function storeRequests(requests: readonly OverrideRequest[], storage: Storage | undefined = globalThis.localStorage): void {
  try {
    if (requests.length === 0) storage?.removeItem(OVERRIDES_KEY);
    else storage?.setItem(OVERRIDES_KEY, JSON.stringify(requests));
  } catch {
    // Storage is blocked: the override still applies to this page view.
  }
}
