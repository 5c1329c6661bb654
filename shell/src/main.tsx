import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@reelmint/shared/styles.css';
import { configure, FALLBACK_LANGUAGE, loadRegisteredNamespaces, SHARED_INSTANCE_ID, stripLanguage } from '@reelmint/shared';
import type { RuntimeConfig } from '@reelmint/shared';
import { App } from './app/app.tsx';
import { initI18n } from './i18n/i18n.ts';
import { fetchPointer, parsePointerDocument } from './remotes/pointer.ts';
import type { PointerDocument } from './remotes/pointer.ts';
import { readBootData } from './boot/boot-data.ts';
import { preloadLikelyScreens, whenIdle } from './remotes/idle-preload.ts';
import { REMOTE_SCREENS } from './app/routes.ts';
import { loadExposed, setRemotesPointer } from './remotes/loader.ts';
import { chooseRemotes } from './release/choose-remotes.ts';
import { installTelemetry } from './release/telemetry.ts';

async function fetchConfig(): Promise<Partial<RuntimeConfig>> {
  const response = await fetch('/config.json', { cache: 'no-store' });
  if (!response.ok) throw new Error(`config.json answered ${response.status}`);
  return (await response.json()) as Partial<RuntimeConfig>;
}

async function boot() {
  // The shell's server writes both documents into the page; a page without them (the dev server) asks.
  const written = readBootData();
  const writtenPointer: PointerDocument | null = written?.pointer ? parsePointerDocument(written.pointer) : null;
  const [config, pointer] = await Promise.all([
    written
      ? written.config
      : fetchConfig().catch((error: unknown): Partial<RuntimeConfig> => {
          console.error('Runtime config unavailable; using same-origin API', error);
          return {};
        }),
    (writtenPointer ? Promise.resolve(writtenPointer) : fetchPointer()).then((document) => chooseRemotes(document)).catch((error: unknown) => {
      console.error('Remotes pointer unavailable; remote regions will show their fallback', error);
      return {};
    }),
  ]);
  configure(config);
  installTelemetry();
  setRemotesPointer(pointer);
  document.documentElement.dataset.sharedInstance = SHARED_INSTANCE_ID;
  const i18n = await initI18n();
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
  // Moves to another remote's screen then come from the cache instead of the network.
  whenIdle(() => {
    const screen = REMOTE_SCREENS.find(({ path }) => path === stripLanguage(location.pathname));
    const languages = [...new Set([i18n.resolvedLanguage ?? FALLBACK_LANGUAGE, FALLBACK_LANGUAGE])];
    void preloadLikelyScreens({
      pointer,
      current: screen && { remote: screen.remote, module: screen.module },
      languages,
      warm: (remote, module) => loadExposed(remote, module),
    })
      // The warmed screens registered their remotes' strings: load them too, so drawing one never waits for text.
      .then(() => loadRegisteredNamespaces(i18n, languages))
      .catch((error: unknown) => console.warn('Preloading the strings of likely next screens failed', error));
  });
}

void boot();
