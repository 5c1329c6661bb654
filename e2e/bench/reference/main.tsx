// The reference build's entry: the shell's boot without the federation steps (no remotes pointer, no
// runtime registration, no idle preloading of other origins). Its API origin is fixed at build time,
// as a single-bundle site would have it.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@reelmint/shared/styles.css';
import { configure } from '@reelmint/shared';
import { App } from '../../../shell/src/app/app.tsx';
import { initI18n } from '../../../shell/src/i18n/i18n.ts';

declare const __REFERENCE_API_BASE__: string;

async function boot() {
  configure({ apiBase: __REFERENCE_API_BASE__, geoCountry: null });
  await initI18n();
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

void boot();
