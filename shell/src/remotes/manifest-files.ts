/**
 * What a remote's mf-manifest.json says about the files of one exposed module. Used by the shell's server for
 * the first HTML's preload hints and by the browser to preload likely next screens once a page is idle.
 */

/** The parts of a @module-federation manifest the hints use. */
export interface RemoteManifest {
  exposes: { path: string; assets: { js: { sync: string[]; async: string[] }; css: { sync: string[]; async: string[] } } }[];
}

export function manifestUrl(entry: string): string {
  return new URL('mf-manifest.json', entry).toString();
}

export function isManifest(value: unknown): value is RemoteManifest {
  return !!value && typeof value === 'object' && Array.isArray((value as { exposes?: unknown }).exposes);
}

export interface ExposedFiles {
  js: string[];
  css: string[];
  /** The remote's own strings for each language asked for (each of its i18n namespaces the module uses, built as one chunk per language). */
  strings: string[];
}

/**
 * The files one exposed module needs before it can draw, as absolute URLs: its chunks and CSS, the shared
 * stubs it imports statically, and its strings in the given languages (built as `assets/<lng>-<hash>.js`).
 */
export function exposedFiles(manifest: RemoteManifest, entry: string, exposed: string, languages: readonly string[]): ExposedFiles | undefined {
  const module = manifest.exposes.find((candidate) => candidate.path === exposed);
  if (!module) return undefined;
  const url = (file: string) => new URL(file, entry).toString();
  const { js, css } = module.assets;
  const shareStubs = js.async.filter((file) => file.includes('__loadShare__'));
  const strings = languages.flatMap((lng) =>
    js.async.filter((candidate) => candidate.startsWith(`assets/${lng}-`) && /^[\w-]{8}\.js$/.test(candidate.slice(`assets/${lng}-`.length))).map(url),
  );
  return { js: [...js.sync, ...shareStubs].map(url), css: css.sync.map(url), strings };
}
