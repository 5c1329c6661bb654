/**
 * The shell's first HTML for a page: the built index.html with what the browser would otherwise fetch before
 * drawing written into it. The shell's server (scripts/serve-static.mjs) calls this for every HTML navigation;
 * it is built for Node by `vite build -c vite.server.config.ts` so it shares the browser's route table,
 * language rules and canary choice instead of copying them.
 */
import { FALLBACK_LANGUAGE, stripLanguage } from '@reelmint/shared/languages';
import type { RuntimeConfig } from '@reelmint/shared';
import { BOOT_DATA_ID, serializeBootData } from '../boot/boot-data.ts';
import { REMOTE_SCREENS } from '../app/routes.ts';
import { parsePointerDocument } from '../remotes/pointer.ts';
import type { RemoteName, RemotesPointer } from '../remotes/pointer.ts';
import { visitorCookie, visitorFromCookie } from '../release/visitor.ts';
import { createManifestCache } from './remote-manifests.ts';
import { exposedFiles } from '../remotes/manifest-files.ts';
import type { ManifestCache, ManifestCacheOptions } from './remote-manifests.ts';
import { requestLanguage } from './request-language.ts';
import { likelyRemotes } from './visitor-choice.ts';
import { pageHead, withHead } from './head-html.ts';
import type { ShellStrings } from './head-html.ts';

export interface FirstHtmlRequest {
  url: URL;
  headers: Record<string, string | string[] | undefined>;
  /** What /config.json answers for this request. */
  config: Partial<RuntimeConfig>;
  /** What /remotes.json answers, or null when the pointer could not be read (the browser then asks itself). */
  pointer: unknown;
}

export interface FirstHtml {
  html: string;
  /** Set-Cookie values: the visitor id, when the server assigned it for a canary choice. */
  cookies: string[];
}

export interface FirstHtmlOptions {
  /** The built shell's index.html. */
  template: string;
  /** The site's public origin (the shell's), for the canonical and alternate links. */
  siteOrigin: string;
  /** The shell's strings per language, for the page's title and description. */
  strings: ShellStrings;
  /** How long a page waits for a remote's manifest the server has not read yet; after that it goes without its hints. */
  manifestWaitMs?: number;
  manifests?: ManifestCache | ManifestCacheOptions;
  randomId?: () => string;
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

function header(headers: FirstHtmlRequest['headers'], name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

interface Hints {
  preconnect: Set<string>;
  modules: string[];
  styles: string[];
  fetches: string[];
}

/** Module scripts and the API are fetched in CORS mode: a crossorigin preconnect is the connection they reuse. */
function renderPreconnects(origins: Set<string>): string {
  return [...origins].map((origin) => `<link rel="preconnect" href="${escapeAttribute(origin)}" crossorigin>`).join('');
}

/** After the shell's own entry and its preloads, which the browser needs first to start anything. */
function renderPreloads({ modules, styles, fetches }: Hints): string {
  const unique = (list: string[]) => [...new Set(list)];
  return [
    ...unique(modules).map((href) => `<link rel="modulepreload" crossorigin href="${escapeAttribute(href)}">`),
    // The remote's entry adds its stylesheets through Vite's preload helper, in CORS mode: the preload must match.
    ...unique(styles).map((href) => `<link rel="preload" as="style" crossorigin href="${escapeAttribute(href)}">`),
    ...unique(fetches).map((href) => `<link rel="preload" as="fetch" crossorigin href="${escapeAttribute(href)}">`),
  ].join('');
}

export function createFirstHtml({ template, siteOrigin, strings, manifestWaitMs = 300, manifests = {}, randomId = () => crypto.randomUUID() }: FirstHtmlOptions) {
  const cache: ManifestCache = 'get' in manifests ? manifests : createManifestCache(manifests);
  const charset = /<meta charset="[^"]*"\s*\/?>/i;
  if (!charset.test(template) || !template.includes('</head>')) throw new Error('The shell template has no <meta charset> or </head>');

  return async function firstHtml({ url, headers, config, pointer }: FirstHtmlRequest): Promise<FirstHtml> {
    const cookies: string[] = [];
    const cookie = header(headers, 'cookie');
    const lng = requestLanguage({ pathname: url.pathname, cookie, geoCountry: config.geoCountry, acceptLanguage: header(headers, 'accept-language') });
    const languages = lng === FALLBACK_LANGUAGE ? [lng] : [lng, FALLBACK_LANGUAGE];
    const hints: Hints = { preconnect: new Set(), modules: [], styles: [], fetches: languages.map((language) => `/locales/${language}/translation.json`) };
    const apiOrigin = config.apiBase ? originOf(config.apiBase) : null;
    if (apiOrigin) hints.preconnect.add(apiOrigin);

    if (pointer) {
      const document = parsePointerDocument(pointer);
      let visitor = visitorFromCookie(cookie);
      const hasCanary = Object.values(document.remotes).some((target) => target?.canary);
      if (!visitor && hasCanary) {
        visitor = randomId();
        cookies.push(visitorCookie(visitor));
      }
      const likely: Partial<RemotesPointer> = likelyRemotes(document, visitor ?? '', url.search);
      for (const target of Object.values(likely)) {
        const origin = originOf(target.entry);
        if (origin) hints.preconnect.add(origin);
      }
      const screen = REMOTE_SCREENS.find(({ path }) => path === stripLanguage(url.pathname));
      const target = screen ? likely[screen.remote as RemoteName] : undefined;
      if (screen && target) {
        hints.modules.push(target.entry);
        const manifest = await cache.get(target.entry, manifestWaitMs);
        const files = manifest && exposedFiles(manifest, target.entry, screen.module, languages);
        if (files) {
          // The strings first: they are small and the screen suspends until they are in.
          hints.modules.push(...files.strings, ...files.js);
          hints.styles.push(...files.css);
        }
      }
    }

    const boot = `<script id="${BOOT_DATA_ID}" type="application/json">${serializeBootData({ config, pointer: pointer ?? null })}</script>`;
    const html = withHead(template, pageHead(siteOrigin, url.pathname, lng, strings))
      .replace(charset, (meta) => `${meta}${renderPreconnects(hints.preconnect)}`)
      .replace('</head>', () => `${renderPreloads(hints)}${boot}</head>`);
    return { html, cookies };
  };
}
