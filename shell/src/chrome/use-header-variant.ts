import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { stripLanguage } from '@reelmint/shared';
import { isGeneratorPath } from '../app/routes.ts';

/** The header turns solid once the page is scrolled more than 50px. */
export const HEADER_SCROLL_THRESHOLD = 50;

export type HeaderVariant = 'transparent' | 'scrolled' | 'solid' | 'dark';

/**
 * Home (and language home): transparent at the top, white-translucent past the threshold.
 * Generator pages: dark, no scroll transparency. Everything else: solid.
 */
export function useHeaderVariant(): HeaderVariant {
  const bare = stripLanguage(useLocation().pathname);
  const isHome = bare === '/';
  const isGenerator = isGeneratorPath(bare);
  // Not read while drawing: a page the server drew starts at the top, and the effect below reads the real position.
  const [scrolled, setScrolled] = useState(false);

  useEffect(() => {
    if (!isHome) return;
    const update = () => setScrolled(window.scrollY > HEADER_SCROLL_THRESHOLD);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, [isHome]);

  if (isGenerator) return 'dark';
  if (isHome) return scrolled ? 'scrolled' : 'transparent';
  return 'solid';
}
