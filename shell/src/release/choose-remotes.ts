import { REMOTE_NAMES } from '../remotes/pointer.ts';
import type { PointerDocument, RemoteName, RemoteTarget, RemotesPointer } from '../remotes/pointer.ts';
import { inCanary } from './canary.ts';
import type { Override, OverrideCheck, OverrideRequest, Refusal } from './overrides.ts';
import { OVERRIDE_PARAM, OVERRIDES_KEY } from './override-keys.ts';
import { setOverrideReport } from './override-report.ts';
import { telemetry } from './telemetry.ts';
import { visitorId } from './visitor.ts';

export type ChoiceSource = 'live' | 'canary' | 'override';
export interface RemoteChoice extends RemoteTarget {
  source: ChoiceSource;
}

export interface ChooseEnvironment {
  search: string;
  storage: Storage | undefined;
  fetch: typeof fetch;
  /** Removes the override parameter from the address bar once read. */
  replaceSearch: (search: string) => void;
  root: HTMLElement;
}

function browserEnvironment(): ChooseEnvironment {
  return {
    search: location.search,
    storage: globalThis.localStorage,
    fetch: globalThis.fetch.bind(globalThis),
    replaceSearch: (search) => history.replaceState(history.state, '', `${location.pathname}${search}${location.hash}`),
    root: document.documentElement,
  };
}

/** `data-remote-billing="1.4.2+abc"` and `data-remote-billing-source="canary"`: readable by support and tests. */
function publishChoice(root: HTMLElement, name: RemoteName, choice: RemoteChoice): void {
  const key = `remote${name[0]!.toUpperCase()}${name.slice(1)}`;
  root.dataset[key] = choice.version;
  root.dataset[`${key}Source`] = choice.source;
}

type Outcome =
  | { status: 'accepted'; request: OverrideRequest; override: Override }
  | { status: 'refused'; refusal: Refusal }
  | { status: 'unchecked'; request: OverrideRequest; remote: RemoteName };

function hasStoredOverrides(storage: Storage | undefined): boolean {
  try {
    return storage?.getItem(OVERRIDES_KEY) != null;
  } catch {
    // Storage is blocked: nothing was kept.
    return false;
  }
}

/**
 * Validates override requests; a version override is loaded only when that version answers as
 * published. One whose check could not reach the server is kept for the next visit but not loaded.
 */
async function resolveOverrides(
  document: PointerDocument,
  env: ChooseEnvironment,
): Promise<{ overrides: Override[]; refused: Refusal[]; unchecked: OverrideRequest[] }> {
  // Nearly every visit has none: the code that checks overrides comes only with one, not on every first page.
  if (!new URLSearchParams(env.search).has(OVERRIDE_PARAM) && !hasStoredOverrides(env.storage)) return { overrides: [], refused: [], unchecked: [] };
  const { checkOverride, checkPublished, loadStoredRequests, parseOverrideParams, storeRequests } = await import('./overrides.ts');
  const fromUrl = parseOverrideParams(env.search);
  if (fromUrl.present) {
    const params = new URLSearchParams(env.search);
    params.delete(OVERRIDE_PARAM);
    const rest = params.toString();
    env.replaceSearch(rest ? `?${rest}` : '');
  }
  const stored = fromUrl.clear ? [] : loadStoredRequests(env.storage);
  const check = async (request: OverrideRequest): Promise<Outcome> => {
    const result: OverrideCheck = checkOverride(request, document.remotes[request.remote as RemoteName], document.allowedOverrideOrigins);
    if (!result.ok) return { status: 'refused', refusal: result.refusal };
    const published = await checkPublished(result.override, env.fetch);
    if (published === 'not-published') return { status: 'refused', refusal: { ...request, reason: 'not-published' } };
    // A brief network failure must not delete what the person asked for.
    if (published === 'unreachable') return { status: 'unchecked', request, remote: result.override.remote };
    return { status: 'accepted', request, override: result.override };
  };
  // New requests come last, so an accepted (or unverifiable) one replaces what was stored for that
  // remote; a refused one changes nothing, and a stored one that no longer passes (the allow list
  // changed, the version is gone) is dropped.
  const outcomes = await Promise.all([...stored, ...fromUrl.requests].map(check));
  const kept = new Map<RemoteName, { request: OverrideRequest; override?: Override }>();
  const refused: Refusal[] = [];
  for (const outcome of outcomes) {
    if (outcome.status === 'refused') refused.push(outcome.refusal);
    else if (outcome.status === 'accepted') kept.set(outcome.override.remote, { request: outcome.request, override: outcome.override });
    else kept.set(outcome.remote, { request: outcome.request });
  }
  const entries = [...kept.values()];
  storeRequests(
    entries.map(({ request }) => request),
    env.storage,
  );
  const overrides = entries.flatMap(({ override }) => (override ? [override] : []));
  const unchecked = entries.filter(({ override }) => !override).map(({ request }) => request);
  return { overrides, refused, unchecked };
}

/**
 * Decides, for this visitor, which build of each remote to load: an override set in this browser,
 * else the canary when the visitor's stable bucket falls in its share, else the live version.
 */
export async function chooseRemotes(document: PointerDocument, env: ChooseEnvironment = browserEnvironment()): Promise<Partial<RemotesPointer>> {
  const { overrides, refused, unchecked } = await resolveOverrides(document, env);
  const visitor = visitorId(env.storage);
  const chosen: Partial<RemotesPointer> = {};
  for (const name of REMOTE_NAMES) {
    const target = document.remotes[name];
    const override = overrides.find((candidate) => candidate.remote === name);
    let choice: RemoteChoice;
    if (override) choice = { entry: override.entry, version: override.version, source: 'override' };
    else if (target?.canary && inCanary(visitor, name, target.canary.percent))
      choice = { entry: target.canary.entry, version: target.canary.version, source: 'canary' };
    else if (target) choice = { entry: target.entry, version: target.version, source: 'live' };
    else continue;
    chosen[name] = { entry: choice.entry, version: choice.version };
    publishChoice(env.root, name, choice);
    telemetry.setTarget(name, choice);
  }
  setOverrideReport({ active: overrides, refused, unchecked });
  return chosen;
}
