import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import '@reelmint/shared/styles.css';
import { configure, FALLBACK_LANGUAGE, loadRegisteredNamespaces, SHARED_INSTANCE_ID, stripLanguage } from '@reelmint/shared';
import type { RuntimeConfig } from '@reelmint/shared';
import { App } from './app/app.tsx';
import { initI18n } from './i18n/i18n.ts';
import { fetchPointer, parsePointerDocument } from './remotes/pointer.ts';
import type { PointerDocument } from './remotes/pointer.ts';
import { readBootData } from './boot/boot-data.ts';
import type { RenderedPage } from './boot/boot-data.ts';
import { setDrawnReads } from './boot/drawn-reads.ts';
import { whenIdle } from './remotes/when-idle.ts';
import { whenInteractive } from './boot/interactive.ts';
import { keepDrawnRegion } from './remotes/screen-modules.ts';
import { screenFor } from './app/routes.ts';
import { configuredRemotes, loadedExposed, loadExposed, loadSettled, setRemotesPointer } from './remotes/loader.ts';
import { chooseRemotes } from './release/choose-remotes.ts';
import { installTelemetry, telemetry } from './release/telemetry.ts';
import { prefetchChrome } from './chrome/deferred-chrome.tsx';

async function fetchConfig(): Promise<Partial<RuntimeConfig>> {
  const response = await fetch('/config.json', { cache: 'no-store' });
  if (!response.ok) throw new Error(`config.json answered ${response.status}`);
  return (await response.json()) as Partial<RuntimeConfig>;
}

/**
 * How long a drawn page's take-over waits for its region's code once the shell is ready. A remote that is slow, down
 * or stalled does not hold the header, the menus and the links to other remotes: past this, the page is taken over
 * with the region kept as drawn, which then draws its screen when the code comes or says it is unavailable.
 */
const REGION_WAIT_MS = 1000;

/**
 * Whether the browser can take over the page the server drew: same language, and the route's screen (when the
 * server drew it) loaded with its strings, so the first render in the browser is the server's, element for
 * element. Otherwise the page is drawn afresh, as on a page the server did not draw.
 */
async function canTakeOver(rendered: RenderedPage, i18n: Awaited<ReturnType<typeof initI18n>>): Promise<boolean> {
  if (i18n.resolvedLanguage !== rendered.lng) return false;
  if (!rendered.screen) return true;
  // Another build than the server's (an override kept in this browser): its screen may differ, so draw afresh.
  if (configuredRemotes()[rendered.remote]?.entry !== rendered.entry) return false;
  const started = performance.now();
  const loading = loadExposed(rendered.remote, rendered.module).then(async (screen) => {
    // The screen knows when this browser's page would differ from the one drawn for everybody (the generator with a
    // draft kept in this tab): it is then drawn afresh rather than taken over with the wrong content.
    if (typeof screen.canTakeOver === 'function' && !screen.canTakeOver()) return false;
    const ms = performance.now() - started;
    // The module registered its remote's strings as it loaded: bring them in too, so nothing suspends.
    await loadRegisteredNamespaces(i18n, [...new Set([rendered.lng, FALLBACK_LANGUAGE])]);
    return ms;
  });
  const inTime = await Promise.race([loading, new Promise<void>((resolve) => setTimeout(resolve, REGION_WAIT_MS))]).catch(() => undefined);
  if (inTime === false) return false;
  if (inTime === undefined) {
    // Late or failed: the region keeps what the server drew, and waits for this same load itself.
    keepDrawnRegion(rendered.remote, rendered.module, document.querySelector(`[data-remote-region="${rendered.remote}"]`)?.innerHTML ?? '');
  } else {
    // The region starts drawn, so it never loads the screen itself: its load is counted here, for the
    // version's load and error figures on the release dashboard.
    telemetry.record(rendered.remote, 'load', { ms: inTime });
  }
  return true;
}

async function boot() {
  // The shell's server writes both documents into the page; a page without them (the dev server) asks.
  const written = readBootData();
  // Radix's scroll lock writes a <style> element (react-style-singleton); it takes its nonce from this global
  // (get-nonce), in whichever bundle it lives, so the policy lets exactly these run-time styles in.
  if (written?.styleNonce) (globalThis as { __webpack_nonce__?: string }).__webpack_nonce__ = written.styleNonce;
  const writtenPointer: PointerDocument | null = written?.pointer ? parsePointerDocument(written.pointer) : null;
  const [config, pointer] = await Promise.all([
    written
      ? written.config
      : fetchConfig().catch((error: unknown): Partial<RuntimeConfig> => {
          console.error('Runtime config unavailable; using same-origin API', error);
          return {};
        }),
    (writtenPointer ? Promise.resolve(writtenPointer) : fetchPointer())
      .then((document) => chooseRemotes(document))
      .catch((error: unknown) => {
        console.error('Remotes pointer unavailable; remote regions will show their fallback', error);
        return {};
      }),
  ]);
  configure(config);
  installTelemetry();
  setRemotesPointer(pointer);
  document.documentElement.dataset.sharedInstance = SHARED_INSTANCE_ID;
  const i18n = await initI18n();
  const container = document.getElementById('root')!;
  const app = (
    <StrictMode>
      <App />
    </StrictMode>
  );
  // As a transition, React works through the page in slices of a few milliseconds and lets the browser answer
  // input between them, instead of one long task that holds a phone's main thread for the whole page.
  const takeOver = written?.rendered ? await canTakeOver(written.rendered, i18n) : false;
  // The screen starts from the data it was drawn with, so the page taken over is the server's, element for element.
  if (takeOver) setDrawnReads(written?.rendered?.reads);
  startTransition(() => {
    if (takeOver) hydrateRoot(container, app);
    else createRoot(container).render(app);
  });
  // What follows waits for the page to be React's: an idle moment can come between two slices of the transition, and
  // a preload started there would compete with the take-over (and count as script the page needed to be interactive).
  // The header's menus and side sheet, so a menu opens at the first press; a task of its own.
  whenInteractive(() => whenIdle(prefetchChrome));
  // Moves to another remote's screen then come from the cache instead of the network.
  // The preload's own code comes with it: a page that is never idle, or saves data, does not download it.
  whenInteractive(() => whenIdle(preloadNextScreens));

  function preloadNextScreens() {
    const screen = screenFor(stripLanguage(location.pathname));
    const languages = [...new Set([i18n.resolvedLanguage ?? FALLBACK_LANGUAGE, FALLBACK_LANGUAGE])];
    // The page's own screen first: a region still waiting for its code (a slow remote) is not joined by the next screens.
    void (screen ? loadSettled(screen.remote, screen.module) : Promise.resolve())
      .then(() => Promise.all([import('./remotes/idle-preload.ts'), import('./remotes/ahead-screens.tsx')]))
      .then(async ([{ preloadLikelyScreens, likelyScreen }, { prepareScreens }]) => {
        const warmed = await preloadLikelyScreens({
          pointer,
          current: screen && { remote: screen.remote, module: screen.module },
          languages,
          // A screen may also read its data ahead (`preload`, as the pricing plans): the move then draws them at once.
          warm: async (remote, module) => {
            const screen = await loadExposed(remote, module);
            if (typeof screen.preload === 'function') await screen.preload();
          },
        });
        // The warmed screens registered their remotes' strings: load them too, so drawing one never waits for text.
        await loadRegisteredNamespaces(i18n, languages);
        // Then the shell draws them out of sight; the page's own screen too, for when the visitor comes back to it.
        const own = screen && loadedExposed(screen.remote, screen.module) ? likelyScreen(screen.remote, screen.module) : undefined;
        await prepareScreens(warmed, own ? [own] : []);
        // `<html data-next-screens="ready">`: a move to one of them now only has to show it (the bench times moves from here).
        document.documentElement.dataset.nextScreens = 'ready';
      })
      .catch((error: unknown) => console.warn('Preparing the likely next screens failed', error));
  }
}

void boot();
