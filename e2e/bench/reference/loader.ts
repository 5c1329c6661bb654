// The reference build's stand-in for shell/src/remotes/loader.ts: the same exports, but each screen is
// a chunk of this one build (import()) instead of a module fetched from a remote's origin. The pointer the
// reference's server writes into each page names the same address for every remote (server.tsx); it is kept only
// so the shell's boot sees the build its page was drawn with and takes the page over.
import { screens } from 'virtual:reference-screens';
import type { ExposedModule, ScreenModule } from '@reelmint/contract/screens';
import type { RemoteName, RemotesPointer } from 'shell/bench-reference/pointer';

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

export function setRemotesPointer(next: Partial<RemotesPointer>): void {
  pointer = next;
}

export function configuredRemotes(): Partial<RemotesPointer> {
  return pointer;
}

const loaded = new Map<string, ScreenModule>();
const pending = new Map<string, Promise<ScreenModule>>();

export async function loadExposed(name: RemoteName, exposed: ExposedModule): Promise<ScreenModule> {
  const load = screens[name][exposed];
  if (!load) throw new RemoteLoadError(`The reference build has no ${name} ${exposed}`, name, 'not-configured');
  const loading = load().then((module) => module as ScreenModule);
  pending.set(`${name}/${exposed}`, loading);
  const module = await loading;
  loaded.set(`${name}/${exposed}`, module);
  return module;
}

/** As the site's: resolves once a load of this module under way has ended, loaded or failed; at once when none is. */
export function loadSettled(name: RemoteName, exposed: ExposedModule): Promise<void> {
  const loading = pending.get(`${name}/${exposed}`);
  return loading
    ? loading.then(
        () => undefined,
        () => undefined,
      )
    : Promise.resolve();
}

export function loadedExposed(name: RemoteName, exposed: ExposedModule): ScreenModule | undefined {
  return loaded.get(`${name}/${exposed}`);
}

export function resetRemote(_name: RemoteName): void {}
