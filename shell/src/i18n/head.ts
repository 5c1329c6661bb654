import { LANGUAGES, withLanguage } from '@reelmint/contract/languages';

import { pageKeyOf, pageTitle, SITE_NAME } from './page-key.ts';

export { pageKeyOf, SITE_NAME } from './page-key.ts';

export interface HeadContent {
  lang: string;
  title: string;
  description: string;
  /** None on the not-found page: an address that is no page has no canonical form and no translations. */
  canonical: string | null;
  alternates: { hreflang: string; href: string }[];
  structuredData: Record<string, unknown>;
}

/**
 * What the head says for a page in a language: an alternate link per language plus x-default
 * (the language-free URL, which the site answers in the visitor's own language), a canonical link to this
 * language's URL without query, and the WebSite structured data whose search lands on the templates gallery. The
 * not-found page names no canonical and no alternates: they would point search engines at more addresses that are no
 * page (/fr/nope, /de/nope...).
 */
export function headFor(origin: string, shownPath: string, lng: string, text: { title: string; description: string }): HeadContent {
  // /en/pricing/ is the page /en/pricing is: one canonical address for both, and alternates to it.
  const barePath = shownPath.length > 1 ? shownPath.replace(/\/+$/, '') || '/' : shownPath;
  const urlIn = (language: string) => `${origin}${withLanguage(barePath, language)}`;
  const isPage = pageKeyOf(barePath) !== 'notFound';
  return {
    lang: lng,
    title: pageTitle(text.title),
    description: text.description,
    canonical: isPage ? urlIn(lng) : null,
    alternates: isPage
      ? [...LANGUAGES.map((language) => ({ hreflang: language, href: urlIn(language) })), { hreflang: 'x-default', href: `${origin}${barePath}` }]
      : [],
    structuredData: {
      '@context': 'https://schema.org',
      '@type': 'WebSite',
      name: SITE_NAME,
      // The web site is its home page, whichever of its pages says so.
      url: `${origin}${withLanguage('/', lng)}`,
      inLanguage: lng,
      potentialAction: {
        '@type': 'SearchAction',
        target: { '@type': 'EntryPoint', urlTemplate: `${origin}/${lng}/free-video-templates?q={search_term_string}` },
        'query-input': 'required name=search_term_string',
      },
    },
  };
}

const OWNED = 'data-head';

function ensureMeta(name: string): HTMLMetaElement {
  let meta = document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = name;
    document.head.append(meta);
  }
  return meta;
}

/** Writes the head in place: the tags this module owns are replaced, never duplicated. */
export function applyHead(content: HeadContent): void {
  document.documentElement.lang = content.lang;
  document.title = content.title;
  ensureMeta('description').content = content.description;
  for (const old of document.head.querySelectorAll(`[${OWNED}]`)) old.remove();
  const canonical = content.canonical === null ? [] : [document.createElement('link')];
  for (const link of canonical) {
    link.rel = 'canonical';
    link.href = content.canonical ?? '';
  }
  const alternates = content.alternates.map(({ hreflang, href }) => {
    const link = document.createElement('link');
    link.rel = 'alternate';
    link.hreflang = hreflang;
    link.href = href;
    return link;
  });
  const data = document.createElement('script');
  data.type = 'application/ld+json';
  data.textContent = JSON.stringify(content.structuredData);
  for (const element of [...canonical, ...alternates, data]) {
    element.setAttribute(OWNED, '');
    document.head.append(element);
  }
}
