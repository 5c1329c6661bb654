import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { FALLBACK_LANGUAGE, stripLanguage } from '@reelmint/shared';
import { applyHead, headFor, pageKeyOf } from './head.ts';

/** Keeps the page head in step with the route and the language. */
export function HeadTags() {
  const { pathname } = useLocation();
  // Never suspends (it sits outside every Suspense boundary); the head follows once the strings are in.
  const { t, i18n } = useTranslation(undefined, { useSuspense: false });
  const lng = i18n.resolvedLanguage ?? FALLBACK_LANGUAGE;
  const barePath = stripLanguage(pathname);
  const page = pageKeyOf(barePath);
  const title = t(`meta.${page}.title`);
  const description = t(`meta.${page}.description`);

  useEffect(() => {
    applyHead(headFor(location.origin, barePath, lng, { title, description }));
  }, [barePath, lng, title, description]);

  return null;
}
