import { createContext } from 'react';
import type { ComponentType } from 'react';
import { loadedExposed } from './loader.ts';
import type { RemoteName } from './pointer.ts';

/** The screen a remote's exposed module draws, when it is already loaded; undefined while it is not. */
export type ScreenLookup = (remote: RemoteName, module: string) => ComponentType | undefined;

/**
 * Where a region looks for a module that is already in, so it starts ready instead of loading: in the browser
 * the loader's modules (the page's own screen is loaded before the server's HTML is taken over), on the server
 * the screen this request rendered.
 */
export const ScreenModules = createContext<ScreenLookup>((remote, module) => loadedExposed<{ default: ComponentType }>(remote, module)?.default);
