import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@reelmint/shared/styles.css';
import { configure, SHARED_INSTANCE_ID } from '@reelmint/shared';
import type { RuntimeConfig } from '@reelmint/shared';
import { App } from './app/app.tsx';
import { initI18n } from './i18n/i18n.ts';
import { fetchPointer } from './remotes/pointer.ts';
import { setRemotesPointer } from './remotes/loader.ts';
import { chooseRemotes } from './release/choose-remotes.ts';

async function fetchConfig(): Promise<Partial<RuntimeConfig>> {
  const response = await fetch('/config.json', { cache: 'no-store' });
  if (!response.ok) throw new Error(`config.json answered ${response.status}`);
  return (await response.json()) as Partial<RuntimeConfig>;
}

async function boot() {
  const [config, pointer] = await Promise.all([
    fetchConfig().catch((error: unknown): Partial<RuntimeConfig> => {
      console.error('Runtime config unavailable; using same-origin API', error);
      return {};
    }),
    fetchPointer().then((document) => chooseRemotes(document)).catch((error: unknown) => {
      console.error('Remotes pointer unavailable; remote regions will show their fallback', error);
      return {};
    }),
  ]);
  configure(config);
  setRemotesPointer(pointer);
  document.documentElement.dataset.sharedInstance = SHARED_INSTANCE_ID;
  await initI18n();
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

void boot();
