import { useLayoutEffect } from 'react';
import { useLocation } from 'react-router-dom';

/** The element an address's fragment names (`#privacy-children`), if the page has it. */
function fragmentTarget(hash: string): HTMLElement | null {
  if (hash.length < 2) return null;
  try {
    return document.getElementById(decodeURIComponent(hash.slice(1)));
  } catch {
    // A malformed escape names nothing.
    return null;
  }
}

/**
 * Every route change starts at the top of the page, unless the address names a section (`#terms-credits`, a link
 * shared from a policy's table of contents): then the page opens at that section. Without that, the move to the top
 * ran after the browser had gone to the section and undid it. A section whose screen is still on its way (a remote's
 * chunk) is shown once it is drawn.
 */
export function ScrollToTop() {
  const { pathname, hash } = useLocation();
  useLayoutEffect(() => {
    const target = fragmentTarget(hash);
    if (target) {
      target.scrollIntoView();
      return;
    }
    window.scrollTo(0, 0);
    if (hash.length < 2) return;
    const arrived = new MutationObserver(() => {
      const drawn = fragmentTarget(hash);
      if (!drawn) return;
      arrived.disconnect();
      drawn.scrollIntoView();
    });
    arrived.observe(document.body, { childList: true, subtree: true });
    return () => arrived.disconnect();
  }, [pathname, hash]);
  return null;
}
