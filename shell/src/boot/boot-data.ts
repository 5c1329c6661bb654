import { isExposedModule } from '@reelmint/contract/screens';
import type { ExposedModule } from '@reelmint/contract/screens';
import { PUBLIC_READ_PATHS } from '@reelmint/shared';
import type { PublicReadData, RuntimeConfig } from '@reelmint/shared';
import { REMOTE_NAMES } from '../remotes/pointer.ts';
import type { RemoteName } from '../remotes/pointer.ts';

/** The element the shell's server writes the boot data into, so the first paint needs no round trip for it. */
export const BOOT_DATA_ID = 'reelmint-boot';

/**
 * What the shell would otherwise fetch before drawing: the runtime config (/config.json) and the remotes
 * pointer (/remotes.json), computed by the server for this request.
 */
export interface BootData {
  config: Partial<RuntimeConfig>;
  /** The public pointer document, exactly as /remotes.json would answer it. */
  pointer: unknown;
  /** What the server drew into the page, which the browser takes over instead of drawing again; null when it drew nothing. */
  rendered?: RenderedPage | null;
  /**
   * This response's nonce for <style> elements that libraries write at run time (Radix's scroll lock): the content
   * security policy refuses any other inline style.
   */
  styleNonce?: string;
  /**
   * On a drawn page: the scripts that take it over, which /take-over.js fetches once the page has been painted
   * (README, "The first visit"). Absent elsewhere: the page's own script tags load them as usual.
   */
  start?: TakeOverScripts | null;
}

export interface TakeOverScripts {
  /** The shell's entry module. */
  entry: string;
  /** Modules to fetch beside it: the shell's chunks, the route's remote entry, its screen and strings. */
  modules: string[];
  /** Documents fetched beside them (the page's translation files). */
  fetches: string[];
}

export interface RenderedPage {
  lng: string;
  /** The route's region. */
  remote: RemoteName;
  module: ExposedModule;
  /** True when the region holds the remote's screen; false when it holds the loading outline (the remote was not ready). */
  screen: boolean;
  /** The build whose screen was drawn (its remoteEntry.js); the browser takes the page over only if it runs the same one. */
  entry: string | null;
  /** The public API reads the screen was drawn with (a gallery's catalogue), which it starts from in the browser too. */
  reads?: Partial<PublicReadData>;
}

function parseRendered(value: unknown): RenderedPage | null {
  if (!value || typeof value !== 'object') return null;
  const { lng, remote, module, screen, entry, reads } = value as Record<string, unknown>;
  if (typeof lng !== 'string' || typeof screen !== 'boolean') return null;
  if (!(REMOTE_NAMES as readonly unknown[]).includes(remote) || !isExposedModule(remote as RemoteName, module)) return null;
  const known: Partial<PublicReadData> = {};
  if (reads && typeof reads === 'object') {
    for (const name of Object.keys(PUBLIC_READ_PATHS) as (keyof PublicReadData)[]) {
      const data = (reads as Record<string, unknown>)[name];
      if (typeof data === 'object' && data !== null) Object.assign(known, { [name]: data });
    }
  }
  return {
    lng,
    remote: remote as RemoteName,
    module,
    screen,
    entry: typeof entry === 'string' ? entry : null,
    ...(Object.keys(known).length > 0 ? { reads: known } : {}),
  };
}

/** JSON that is safe inside a <script> element: no `</script>`, no `<!--`, no line separators that end a script. */
export function serializeBootData(data: BootData): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The boot data the server wrote into this page, or null (a dev server, or a page served without it). */
export function readBootData(root: Document = document): BootData | null {
  const text = root.getElementById(BOOT_DATA_ID)?.textContent;
  if (!text) return null;
  try {
    const data = JSON.parse(text) as Partial<BootData> | null;
    if (!data || typeof data !== 'object' || !data.config || typeof data.config !== 'object' || !('pointer' in data)) return null;
    return {
      config: data.config,
      pointer: data.pointer,
      rendered: parseRendered(data.rendered),
      ...(typeof data.styleNonce === 'string' ? { styleNonce: data.styleNonce } : {}),
    };
  } catch {
    return null;
  }
}
