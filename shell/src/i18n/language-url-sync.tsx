import { startTransition, useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { FALLBACK_LANGUAGE, languageSegmentOf, withLanguage } from '@reelmint/shared';

/**
 * The address-bar watcher: a path without a language gets the detected one (geo, stored
 * preference, browser), and a language change made anywhere rewrites the segment. Paths that carry a
 * language are the URL's to decide (LanguageRoute); this only keeps the address bar in step.
 */
export function LanguageUrlSync() {
  const location = useLocation();
  const navigate = useNavigate();
  // Never suspends: it sits outside every Suspense boundary and needs no strings.
  const { i18n } = useTranslation(undefined, { useSuspense: false });
  const lng = i18n.resolvedLanguage ?? FALLBACK_LANGUAGE;
  const { pathname, search, hash, state } = location;

  useEffect(() => {
    if (languageSegmentOf(pathname)) return;
    startTransition(() => {
      navigate(withLanguage(`${pathname}${search}${hash}`, lng), { replace: true, state });
    });
  }, [pathname, search, hash, state, lng, navigate]);

  useEffect(() => {
    const follow = (next: string) => {
      const { pathname: current, search: query, hash: fragment } = window.location;
      const segment = languageSegmentOf(current);
      if (segment && segment !== next) {
        // The page stays as it is until the language's strings are in.
        startTransition(() => {
          navigate(withLanguage(`${current}${query}${fragment}`, next), { replace: true, state: window.history.state?.usr });
        });
      }
    };
    i18n.on('languageChanged', follow);
    return () => i18n.off('languageChanged', follow);
  }, [i18n, navigate]);

  return null;
}
