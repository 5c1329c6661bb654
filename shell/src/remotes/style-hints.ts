/**
 * A page the server drew without its remote's screen hints the screen's stylesheets (`<link rel="preload" as="style">`,
 * server/page-hints.ts). When the remote's origin fails, such a hint fails, and the browser keeps that failure under its
 * address: a stylesheet link to the same address, which the remote's own loaders add when its screen loads (the
 * federation entry's and Vite's), gets the failed hint back without a new request, even once the origin has recovered.
 * A retry of the region then failed on a stylesheet although the remote answered again.
 *
 * Before a retry, each hint of the remote's origin that did not load is fetched afresh under a new query (`?retry=N`,
 * as the entry is), and a disabled stylesheet link is put under its own address: the loaders find that in place and do
 * not ask for the failed address again, as they do with a drawn page's stylesheets. A hint that loaded is left alone.
 */

/** Marks the fresh copy of a hinted stylesheet, by the address of the hint it replaces. */
const FRESH_COPY = 'data-style-retry';

/** Whether the browser reports a successful response for `href` (resource timing, where the browser gives status). */
function loaded(document: Document, href: string): boolean {
  const performance = document.defaultView?.performance;
  if (!performance?.getEntriesByName) return false;
  return performance.getEntriesByName(href, 'resource').some((entry) => {
    const status = (entry as PerformanceResourceTiming & { responseStatus?: number }).responseStatus;
    return status !== undefined && status >= 200 && status < 400;
  });
}

function stylesheetLink(document: Document, href: string): HTMLLinkElement {
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  // The loaders' own links are CORS requests; the same mode keeps the fresh copy one the browser would reuse.
  link.crossOrigin = '';
  link.href = href;
  return link;
}

/** Readies the stylesheets hinted from the origin of `entry` (a remote's entry URL) for attempt number `attempt` of loading it again. */
export function refreshFailedStyleHints(entry: string, attempt: number, document: Document = globalThis.document): void {
  const head = document.head;
  const prefix = `${new URL(entry).origin}/`;
  const hints = [...head.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="style"]')].filter((hint) => hint.href.startsWith(prefix));
  for (const { href } of hints) {
    if (loaded(document, href)) continue;
    const links = [...head.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')];
    const copy = links.find((link) => link.getAttribute(FRESH_COPY) === href);
    // A copy that has its rules already serves the screen; one that failed too is replaced by a newer one.
    if (copy?.sheet) continue;
    copy?.remove();
    if (!links.some((link) => link.href === href)) {
      const inPlace = stylesheetLink(document, href);
      inPlace.setAttribute('disabled', '');
      head.append(inPlace);
    }
    const url = new URL(href);
    url.searchParams.set('retry', String(attempt));
    const fresh = stylesheetLink(document, url.toString());
    fresh.setAttribute(FRESH_COPY, href);
    head.append(fresh);
  }
}
