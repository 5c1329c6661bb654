import { Suspense } from 'react';
import type { ReactElement } from 'react';
import { act, render } from '@testing-library/react';
import type { RenderResult } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { languageStore } from '../src/stores/language.ts';
import { matchLanguage } from '../src/languages.ts';

/** Renders a screen with what the shell provides at runtime: one i18next instance and a router. */
export async function renderScreen(ui: ReactElement, { path = '/', lng = 'en' }: { path?: string; lng?: string } = {}) {
  const i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({ lng, fallbackLng: 'en', resources: {}, partialBundledLanguages: true, interpolation: { escapeValue: false } });
  // As the shell does on every language change, so links and formatters see the same language.
  languageStore.setState({ lng: matchLanguage(lng) ?? 'en' });
  let result: RenderResult | undefined;
  // Inside act, so the screen's suspended translation loads settle like they do in a browser.
  await act(async () => {
    result = render(
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={[path]}>
          <Suspense fallback={<p>Loading...</p>}>{ui}</Suspense>
        </MemoryRouter>
      </I18nextProvider>,
    );
  });
  return result as RenderResult;
}
