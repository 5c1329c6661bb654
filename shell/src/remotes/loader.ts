import { loadRemote, registerRemotes } from '@module-federation/runtime';
import type { RemoteName, RemotesPointer } from './pointer.ts';

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
/** Per remote, how many times it was (re)registered: a retry needs a fresh entry URL. */
const attempts = new Map<RemoteName, number>();

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
 * accepts the connection and never answers (the runtime's own promise would never settle).
 */
export async function loadExposed<T>(name: RemoteName, exposed: string, timeoutMs = REMOTE_LOAD_TIMEOUT_MS): Promise<T> {
  if (!pointer[name]) throw new RemoteLoadError(`No build of ${name} is configured`, name, 'not-configured');
  const request = `${name}/${exposed.replace(/^\.\//, '')}`;
  const module = await withTimeout(
    loadRemote<T>(request),
    timeoutMs,
    () => new RemoteLoadError(`${name} did not answer within ${timeoutMs} ms`, name, 'timeout'),
  ).catch((error: unknown) => {
    if (error instanceof RemoteLoadError) throw error;
    throw new RemoteLoadError(`${name} could not be loaded: ${error instanceof Error ? error.message : String(error)}`, name, 'unavailable');
  });
  if (module === null || module === undefined) throw new RemoteLoadError(`${name} returned nothing for ${exposed}`, name, 'unavailable');
  loaded.set(request, module);
  return module;
}

/** The module `loadExposed` already handed over for this remote and exposed name, if any. */
export function loadedExposed<T>(name: RemoteName, exposed: string): T | undefined {
  return loaded.get(`${name}/${exposed.replace(/^\.\//, '')}`) as T | undefined;
}

/** Forget a failed remote so the next load fetches its entry again, without a page reload. */
export function resetRemote(name: RemoteName): void {
  if (!pointer[name]) return;
  for (const request of loaded.keys()) if (request.startsWith(`${name}/`)) loaded.delete(request);
  const attempt = (attempts.get(name) ?? 0) + 1;
  attempts.set(name, attempt);
  register(name, attempt, true);
}
