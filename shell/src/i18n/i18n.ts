import i18next from 'i18next';
import type { BackendModule, InitOptions, ReadCallback } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import type { CustomDetector, DetectorOptions } from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import {
  bus,
  COUNTRY_LANGUAGE,
  FALLBACK_LANGUAGE,
  LANGUAGES,
  languageStore,
  loadNamespaceFile,
  looksLikeLanguageSegment,
  matchLanguage,
  namespaceLoaders,
  runtimeConfig,
} from '@reelmint/shared';
import type { Language } from '@reelmint/shared';

/** Set when a person picks a language in the menu. */
export const PREFERRED_LANG_KEY = 'preferred_lang';

/** The server's viewer-country hint (country table), exposed to the page through /config.json. */
const geoDetector: CustomDetector = {
  name: 'geo',
  lookup: () => {
    const country = runtimeConfig().geoCountry;
    return country ? COUNTRY_LANGUAGE[country.trim().toUpperCase()] : undefined;
  },
};

/** The language a person chose in the menu; only a supported value counts. */
const preferenceDetector: CustomDetector = {
  name: 'preferred',
  lookup: () => {
    try {
      return localStorage.getItem(PREFERRED_LANG_KEY) ?? undefined;
    } catch {
      return undefined;
    }
  },
};

/** A first path segment counts only when it is shaped like a language code (so /pricing is not one). */
const pathDetector: CustomDetector = {
  name: 'languagePath',
  lookup: () => {
    const segment = location.pathname.split('/')[1];
    return looksLikeLanguageSegment(segment) ? segment : undefined;
  },
};

/**
 * Where the language comes from, in order: the URL (path, then subdomain), the geo country,
 * the stored preference, the detector's own caches (cookie, local storage: the last language shown),
 * the browser's languages in order, the html tag. The first supported one wins; else en.
 */
export const DETECTION: DetectorOptions = {
  order: ['languagePath', 'subdomain', 'geo', 'preferred', 'cookie', 'localStorage', 'navigator', 'htmlTag'],
  lookupCookie: 'i18next',
  lookupLocalStorage: 'i18nextLng',
  caches: ['cookie', 'localStorage'],
  cookieMinutes: 60 * 24 * 365,
  cookieOptions: { path: '/', sameSite: 'lax' },
  // Normalise (zh -> zh-CN, fr-CA -> fr); anything that is not a supported language, including values
  // shaped like script injection, becomes empty so i18next moves on to the next source.
  convertDetectedLanguage: (detected: string) => matchLanguage(detected) ?? '',
};

export function createDetector(): LanguageDetector {
  const detector = new LanguageDetector();
  detector.addDetector(pathDetector);
  detector.addDetector(geoDetector);
  detector.addDetector(preferenceDetector);
  return detector;
}

/**
 * The shell's own strings come over HTTP (/locales/{lng}/translation.json); a remote's namespace comes from
 * the files the remote shipped (registered by useNamespace), so a language change loads every namespace on
 * screen before the text switches, and nothing asks the shell's origin for a remote's strings. A read that met a
 * network error or a server error is tried again by i18next (maxRetries); a missing or garbled file is not.
 */
export class SiteBackend implements BackendModule {
  static readonly type = 'backend';
  static readonly callbackApi = true;
  readonly type = 'backend';
  init(): void {}
  read(language: string, namespace: string, callback: ReadCallback): void {
    const loaders = namespaceLoaders(namespace);
    let retry = true;
    // The request the first HTML preloads (`as="fetch" crossorigin`): a plain same-origin fetch, so it is that one.
    const path = `/locales/${language}/${namespace}.json`;
    (loaders
      ? loadNamespaceFile(loaders, language)
      : fetch(path).then((response) => {
          retry = response.status >= 500;
          if (!response.ok) throw new Error(`${path} answered ${response.status}`);
          return response.json() as Promise<Record<string, unknown>>;
        })
    ).then(
      (strings) => callback(null, strings),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), retry),
    );
  }
}

/** The options of the one instance; tests build their own instance from the same options. */
export function i18nOptions(): InitOptions {
  return {
    fallbackLng: FALLBACK_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    load: 'currentOnly',
    ns: ['translation'],
    defaultNS: 'translation',
    partialBundledLanguages: true,
    detection: DETECTION,
    // Translation loads retry 5 times from 350 ms, doubling, on 5xx and network errors.
    maxRetries: 5,
    retryTimeout: 350,
    interpolation: { escapeValue: false },
    react: { useSuspense: true },
  };
}

/**
 * The one i18next instance of the site. The shell's strings come from /locales/{lng}/translation.json;
 * each remote adds its own namespace with its code.
 */
export async function initI18n(): Promise<typeof i18next> {
  i18next.on('languageChanged', (next) => {
    const language = (matchLanguage(next) ?? FALLBACK_LANGUAGE) as Language;
    languageStore.setState({ lng: language });
    document.documentElement.lang = language;
    bus.emit('language:changed', { lng: language });
  });
  await i18next.use(SiteBackend).use(createDetector()).use(initReactI18next).init(i18nOptions());
  return i18next;
}

/** A person picked a language: remember it and switch the text without a reload. */
export function chooseLanguage(lng: Language): Promise<unknown> {
  try {
    localStorage.setItem(PREFERRED_LANG_KEY, lng);
  } catch {
    // Private mode without storage: the choice still applies to this visit.
  }
  return i18next.changeLanguage(lng);
}
