/**
 * What the first HTML's head says besides the page's own tags: connections to open, files to fetch, and on a drawn
 * page the screen's stylesheets and the scripts that wait for the first paint (first-html.ts).
 */
import type { TakeOverScripts } from '../boot/boot-data.ts';
import type { StyleSheet } from './remote-styles.ts';

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

export interface Hints {
  preconnect: Set<string>;
  modules: string[];
  styles: string[];
  fetches: string[];
}

/** Module scripts and the API are fetched in CORS mode: a crossorigin preconnect is the connection they reuse. */
export function renderPreconnects(origins: Set<string>): string {
  return [...origins].map((origin) => `<link rel="preconnect" href="${escapeAttribute(origin)}" crossorigin>`).join('');
}

/** The shell's entry script and module preloads, as the build wrote them into index.html. */
const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g;

/** The script a drawn page carries instead: it starts the ones in the boot data once the page has been painted. */
const TAKE_OVER_SCRIPT = '<script type="module" src="/take-over.js"></script>';

/**
 * A drawn page is painted from its HTML and stylesheets alone, so nothing else may be fetched or run before that
 * first frame: the shell's entry and every module preload leave the head for the boot data, and /take-over.js
 * starts them right after the first paint (on a phone the scripts otherwise share the network with the
 * stylesheets and run before the page is shown).
 */
export function deferScripts(template: string, hints: Hints): { html: string; start: TakeOverScripts } | null {
  const entry = ENTRY_SCRIPT.exec(template)?.[1];
  if (!entry) return null;
  const shellModules = [...template.matchAll(MODULE_PRELOAD)].map((match) => match[1]!);
  const html = template
    .replace(ENTRY_SCRIPT, '')
    .replace(MODULE_PRELOAD, '')
    .replace('</head>', () => `${TAKE_OVER_SCRIPT}</head>`);
  return { html, start: { entry, modules: [...new Set([...shellModules, ...hints.modules])], fetches: [...new Set(hints.fetches)] } };
}

/**
 * A drawn page's screen stylesheets, in the page itself: each one's rules as a <style> element under the response's
 * nonce, so the first paint waits on no remote origin, and its address as a disabled stylesheet link, which the
 * browser does not fetch and the remote's own loaders (the federation entry's and Vite's) find in place, so they do
 * not fetch it either when the browser takes the page over.
 */
function renderStyleSheets(sheets: readonly StyleSheet[], nonce: string | undefined): string {
  const nonceAttribute = nonce ? ` nonce="${escapeAttribute(nonce)}"` : '';
  return sheets
    .map(({ href, css }) => {
      const address = escapeAttribute(href);
      return `<link rel="stylesheet" crossorigin href="${address}" disabled><style${nonceAttribute} data-remote-style="${address}">${css}</style>`;
    })
    .join('');
}

/** After the shell's own entry and its preloads, which the browser needs first to start anything. */
export function renderPreloads({ modules, styles, fetches }: Hints, inPage: { sheets: readonly StyleSheet[]; nonce: string | undefined } | null): string {
  const unique = (list: string[]) => [...new Set(list)];
  return [
    ...unique(modules).map((href) => `<link rel="modulepreload" crossorigin href="${escapeAttribute(href)}">`),
    // A page drawn with its screen carries the screen's stylesheets; any other page only hints them, which holds no paint.
    inPage
      ? renderStyleSheets(inPage.sheets, inPage.nonce)
      : unique(styles)
          .map((href) => `<link rel="preload" as="style" crossorigin href="${escapeAttribute(href)}">`)
          .join(''),
    ...unique(fetches).map((href) => `<link rel="preload" as="fetch" crossorigin href="${escapeAttribute(href)}">`),
  ].join('');
}
