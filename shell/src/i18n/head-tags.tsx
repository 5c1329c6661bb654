import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { FALLBACK_LANGUAGE, stripLanguage } from '@reelmint/shared';
import { pageKeyOf, pageTitle } from './page-key.ts';

/**
 * Keeps the page head in step with the route and the language. The server writes the first page's head, so the code
 * that rewrites it (alternates, canonical, structured data) comes only when the head has to change: after a move or a
 * change of language, or when the page arrived with another head.
 */
export function HeadTags() {
  const { pathname } = useLocation();
  // Never suspends (it sits outside every Suspense boundary); the head follows once the strings are in.
  const { t, i18n } = useTranslation(undefined, { useSuspense: false });
  const lng = i18n.resolvedLanguage ?? FALLBACK_LANGUAGE;
  const barePath = stripLanguage(pathname);
  const page = pageKeyOf(barePath);
  const title = t(`meta.${page}.title`);
  const description = t(`meta.${page}.description`);
  const first = useRef(true);

  useEffect(() => {
    const drawn = first.current && document.title === pageTitle(title) && document.documentElement.lang === lng;
    first.current = false;
    if (drawn) return;
    let current = true;
    void import('./head.ts').then(({ applyHead, headFor }) => {
      if (current) applyHead(headFor(location.origin, barePath, lng, { title, description }));
    });
    return () => {
      current = false;
    };
  }, [barePath, lng, title, description]);

  return null;
}
