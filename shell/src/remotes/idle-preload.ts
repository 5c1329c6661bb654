import type { ExposedModule } from '@reelmint/contract/screens';
import { START_FREE_PATH } from '@reelmint/shared';
import { exposedFiles, isManifest, manifestUrl } from './manifest-files.ts';
import type { RemoteName, RemotesPointer } from './pointer.ts';
import type { PreparedScreen } from './prepared-screens.ts';

/**
 * Where a visitor most often goes next, per remote: the screens the header links to, each with the path of its
 * link. Once the first page is idle their files are fetched and their modules run, and the shell draws them out
 * of sight for that path (remotes/screen-stack.tsx), so moving to one of them only has to show it.
 */
export const LIKELY_NEXT_SCREENS: Readonly<Record<RemoteName, readonly { module: ExposedModule; path: string }[]>> = {
  marketing: [
    { module: './HomePage', path: '/' },
    { module: './TemplatesPage', path: '/free-video-templates' },
  ],
  generator: [{ module: './GeneratorPage', path: START_FREE_PATH }],
  billing: [{ module: './PricingPage', path: '/pricing' }],
};

/** The likely next screen a remote's module is, with the path it is drawn ahead for; undefined for any other. */
export function likelyScreen(remote: RemoteName, module: ExposedModule): PreparedScreen | undefined {
  const screen = LIKELY_NEXT_SCREENS[remote].find((candidate) => candidate.module === module);
  return screen && { remote, ...screen };
}

export interface IdlePreloadInput {
  pointer: Partial<RemotesPointer>;
  /** The screen on view, already loading: nothing to preload for it. */
  current?: { remote: RemoteName; module: ExposedModule } | undefined;
  /** The page's language; English too, the fallback every remote loads. */
  languages: readonly string[];
  document?: Document;
  fetch?: typeof fetch;
  /**
   * Loads one screen's module through the federation runtime, so its remote's entry and the module itself
   * have run (and the screen has read ahead what it shows, when it exports `preload`) before the visitor moves
   * there; only the drawing is left for the move.
   */
  warm?: (remote: RemoteName, module: ExposedModule) => Promise<unknown>;
}

/** Hints added per task, as /take-over.js does for the page's own files. */
const HINTS_PER_TASK = 4;

function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

function addLink(document: Document, href: string): void {
  for (const existing of document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')) {
    if (existing.href === href) return;
  }
  const link = document.createElement('link');
  link.rel = 'modulepreload';
  // Module scripts are CORS requests; a preload must match to be reused.
  link.crossOrigin = '';
  link.href = href;
  document.head.append(link);
}

/**
 * Adds module preloads for every remote's entry and its likely next screens (chunks and strings), from each
 * remote's mf-manifest.json, then warms those screens one by one (which also adds their stylesheets: the
 * remote's own loader inserts them, so preloading them too would fetch each twice). A remote whose manifest cannot be read gets its entry preloaded only: this is
 * a head start, never a requirement, so it fails quietly. Resolves with the screens that were warmed (with `warm`),
 * the ones the shell can draw ahead.
 */
export async function preloadLikelyScreens({
  pointer,
  current,
  languages,
  document = globalThis.document,
  fetch = globalThis.fetch.bind(globalThis),
  warm,
}: IdlePreloadInput): Promise<PreparedScreen[]> {
  const toWarm: PreparedScreen[] = [];
  const files: string[] = [];
  await Promise.all(
    (Object.entries(pointer) as [RemoteName, RemotesPointer[RemoteName]][]).map(async ([name, target], index) => {
      // A remote per task: its entry's hint and its manifest's request each cost the main thread a little.
      if (index > 0) await nextTask();
      const screens = LIKELY_NEXT_SCREENS[name].filter(({ module }) => !(current?.remote === name && current.module === module));
      if (current?.remote !== name) addLink(document, target.entry);
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
      for (const screen of screens) {
        const screenFiles = exposedFiles(manifest, target.entry, screen.module, languages);
        if (!screenFiles) continue;
        files.push(...screenFiles.strings, ...screenFiles.js);
        toWarm.push({ remote: name, ...screen });
      }
    }),
  );
  // A few hints per task: each starts a request, which costs a phone a few milliseconds of its main thread.
  for (let start = 0; start < files.length; start += HINTS_PER_TASK) {
    if (start > 0) await nextTask();
    for (const href of files.slice(start, start + HINTS_PER_TASK)) addLink(document, href);
  }
  // One at a time, after the files are on their way: the page stays responsive while the screens run.
  const warmed: PreparedScreen[] = [];
  for (const screen of toWarm) {
    try {
      await warm?.(screen.remote, screen.module);
      warmed.push(screen);
    } catch {
      // A remote that fails here fails the same way when visited, where its region shows the fallback and a retry.
    }
  }
  return warmed;
}
