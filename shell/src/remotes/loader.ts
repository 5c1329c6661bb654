import { loadRemote, registerRemotes } from '@module-federation/runtime';
import type { ExposedModule, ScreenModule } from '@reelmint/contract/screens';
import type { RemoteName, RemotesPointer } from './pointer.ts';
import { refreshFailedStyleHints } from './style-hints.ts';

/** How long a remote may take to hand over a module before its region shows the fallback. */
export const REMOTE_LOAD_TIMEOUT_MS = 8000;

export class RemoteLoadError extends Error {
  constructor(
    message: string,
    readonly remote: RemoteName,
    readonly reason: 'timeout' | 'unavailable' | 'not-configured',
  ) {
    super(message);
    this.name = 'RemoteLoadError';
  }
}

let pointer: Partial<RemotesPointer> = {};
/** Modules already handed over, by `remote/module`: a region whose module is in draws it at once, with no loading frame. */
const loaded = new Map<string, unknown>();
/** Loads under way, by `remote/module`: asked again meanwhile, the same load (and its timeout) is shared. */
const pending = new Map<string, Promise<unknown>>();
/** Per remote, how many times it was (re)registered: a retry needs a fresh entry URL. */
const attempts = new Map<RemoteName, number>();
/** Remotes whose last load failed: the next load starts afresh, so an origin that has recovered is asked again. */
const failed = new Set<RemoteName>();

function entryUrl(name: RemoteName, attempt: number): string {
  const target = pointer[name];
  if (!target) throw new RemoteLoadError(`No build of ${name} is configured`, name, 'not-configured');
  if (attempt === 0) return target.entry;
  // A browser keeps a hung or failed module import under its URL; a new query string makes a new request.
  const url = new URL(target.entry);
  url.searchParams.set('retry', String(attempt));
  return url.toString();
}

function register(name: RemoteName, attempt: number, force: boolean): void {
  registerRemotes([{ name, entry: entryUrl(name, attempt), type: 'module' }], { force });
}

export function setRemotesPointer(next: Partial<RemotesPointer>): void {
  pointer = next;
  loaded.clear();
  pending.clear();
  failed.clear();
  for (const name of Object.keys(next) as RemoteName[]) {
    attempts.set(name, 0);
    register(name, 0, false);
  }
}

export function configuredRemotes(): Partial<RemotesPointer> {
  return pointer;
}

function withTimeout<T>(promise: Promise<T>, ms: number, onTimeout: () => Error): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(onTimeout()), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/**
 * Loads one exposed module of a remote. Rejects within the timeout even when the remote's server
 * accepts the connection and never answers (the runtime's own promise would never settle). A load of the
 * same module already under way is shared; after a failed load, the next one starts afresh (resetRemote).
 */
export function loadExposed(name: RemoteName, exposed: ExposedModule, timeoutMs = REMOTE_LOAD_TIMEOUT_MS): Promise<ScreenModule> {
  if (!pointer[name]) return Promise.reject(new RemoteLoadError(`No build of ${name} is configured`, name, 'not-configured'));
  if (failed.has(name)) resetRemote(name);
  const request = `${name}/${exposed.replace(/^\.\//, '')}`;
  let loading = pending.get(request) as Promise<ScreenModule> | undefined;
  if (loading) return loading;
  loading = withTimeout(
    loadRemote<ScreenModule>(request),
    timeoutMs,
    () => new RemoteLoadError(`${name} did not answer within ${timeoutMs} ms`, name, 'timeout'),
  )
    .then((module) => {
      if (module === null || module === undefined) throw new RemoteLoadError(`${name} returned nothing for ${exposed}`, name, 'unavailable');
      loaded.set(request, module);
      return module;
    })
    .catch((error: unknown) => {
      failed.add(name);
      throw error instanceof RemoteLoadError
        ? error
        : new RemoteLoadError(`${name} could not be loaded: ${error instanceof Error ? error.message : String(error)}`, name, 'unavailable');
    })
    .finally(() => {
      if (pending.get(request) === loading) pending.delete(request);
    });
  pending.set(request, loading);
  return loading;
}

/** Resolves once a load of this module that is under way has ended, loaded or failed; at once when none is. */
export function loadSettled(name: RemoteName, exposed: ExposedModule): Promise<void> {
  const loading = pending.get(`${name}/${exposed.replace(/^\.\//, '')}`);
  return loading
    ? loading.then(
        () => undefined,
        () => undefined,
      )
    : Promise.resolve();
}

/** The module `loadExposed` already handed over for this remote and exposed name, if any. */
export function loadedExposed(name: RemoteName, exposed: ExposedModule): ScreenModule | undefined {
  return loaded.get(`${name}/${exposed.replace(/^\.\//, '')}`) as ScreenModule | undefined;
}

/** Forget a failed remote so the next load fetches its entry again, without a page reload. */
export function resetRemote(name: RemoteName): void {
  const target = pointer[name];
  if (!target) return;
  failed.delete(name);
  for (const map of [loaded, pending]) for (const request of map.keys()) if (request.startsWith(`${name}/`)) map.delete(request);
  const attempt = (attempts.get(name) ?? 0) + 1;
  attempts.set(name, attempt);
  // The screen's stylesheets the page hinted while the origin was failing would fail again under their addresses.
  if (typeof document !== 'undefined') refreshFailedStyleHints(target.entry, attempt);
  register(name, attempt, true);
}
