import { StrictMode, Suspense } from 'react';
import type { ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { PORTS } from '@reelmint/contract/remotes';
import { configure } from './config.ts';
import { normalizeLanguage } from '@reelmint/contract/languages';
import { languageStore } from './stores/language.ts';

/**
 * What the shell would provide, for a remote running alone on its dev server:
 * an i18next instance, a router and the API base. The bus and stores come from this package.
 */
export async function mountDevHarness(element: HTMLElement, app: ReactNode): Promise<void> {
  configure({ apiBase: import.meta.env?.VITE_API_BASE ?? `http://localhost:${PORTS.api}` });
  const lng = normalizeLanguage(new URLSearchParams(location.search).get('lng'));
  // As the shell does: the active-language store follows i18next, so links and formatters agree with the text.
  languageStore.setState({ lng });
  i18next.on('languageChanged', (next) => languageStore.setState({ lng: normalizeLanguage(next) }));
  await i18next.use(initReactI18next).init({ lng, fallbackLng: 'en', resources: {}, partialBundledLanguages: true, interpolation: { escapeValue: false } });
  createRoot(element).render(
    <StrictMode>
      <BrowserRouter>
        <Suspense fallback={<p>Loading...</p>}>{app}</Suspense>
      </BrowserRouter>
    </StrictMode>,
  );
}
