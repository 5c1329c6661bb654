import type { RuntimeConfig } from '@reelmint/shared';

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
}

/** JSON that is safe inside a <script> element: no `</script>`, no `<!--`, no line separators that end a script. */
export function serializeBootData(data: BootData): string {
  return JSON.stringify(data).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

/** The boot data the server wrote into this page, or null (a dev server, or a page served without it). */
export function readBootData(root: Document = document): BootData | null {
  const text = root.getElementById(BOOT_DATA_ID)?.textContent;
  if (!text) return null;
  try {
    const data = JSON.parse(text) as Partial<BootData> | null;
    if (!data || typeof data !== 'object' || !data.config || typeof data.config !== 'object' || !('pointer' in data)) return null;
    return { config: data.config, pointer: data.pointer };
  } catch {
    return null;
  }
}
