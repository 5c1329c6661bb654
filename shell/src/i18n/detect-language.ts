import type { LanguageDetectorModule } from 'i18next';
import { COUNTRY_LANGUAGE, matchLanguage, looksLikeLanguageSegment, runtimeConfig } from '@reelmint/shared';
import type { Language } from '@reelmint/shared';

/** Set when a person picks a language in the menu. */
export const PREFERRED_LANG_KEY = 'preferred_lang';
/** Where the last language shown is kept, so the next visit starts in it: a cookie (the server reads it) and local storage. */
const CACHE_COOKIE = 'i18next';
const CACHE_STORAGE_KEY = 'i18nextLng';
const CACHE_DAYS = 365;

function stored(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    // Storage refused (private mode, a sandboxed frame): nothing is known.
    return null;
  }
}

function cookie(name: string): string | null {
  try {
    for (const part of document.cookie.split(';')) {
      const [key, ...value] = part.trim().split('=');
      if (key === name) return decodeURIComponent(value.join('='));
    }
  } catch {
    // A document without cookies.
  }
  return null;
}

/** A subdomain shaped like a language (fr.example.com, de.localhost). */
function subdomain(): string | null {
  const match = /^(\w{2,5}(?:-(?:[a-z]{4}|[a-z]{2}|\d{3}))*)\.(?:[a-z0-9-]{1,63}\.[a-z]{2,6}|localhost)/i.exec(location.hostname);
  return match?.[1] ?? null;
}

/**
 * Where the language comes from, in order: the URL (path, then subdomain), the geo country (the server's viewer-country
 * hint, exposed through the runtime config), the stored preference, the cache of the last language shown (cookie, then
 * local storage), the browser's languages in order, the html tag. Each is read only when the ones before it gave nothing.
 */
const SOURCES: ReadonlyArray<() => ReadonlyArray<string | null | undefined>> = [
  () => {
    const segment = location.pathname.split('/')[1];
    return [looksLikeLanguageSegment(segment) ? segment : null];
  },
  () => [subdomain()],
  () => {
    const country = runtimeConfig().geoCountry;
    return [country ? COUNTRY_LANGUAGE[country.trim().toUpperCase()] : null];
  },
  () => [stored(PREFERRED_LANG_KEY)],
  () => [cookie(CACHE_COOKIE)],
  () => [stored(CACHE_STORAGE_KEY)],
  () => [...(navigator.languages ?? []), navigator.language],
  () => [document.documentElement.getAttribute('lang')],
];

/**
 * The first supported language of the sources, normalised (zh -> zh-CN, fr-CA -> fr); a value that is not a supported
 * language, including one shaped like script injection, is passed over for the next. Undefined when none gives one
 * (i18next then falls back to English).
 */
function detectLanguage(): Language | undefined {
  for (const source of SOURCES) {
    for (const value of source()) {
      const language = matchLanguage(value);
      if (language) return language;
    }
  }
  return undefined;
}

/** Keeps the language shown for the next visit: cookie (a year, the whole site) and local storage. */
function cacheLanguage(language: string): void {
  const lng = matchLanguage(language);
  if (!lng) return;
  try {
    const expires = new Date(Date.now() + CACHE_DAYS * 24 * 60 * 60 * 1000).toUTCString();
    document.cookie = `${CACHE_COOKIE}=${encodeURIComponent(lng)}; expires=${expires}; path=/; samesite=lax`;
  } catch {
    // A document without cookies.
  }
  try {
    localStorage.setItem(CACHE_STORAGE_KEY, lng);
  } catch {
    // Storage refused: the cookie still carries it.
  }
}

/**
 * The site's language detector for i18next: a few lines of its own rather than a general-purpose package, as it runs on
 * every first page, whose script the visitor waits for.
 */
export function createDetector(): LanguageDetectorModule {
  return { type: 'languageDetector', init: () => undefined, detect: detectLanguage, cacheUserLanguage: cacheLanguage };
}
