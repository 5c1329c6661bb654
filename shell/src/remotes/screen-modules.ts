import type { ExposedModule } from '@reelmint/contract/screens';
import { createContext } from 'react';
import type { ComponentType } from 'react';
import { loadedExposed } from './loader.ts';
import type { RemoteName } from './pointer.ts';

/** The screen a remote's exposed module draws, when it is already loaded; undefined while it is not. */
export type ScreenLookup = (remote: RemoteName, module: ExposedModule) => ComponentType | undefined;

/**
 * Where a region looks for a module that is already in, so it starts ready instead of loading: in the browser
 * the loader's modules (the page's own screen is loaded before the server's HTML is taken over), on the server
 * the screen this request rendered.
 */
export const ScreenModules = createContext<ScreenLookup>((remote, module) => loadedExposed(remote, module)?.default);

let drawn: { remote: RemoteName; module: ExposedModule; html: string } | null = null;

/**
 * Keeps the page's own region as the server drew it (main.tsx), when the browser takes the page over before the
 * region's code has come: the region is taken over as it is, readable and its links working, and draws its screen
 * once the code is in, or says that this part is unavailable (remote-region.tsx).
 */
export function keepDrawnRegion(remote: RemoteName, module: ExposedModule, html: string): void {
  drawn = { remote, module, html };
}

/** The HTML kept for this region, if it is the page's own drawn region. */
export function drawnRegion(remote: RemoteName, module: ExposedModule): string | undefined {
  return drawn?.remote === remote && drawn.module === module ? drawn.html : undefined;
}

/** Once the region holds it: a later visit to the same screen loads it as usual. */
export function forgetDrawnRegion(): void {
  drawn = null;
}
