/** Language rules: supported codes, URL prefixes, normalisation and detection inputs. Pure functions: used by the shell, the remotes and tests. */
export const LANGUAGES = ['en', 'fr', 'de', 'it', 'es', 'ja', 'pt', 'ru', 'la', 'zh-CN', 'zh-TW', 'ko', 'hi'] as const;
export type Language = (typeof LANGUAGES)[number];
export const FALLBACK_LANGUAGE: Language = 'en';

/** Each language's own name, for the language menu. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  fr: 'Français',
  de: 'Deutsch',
  it: 'Italiano',
  es: 'Español',
  ja: '日本語',
  pt: 'Português',
  ru: 'Русский',
  la: 'Latina',
  'zh-CN': '简体中文',
  'zh-TW': '繁體中文',
  ko: '한국어',
  hi: 'हिन्दी',
};

export const COUNTRY_LANGUAGE: Record<string, Language> = {
  US: 'en',
  GB: 'en',
  AU: 'en',
  CA: 'en',
  FR: 'fr',
  DE: 'de',
  IT: 'it',
  ES: 'es',
  PT: 'pt',
  JP: 'ja',
  RU: 'ru',
  LA: 'la',
  CN: 'zh-CN',
  SG: 'zh-CN',
  MY: 'zh-CN',
  TW: 'zh-TW',
  HK: 'zh-TW',
  KR: 'ko',
  IN: 'hi',
};

const LOWER_TO_LANGUAGE = new Map<string, Language>(LANGUAGES.map((l) => [l.toLowerCase(), l]));

/** Values such as `<script>`, `javascript:` or `onerror=` are never a language. */
export function looksLikeInjection(value: string): boolean {
  return /[<>"'`;(){}]|javascript:|on\w+\s*=|%3c|&#/i.test(value);
}

export function isSupportedLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * zh and zh-cn give zh-CN; zh-tw and zh-hant give zh-TW; otherwise a case-insensitive
 * match on the full code, then on the part before the dash, else en.
 */
export function normalizeLanguage(value: string | null | undefined): Language {
  return matchLanguage(value) ?? FALLBACK_LANGUAGE;
}

/** Like normalizeLanguage, but null when nothing matches (so callers can try the next source). */
export function matchLanguage(value: string | null | undefined): Language | null {
  if (!value || looksLikeInjection(value)) return null;
  const lower = value.trim().toLowerCase().replace(/_/g, '-');
  if (lower === 'zh' || lower === 'zh-cn') return 'zh-CN';
  if (lower === 'zh-tw' || lower === 'zh-hant') return 'zh-TW';
  const full = LOWER_TO_LANGUAGE.get(lower);
  if (full) return full;
  const base = lower.split('-')[0] ?? '';
  if (base === 'zh') return 'zh-CN';
  return LOWER_TO_LANGUAGE.get(base) ?? null;
}

/** A first path segment shaped like a language code (en, fr, zh-CN, pt-br...). */
const LANGUAGE_SEGMENT = /^[a-z]{2}(?:-[a-z]{2,4})?$/i;

export function looksLikeLanguageSegment(segment: string | undefined): segment is string {
  return !!segment && LANGUAGE_SEGMENT.test(segment);
}

/** The language segment of a path, as written (not normalised), or null. */
export function languageSegmentOf(pathname: string): string | null {
  const first = pathname.split('/')[1];
  return looksLikeLanguageSegment(first) ? first : null;
}

/** The path without its language segment: /fr/pricing -> /pricing, /fr -> /. */
export function stripLanguage(pathname: string): string {
  const segment = languageSegmentOf(pathname);
  if (!segment) return pathname || '/';
  const rest = pathname.slice(segment.length + 1);
  return rest === '' ? '/' : rest;
}

/**
 * An internal link with the language as its first segment, replacing any existing
 * language segment and dropping a `lng` query parameter. Keeps the rest of the query and hash.
 */
export function withLanguage(to: string, lng: string): string {
  const url = new URL(to, 'http://local.invalid');
  url.searchParams.delete('lng');
  const bare = stripLanguage(url.pathname);
  const path = bare === '/' ? `/${lng}` : `/${lng}${bare}`;
  return `${path}${url.search}${url.hash}`;
}
