import { forwardRef, useCallback } from 'react';
import { Link, useLocation } from 'react-router-dom';
import type { LinkProps } from 'react-router-dom';
import { isSupportedLanguage, languageSegmentOf, normalizeLanguage, withLanguage } from '@reelmint/contract/languages';
import { useActiveLanguage } from '../stores/language.ts';

/** The language for links: the URL's segment when present, else the active interface language. */
export function useLinkLanguage(): string {
  const { pathname } = useLocation();
  const active = useActiveLanguage();
  const segment = languageSegmentOf(pathname);
  if (segment) return isSupportedLanguage(segment) ? segment : normalizeLanguage(segment);
  return active;
}

/** Builds a language-prefixed internal path: `localize('/pricing?x=1')` -> `/fr/pricing?x=1`. */
export function useLocalizePath(): (to: string) => string {
  const lng = useLinkLanguage();
  return useCallback((to: string) => withLanguage(to, lng), [lng]);
}

export type LocalizedLinkProps = Omit<LinkProps, 'to'> & { to: string };

/** An internal link that always carries the language as its first path segment. */
export const LocalizedLink = forwardRef<HTMLAnchorElement, LocalizedLinkProps>(function LocalizedLink({ to, ...rest }, ref) {
  const localize = useLocalizePath();
  return <Link ref={ref} to={localize(to)} {...rest} />;
});
