import i18next from 'i18next';
import HttpBackend from 'i18next-http-backend';
import { initReactI18next } from 'react-i18next';
import { bus, FALLBACK_LANGUAGE, LANGUAGES, languageSegmentOf, languageStore, matchLanguage, pickLanguage } from '@reelmint/shared';
import type { Language } from '@reelmint/shared';

export const PREFERRED_LANG_KEY = 'preferred_lang';

function storedPreference(): string | null {
  try {
    return localStorage.getItem(PREFERRED_LANG_KEY);
  } catch {
    return null;
  }
}

/** The URL's language when it has a valid one, else spec §9's priority: geo, stored, browser, en. */
export function initialLanguage(pathname: string, geoCountry: string | null, browser: readonly string[]): Language {
  const segment = languageSegmentOf(pathname);
  const fromUrl = segment ? matchLanguage(segment) : null;
  if (fromUrl) return fromUrl;
  return pickLanguage({ geoCountry, stored: storedPreference(), browser });
}

/**
 * The one i18next instance of the site. The shell's strings come from /locales/{lng}/translation.json;
 * each remote adds its own namespace with its code. Failed loads retry 5 times from 350 ms, doubling
 * (i18next's backend connector does this for 5xx and network errors).
 */
export async function initI18n(lng: Language): Promise<typeof i18next> {
  i18next.on('languageChanged', (next) => {
    const language = (matchLanguage(next) ?? FALLBACK_LANGUAGE) as Language;
    languageStore.setState({ lng: language });
    document.documentElement.lang = language;
    bus.emit('language:changed', { lng: language });
  });
  await i18next
    .use(HttpBackend)
    .use(initReactI18next)
    .init({
      lng,
      fallbackLng: FALLBACK_LANGUAGE,
      supportedLngs: [...LANGUAGES],
      load: 'currentOnly',
      ns: ['translation'],
      defaultNS: 'translation',
      partialBundledLanguages: true,
      maxRetries: 5,
      retryTimeout: 350,
      backend: { loadPath: '/locales/{{lng}}/{{ns}}.json' },
      interpolation: { escapeValue: false },
      react: { useSuspense: true },
    });
  return i18next;
}

/** A person picked a language: remember it (spec §2) and switch the text without a reload. */
export function chooseLanguage(lng: Language): Promise<unknown> {
  try {
    localStorage.setItem(PREFERRED_LANG_KEY, lng);
  } catch {
    // Private mode without storage: the choice still applies to this visit.
  }
  return i18next.changeLanguage(lng);
}
