import i18next from 'i18next';
import type { BackendModule, InitOptions, LanguageDetectorModule, ReadCallback, ResourceKey } from 'i18next';
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

/** The cookie and the local storage entry that keep the last language shown (the shell's server reads the cookie). */
const CACHE_COOKIE = 'i18next';
const CACHE_STORAGE_KEY = 'i18nextLng';
const CACHE_SECONDS = 60 * 60 * 24 * 365;

function stored(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function cookie(name: string): string | undefined {
  try {
    return document.cookie
      .split(';')
      .map((part) => part.trim())
      .find((part) => part.startsWith(`${name}=`))
      ?.slice(name.length + 1);
  } catch {
    return undefined;
  }
}

type Lookup = () => string | readonly string[] | null | undefined;

/**
 * Where the language comes from, in order: the URL (path, then subdomain), the geo country,
 * the stored preference, the caches of the last language shown (cookie, local storage),
 * the browser's languages in order, the html tag. The first supported one wins; else en.
 */
const LOOKUPS: readonly Lookup[] = [
  // A first path segment counts only when it is shaped like a language code (so /pricing is not one).
  () => {
    const segment = location.pathname.split('/')[1];
    return looksLikeLanguageSegment(segment) ? segment : undefined;
  },
  // fr.example.com; a label such as `staging` or a preview deployment's is not shaped like a language.
  () => /^(\w{2,5}(?:-(?:[a-z]{4}|[a-z]{2}|\d{3}))*)\.(?:[a-z0-9-]{1,63}\.[a-z]{2,6}|localhost)/i.exec(location.hostname)?.[1],
  // The server's viewer-country hint (country table), exposed to the page through /config.json.
  () => {
    const country = runtimeConfig().geoCountry;
    return country ? COUNTRY_LANGUAGE[country.trim().toUpperCase()] : undefined;
  },
  // The language a person chose in the menu.
  () => stored(PREFERRED_LANG_KEY),
  () => cookie(CACHE_COOKIE),
  () => stored(CACHE_STORAGE_KEY),
  () => navigator.languages,
  () => navigator.language,
  () => document.documentElement.getAttribute('lang'),
];

/**
 * The languages a visit points at, best first: each value normalised (zh -> zh-CN, fr-CA -> fr), and one that is not
 * a supported language, including a value shaped like script injection, dropped so i18next moves on to the next.
 * The language shown is kept in the cookie and local storage.
 */
export class SiteLanguageDetector implements LanguageDetectorModule {
  static readonly type = 'languageDetector';
  readonly type = 'languageDetector';

  init(): void {}

  detect(): string[] {
    return LOOKUPS.flatMap((lookup) => {
      const found = lookup();
      return typeof found === 'string' ? [found] : (found ?? []);
    }).flatMap((value) => matchLanguage(value) ?? []);
  }

  cacheUserLanguage(lng: string): void {
    if (lng === 'cimode') return;
    try {
      document.cookie = `${CACHE_COOKIE}=${encodeURIComponent(lng)}; Max-Age=${CACHE_SECONDS}; Path=/; SameSite=Lax`;
    } catch {
      // A document without cookies: local storage still keeps it.
    }
    try {
      localStorage.setItem(CACHE_STORAGE_KEY, lng);
    } catch {
      // Private mode without storage: the address still carries the language.
    }
  }
}

/** Where the shell's own strings are: `{{lng}}` and `{{ns}}` are filled in (i18nOptions' `backend`). */
interface SiteBackendOptions {
  loadPath?: string;
}

/**
 * The shell's own strings come over HTTP (/locales/{lng}/translation.json); a remote's namespace comes from
 * the files the remote shipped (registered by useNamespace), so a language change loads every namespace on
 * screen before the text switches, and nothing asks the shell's origin for a remote's strings.
 * A server error or a failed connection is worth another try (i18next retries, see `maxRetries`); a 4xx or a
 * file that is not JSON is not. A plain GET, as the first HTML's preload of the same file, so the browser uses it.
 */
export class SiteBackend implements BackendModule<SiteBackendOptions> {
  static readonly type = 'backend';
  readonly type = 'backend';
  private loadPath = '';

  init(_services: unknown, options: SiteBackendOptions = {}): void {
    this.loadPath = options.loadPath ?? '';
  }

  read(language: string, namespace: string, callback: ReadCallback): void {
    const loaders = namespaceLoaders(namespace);
    if (loaders) {
      loadNamespaceFile(loaders, language).then(
        (strings) => callback(null, strings),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), true),
      );
      return;
    }
    const url = this.loadPath.replace('{{lng}}', encodeURIComponent(language)).replace('{{ns}}', encodeURIComponent(namespace));
    fetch(url).then(
      (response) => {
        if (!response.ok) {
          callback(new Error(`failed loading ${url}: status ${response.status}`), response.status < 400 || response.status >= 500);
          return;
        }
        response.json().then(
          (strings: ResourceKey) => callback(null, strings),
          () => callback(new Error(`failed parsing ${url} as JSON`), false),
        );
      },
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), true),
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
    // Translation loads retry 5 times from 350 ms, doubling, on 5xx and network errors.
    maxRetries: 5,
    retryTimeout: 350,
    backend: { loadPath: '/locales/{{lng}}/{{ns}}.json' },
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
  await i18next.use(SiteBackend).use(SiteLanguageDetector).use(initReactI18next).init(i18nOptions());
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
