import { Suspense } from 'react';
import type { ReactElement } from 'react';
import { act, render } from '@testing-library/react';
import type { RenderResult } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import i18next from 'i18next';
import type { Resource } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { languageStore } from '@reelmint/shared';
import { matchLanguage } from '@reelmint/contract/languages';
import { signIn } from './session.ts';
import type { SignIn } from './session.ts';

export interface RenderOptions {
  /** The page's language (default `en`). */
  language?: string;
  /** The address the router starts at (default `/`). */
  route?: string;
  /** Signs Ada in first (see signIn); an object says on which plan and with how many credits. */
  signedIn?: boolean | SignIn;
  /** Strings given up front (the shell's own), for screens that do not load theirs. */
  resources?: Resource;
}

/**
 * Renders a screen with what the shell provides at runtime: one i18next instance in the page's language, a
 * router and a Suspense boundary; the screen's own strings load as in the browser.
 */
export async function renderWithProviders(ui: ReactElement, { language = 'en', route = '/', signedIn = false, resources = {} }: RenderOptions = {}) {
  if (signedIn) signIn(signedIn === true ? {} : signedIn);
  const i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({ lng: language, fallbackLng: 'en', resources, partialBundledLanguages: true, interpolation: { escapeValue: false } });
  // As the shell does on every language change, so links and formatters see the same language.
  languageStore.setState({ lng: matchLanguage(language) ?? 'en' });
  let result: RenderResult | undefined;
  // Inside act, so the screen's suspended translation loads settle like they do in a browser.
  await act(async () => {
    result = render(
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={[route]}>
          <Suspense fallback={<p>Loading...</p>}>{ui}</Suspense>
        </MemoryRouter>
      </I18nextProvider>,
    );
  });
  return result as RenderResult;
}
