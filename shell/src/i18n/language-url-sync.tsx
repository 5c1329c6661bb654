import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { FALLBACK_LANGUAGE, languageSegmentOf } from '@reelmint/shared';
import { useLanguageNavigate } from './language-navigate.ts';

/**
 * The address-bar watcher: a path without a language gets the detected one (geo, stored
 * preference, browser), and a language change made anywhere rewrites the segment. Paths that carry a
 * language are the URL's to decide (LanguageRoute); this only keeps the address bar in step.
 */
export function LanguageUrlSync() {
  const location = useLocation();
  const navigateToLanguage = useLanguageNavigate();
  // Never suspends: it sits outside every Suspense boundary and needs no strings.
  const { i18n } = useTranslation(undefined, { useSuspense: false });
  const lng = i18n.resolvedLanguage ?? FALLBACK_LANGUAGE;
  const { pathname, search, hash, state } = location;

  useEffect(() => {
    if (languageSegmentOf(pathname)) return;
    navigateToLanguage(`${pathname}${search}${hash}`, lng, state);
  }, [pathname, search, hash, state, lng, navigateToLanguage]);

  useEffect(() => {
    const follow = (next: string) => {
      const { pathname: current, search: query, hash: fragment } = window.location;
      const segment = languageSegmentOf(current);
      if (segment && segment !== next) navigateToLanguage(`${current}${query}${fragment}`, next, window.history.state?.usr);
    };
    i18n.on('languageChanged', follow);
    return () => i18n.off('languageChanged', follow);
  }, [i18n, navigateToLanguage]);

  return null;
}
