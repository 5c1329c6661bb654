import { REMOTE_NAMES } from '../remotes/pointer.ts';
import type { PointerDocument, RemoteTarget, RemotesPointer } from '../remotes/pointer.ts';
import { inCanary } from '../release/canary.ts';
import { parseOverrideParams } from '../release/overrides.ts';

/**
 * The build of each remote this visitor will most likely load, as far as the server can tell: the canary when
 * the visitor's id (cookie) falls in its share, else the live version. A remote named in an `override`
 * parameter is left out: the browser checks overrides, so the server does not guess them. Overrides kept in the
 * browser's storage are invisible to the server; the browser still decides, the hints are only hints.
 */
export function likelyRemotes(document: PointerDocument, visitor: string, search: string): Partial<RemotesPointer> {
  const overridden = new Set(parseOverrideParams(search).requests.map(({ remote }) => remote));
  const chosen: Partial<RemotesPointer> = {};
  for (const name of REMOTE_NAMES) {
    const target = document.remotes[name];
    if (!target || overridden.has(name)) continue;
    const pick: RemoteTarget = target.canary && inCanary(visitor, name, target.canary.percent) ? target.canary : target;
    chosen[name] = { entry: pick.entry, version: pick.version };
  }
  return chosen;
}
