import type { ComponentType, RefObject } from 'react';
import type { ExposedModule } from '@reelmint/contract/screens';
import type { RemoteName } from './pointer.ts';

/** A screen the shell draws ahead, out of sight, for the path a visitor most likely opens it by. */
export interface PreparedScreen {
  remote: RemoteName;
  module: ExposedModule;
  /** Language-free, as in routes.ts: the screen sees this path while it waits. */
  path: string;
}

export interface AheadScreensProps {
  /** The screens to keep drawn ahead (never the page's own while it is on view). */
  screens: readonly PreparedScreen[];
  /** The one the visitor is on, if it is one of them: it goes into `slot`. */
  shown: PreparedScreen | undefined;
  slot: RefObject<HTMLDivElement | null>;
}

export interface Prepared {
  screens: readonly PreparedScreen[];
  /** What draws them (remotes/ahead-screens.tsx), which comes with the idle preload rather than the first page's code. */
  Ahead: ComponentType<AheadScreensProps> | null;
}

const NONE: Prepared = { screens: [], Ahead: null };
let prepared = NONE;
const listeners = new Set<() => void>();

export const screenId = (remote: RemoteName, module: ExposedModule): string => `${remote}${module}`;

export function getPrepared(): Prepared {
  return prepared;
}

/** A page the server drew is taken over with nothing drawn ahead: the server draws only the page's own screen. */
export function getNothingPrepared(): Prepared {
  return NONE;
}

export function subscribePrepared(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Adds screens to draw ahead with `Ahead` (their modules must be loaded: they are drawn with the modules in). */
export function setPrepared(screens: readonly PreparedScreen[], Ahead: ComponentType<AheadScreensProps>): void {
  const added = screens.filter((screen) => !prepared.screens.some((known) => known.remote === screen.remote && known.module === screen.module));
  if (added.length === 0 && prepared.Ahead === Ahead) return;
  prepared = { screens: [...prepared.screens, ...added], Ahead };
  for (const listener of listeners) listener();
}

/** Tests only: a fresh page. */
export function forgetPrepared(): void {
  prepared = NONE;
}
