import { COUNTRY_LANGUAGE, FALLBACK_LANGUAGE, LANGUAGES, languageSegmentOf, matchLanguage } from '@reelmint/contract/languages';
import type { Language } from '@reelmint/contract/languages';

export interface LanguageSources {
  pathname: string;
  /** The Cookie header: i18next's own cookie holds the language last shown. */
  cookie?: string | undefined;
  /** The viewer country the CDN reported (already validated). */
  geoCountry?: string | null | undefined;
  acceptLanguage?: string | undefined;
}

/** Accept-Language tags by weight, highest first (order kept among equals). */
function acceptedLanguages(header: string): string[] {
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find(Boolean);
      return { tag: tag.trim(), weight: q === undefined ? 1 : Number(q), index };
    })
    .filter(({ tag, weight }) => tag && tag !== '*' && weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map(({ tag }) => tag);
}

/**
 * The language the browser will most likely show for this request, following the browser's own order
 * (shell/src/i18n/i18n.ts) as far as a server can see it: the path, the viewer's country, the language last
 * shown (i18next's cookie), the browser's languages. Preferences kept only in local storage are invisible
 * here; on a language-free path the browser then moves to its own choice and the hints cost one wasted fetch.
 */
export function requestLanguage({ pathname, cookie, geoCountry, acceptLanguage }: LanguageSources): Language {
  const segment = languageSegmentOf(pathname);
  const fromPath = segment ? matchLanguage(segment) : null;
  if (fromPath) return fromPath;
  const fromCountry = geoCountry ? COUNTRY_LANGUAGE[geoCountry.toUpperCase()] : undefined;
  if (fromCountry) return fromCountry;
  const fromCookie = /(?:^|;\s*)i18next=([^;]*)/.exec(cookie ?? '')?.[1];
  if (fromCookie && (LANGUAGES as readonly string[]).includes(decodeURIComponent(fromCookie))) return decodeURIComponent(fromCookie) as Language;
  for (const tag of acceptedLanguages(acceptLanguage ?? '')) {
    const match = matchLanguage(tag);
    if (match) return match;
  }
  return FALLBACK_LANGUAGE;
}
