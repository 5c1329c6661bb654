import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { FALLBACK_LANGUAGE, stripLanguage } from '@reelmint/shared';
import { pageKeyOf, pageTitle } from './page-key.ts';

/**
 * Keeps the page head in step with the route and the language, and tells screen readers which page a move led to.
 * The server writes the first page's head, so the code that rewrites it (alternates, canonical, structured data) comes
 * only when the head has to change: after a move or a change of language, or when the page arrived with another head.
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
  // The page a move inside the site led to, said to screen readers: the address and the title change without a load,
  // and the focus stays on the link that was pressed. Empty on the first page, which the browser announces itself.
  const [announced, setAnnounced] = useState('');
  const shownPath = useRef(barePath);
  useEffect(() => {
    if (shownPath.current === barePath) return;
    shownPath.current = barePath;
    setAnnounced(title);
  }, [barePath, title]);

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

  return (
    <p className="rm-visually-hidden" aria-live="polite" aria-atomic="true" data-testid="route-announcer">
      {announced}
    </p>
  );
}
