import { exposedFiles, isManifest, manifestUrl } from './manifest-files.ts';
import type { RemoteName, RemotesPointer } from './pointer.ts';

/**
 * Where a visitor most often goes next, per remote: the screens the header links to. Once the first page is
 * idle their files are fetched, so moving to another remote shows its screen from the cache.
 */
export const LIKELY_NEXT_SCREENS: Readonly<Record<RemoteName, readonly string[]>> = {
  marketing: ['./HomePage', './TemplatesPage'],
  generator: ['./GeneratorPage'],
  billing: ['./PricingPage'],
};

export interface IdlePreloadInput {
  pointer: Partial<RemotesPointer>;
  /** The screen on view, already loading: nothing to preload for it. */
  current?: { remote: RemoteName; module: string } | undefined;
  /** The page's language; English too, the fallback every remote loads. */
  languages: readonly string[];
  document?: Document;
  fetch?: typeof fetch;
}

function addLink(document: Document, rel: 'modulepreload' | 'prefetch', href: string): void {
  for (const existing of document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"], link[rel="preload"], link[rel="prefetch"]')) {
    if (existing.href === href) return;
  }
  const link = document.createElement('link');
  link.rel = rel;
  // Module scripts and the stylesheets a remote adds are CORS requests; a preload must match to be reused.
  link.crossOrigin = '';
  link.href = href;
  document.head.append(link);
}

/**
 * Adds preload links for every remote's entry and its likely next screens (chunks, CSS, strings), from each
 * remote's mf-manifest.json. A remote whose manifest cannot be read gets its entry preloaded only: this is
 * a head start, never a requirement, so it fails quietly.
 */
export async function preloadLikelyScreens({ pointer, current, languages, document = globalThis.document, fetch = globalThis.fetch.bind(globalThis) }: IdlePreloadInput): Promise<void> {
  await Promise.all(
    (Object.entries(pointer) as [RemoteName, RemotesPointer[RemoteName]][]).map(async ([name, target]) => {
      const screens = LIKELY_NEXT_SCREENS[name].filter((module) => !(current?.remote === name && current.module === module));
      if (current?.remote !== name) addLink(document, 'modulepreload', target.entry);
      if (screens.length === 0) return;
      let manifest: unknown;
      try {
        const response = await fetch(manifestUrl(target.entry));
        if (!response.ok) return;
        manifest = await response.json();
      } catch {
        return;
      }
      if (!isManifest(manifest)) return;
      for (const module of screens) {
        const files = exposedFiles(manifest, target.entry, module, languages);
        if (!files) continue;
        for (const href of [...files.strings, ...files.js]) addLink(document, 'modulepreload', href);
        // A stylesheet preload the page does not use soon draws a console warning; a prefetch fills the cache quietly.
        for (const href of files.css) addLink(document, 'prefetch', href);
      }
    }),
  );
}

/** Runs `task` once the page has loaded and the browser has a quiet moment (not on a data-saving connection). */
export function whenIdle(task: () => void, window: Window & typeof globalThis = globalThis.window): void {
  const connection = (window.navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
  if (connection?.saveData) return;
  const idle = () => {
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(task, { timeout: 3000 });
    else window.setTimeout(task, 1);
  };
  if (window.document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}
