import { useEffect } from 'react';
import { Navigate, Outlet, useLocation, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { languageSegmentOf, looksLikeLanguageSegment, normalizeLanguage, withLanguage } from '@reelmint/shared';
import { NotFoundPage } from '../pages/not-found-page.tsx';

/**
 * Guards /{lng}/... routes: an unsupported or non-canonical segment redirects (replace)
 * to the same path with the best-matching language; a valid one becomes the interface language.
 */
export function LanguageRoute() {
  const { lng = '' } = useParams();
  const location = useLocation();
  const { i18n } = useTranslation();
  const best = normalizeLanguage(lng);
  const valid = looksLikeLanguageSegment(lng) && best === lng;

  useEffect(() => {
    // Only the route the address bar shows may set the language: a stale tree that React keeps on screen
    // while the next route suspends would otherwise pull the language back to the old segment.
    if (valid && i18n.language !== lng && languageSegmentOf(window.location.pathname) === lng) void i18n.changeLanguage(lng);
  }, [valid, lng, i18n]);

  if (!looksLikeLanguageSegment(lng)) return <NotFoundPage />;
  if (!valid) return <Navigate replace to={withLanguage(`${location.pathname}${location.search}${location.hash}`, best)} />;
  return <Outlet />;
}
