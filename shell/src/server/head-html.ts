import { FALLBACK_LANGUAGE, stripLanguage } from '@reelmint/contract/languages';
import { headFor, pageKeyOf } from '../i18n/head.ts';
import type { HeadContent } from '../i18n/head.ts';

/** The shell's strings of one language (its translation.json), or undefined when it has none. */
export type ShellStrings = (lng: string) => Record<string, unknown> | undefined;

const escapeText = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttribute = (value: string) => escapeText(value).replace(/"/g, '&quot;');

function lookup(strings: Record<string, unknown> | undefined, path: string[]): string | undefined {
  let node: unknown = strings;
  for (const part of path) node = node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
  return typeof node === 'string' && node ? node : undefined;
}

/** What the browser's HeadTags will say for this page, so the first HTML already says it. */
export function pageHead(siteOrigin: string, pathname: string, lng: string, strings: ShellStrings): HeadContent {
  const barePath = stripLanguage(pathname);
  const page = pageKeyOf(barePath);
  // Like i18next: a string missing in the language falls back to English.
  const text = (field: 'title' | 'description') =>
    lookup(strings(lng), ['meta', page, field]) ?? lookup(strings(FALLBACK_LANGUAGE), ['meta', page, field]) ?? '';
  return headFor(siteOrigin, barePath, lng, { title: text('title'), description: text('description') });
}

/** The tags the browser's applyHead owns carry `data-head`, so it replaces them instead of adding a second set. */
export function headTags(head: HeadContent): string {
  const json = JSON.stringify(head.structuredData).replace(/</g, '\\u003c');
  return [
    ...(head.canonical === null ? [] : [`<link rel="canonical" href="${escapeAttribute(head.canonical)}" data-head>`]),
    ...head.alternates.map(({ hreflang, href }) => `<link rel="alternate" hreflang="${escapeAttribute(hreflang)}" href="${escapeAttribute(href)}" data-head>`),
    `<script type="application/ld+json" data-head>${json}</script>`,
  ].join('');
}

/** Writes the page's language, title, description and owned head tags into the built index.html. */
export function withHead(template: string, head: HeadContent): string {
  // Replacement functions, so a `$` in a translated title is text, not a replacement pattern.
  return template
    .replace(/<html lang="[^"]*"/, () => `<html lang="${escapeAttribute(head.lang)}"`)
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeText(head.title)}</title>`)
    .replace(/<meta name="description" content="[^"]*"\s*\/?>/, () => `<meta name="description" content="${escapeAttribute(head.description)}" />`)
    .replace('</head>', () => `${headTags(head)}</head>`);
}
