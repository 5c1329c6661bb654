// The reference build's stand-in for shell/src/remotes/loader.ts: the same exports, but each screen is
// a chunk of this one build (import()) instead of a module fetched from a remote's origin.
import { screens } from 'virtual:reference-screens';
import type { ExposedModule, ScreenModule } from '@reelmint/contract/screens';
import type { RemoteName, RemotesPointer } from '../../../shell/src/remotes/pointer.ts';

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

export function setRemotesPointer(_next: Partial<RemotesPointer>): void {}

export function configuredRemotes(): Partial<RemotesPointer> {
  return {};
}

const loaded = new Map<string, ScreenModule>();

export async function loadExposed(name: RemoteName, exposed: ExposedModule): Promise<ScreenModule> {
  const load = screens[name][exposed];
  if (!load) throw new RemoteLoadError(`The reference build has no ${name} ${exposed}`, name, 'not-configured');
  const module = (await load()) as ScreenModule;
  loaded.set(`${name}/${exposed}`, module);
  return module;
}

export function loadedExposed(name: RemoteName, exposed: ExposedModule): ScreenModule | undefined {
  return loaded.get(`${name}/${exposed}`);
}

export function resetRemote(_name: RemoteName): void {}
