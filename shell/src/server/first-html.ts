/**
 * The shell's first HTML for a page: the built index.html with what the browser would otherwise fetch before
 * drawing written into it. The shell's HTTP server (server/pages.mjs) calls this for every HTML navigation;
 * it is built for Node by `vite build -c vite.server.config.ts` so it shares the browser's route table,
 * language rules and canary choice instead of copying them.
 */
import type { ExposedModule } from '@reelmint/contract/screens';
import { FALLBACK_LANGUAGE, languageSegmentOf, matchLanguage, stripLanguage } from '@reelmint/contract/languages';
import type { ComponentType } from 'react';
import type { RuntimeConfig } from '@reelmint/shared';
import { runtimeConfigDocument } from '@reelmint/contract/site-api';
import { BOOT_DATA_ID, serializeBootData } from '../boot/boot-data.ts';
import type { RenderedPage } from '../boot/boot-data.ts';
import { REMOTE_SCREENS } from '@reelmint/contract/screens';
import { isSitePath, screenFor } from '../app/routes.ts';
import { parsePointerDocument, REMOTE_NAMES } from '../remotes/pointer.ts';
import type { RemoteName, RemotesPointer } from '../remotes/pointer.ts';
import { visitorCookie, visitorFromCookie } from '../release/visitor.ts';
import { createManifestCache } from './remote-manifests.ts';
import { exposedFiles } from '../remotes/manifest-files.ts';
import type { ManifestCache, ManifestCacheOptions } from './remote-manifests.ts';
import { createStyleCache } from './remote-styles.ts';
import type { StyleCache, StyleCacheOptions, StyleSheet } from './remote-styles.ts';
import { requestLanguage } from './request-language.ts';
import { likelyRemotes } from './visitor-choice.ts';
import { pageHead, withHead } from './head-html.ts';
import { shareCard } from './share-card.ts';
import { SITE_NAME } from '../i18n/head.ts';
import type { ShellStrings } from './head-html.ts';
import { createPageRenderer } from './render-page.tsx';
import { deferScripts, renderPreconnects, renderPreloads } from './page-hints.ts';
import type { Hints } from './page-hints.ts';
import type { PageRenderer } from './render-page.tsx';
import { createRemoteScreens } from './remote-screens.ts';
import type { RemoteScreens } from './remote-screens.ts';
import { serverSharedFiles, serverSharedModules } from './shared-modules.ts';
import { createServerReads } from './public-reads.ts';
import type { RemoteManifest } from './remote-manifests.ts';

export interface FirstHtmlRequest {
  url: URL;
  headers: Record<string, string | string[] | undefined>;
  /** What /config.json answers for this request, or null when it could not be read; checked before the page carries it. */
  config: unknown;
  /** What /remotes.json answers, or null when the pointer could not be read (the browser then asks itself). */
  pointer: unknown;
  /** The nonce this response's content security policy allows run-time <style> elements with. */
  styleNonce?: string;
}

export interface FirstHtml {
  html: string;
  /** Set-Cookie values: the visitor id, when the server assigned it for a canary choice. */
  cookies: string[];
  /** 404 for an address that is no page, and for a shared-video link that shows nothing (private, deleted, unknown); 200 otherwise. */
  status: number;
}

export interface FirstHtmlOptions {
  /** The built shell's index.html. */
  template: string;
  /** The site's public origin (the shell's), for the canonical and alternate links. */
  siteOrigin: string;
  /** The shell's strings per language, for the page's title and description. */
  strings: ShellStrings;
  /**
   * How long a page waits for a remote's manifest and its screen's stylesheets that the server has not read yet; after
   * that it goes without its hints and with the region's outline instead of the screen.
   */
  manifestWaitMs?: number;
  /** How long a shared video's page waits for the API to describe the video for its preview card. */
  shareCardWaitMs?: number;
  manifests?: ManifestCache | ManifestCacheOptions;
  /** The remote screens' stylesheets, which a drawn page carries in its HTML. */
  styles?: StyleCache | StyleCacheOptions;
  randomId?: () => string;
  /** Draws public pages into the first HTML (render-page.tsx); without it the HTML carries the head and hints only. */
  render?: PageRendering;
}

export interface PageRendering {
  renderPage: PageRenderer;
  screens: RemoteScreens;
  /**
   * How long a page waits on its remote in all (its manifest and stylesheets, then its server build); past it the page
   * goes with the region's loading outline.
   */
  loadTimeoutMs?: number;
  /** How long the drawing itself may take. */
  renderTimeoutMs?: number;
  /** How long the drawing waits for one public API read (a gallery's catalogue) before it draws that part loading. */
  readTimeoutMs?: number;
}

/**
 * The runtime config as a page carries it: /config.json's answer checked against its shared declaration, here on the
 * server, since the page itself takes it on trust (no schema code in the browser). Each field may be missing (the
 * browser then uses the same-origin API and no country); a document that does not fit is left out, and said.
 */
function checkedConfig(answered: unknown): Partial<RuntimeConfig> {
  if (answered === null || answered === undefined) return {};
  const checked = runtimeConfigDocument.partial().safeParse(answered);
  if (checked.success) return checked.data;
  console.error(`/config.json does not fit the runtime config; pages go out without it: ${checked.error.message}`);
  return {};
}

/** One drawn page per remote that owns public pages: drawing them at start loads each remote's server build before the first visitor. */
export const WARM_UP_PATHS: readonly string[] = [
  ...new Map(
    REMOTE_SCREENS.filter(({ serverRendered }) => serverRendered).map(({ remote, path }) => [remote, `/${FALLBACK_LANGUAGE}${path === '/' ? '' : path}`]),
  ).values(),
];

/**
 * How long getting a build ready ahead of its pages may take (its manifest, then each screen module): far longer
 * than a page waits, since no visitor waits on it.
 */
const PREPARE_WAIT_MS = 15_000;

/** How many drawn pages are kept (the public pages in every language are 130; the rest are query strings). */
const DRAWN_PAGES_KEPT = 300;

/** A page drawn with data from the API (a gallery's catalogue) is drawn again after this, so it follows the data. */
const DRAWN_WITH_DATA_KEPT_MS = 30_000;

/** The server side of drawing pages: the renderer and the remotes' server builds, with this process's singletons. */
export function createPageRendering(
  strings: ShellStrings,
  options: Pick<PageRendering, 'loadTimeoutMs' | 'renderTimeoutMs' | 'readTimeoutMs'> = {},
): PageRendering {
  return {
    renderPage: createPageRenderer(strings),
    screens: createRemoteScreens({ shared: serverSharedModules(), resolvedShared: serverSharedFiles() }),
    ...options,
  };
}

/** Changes whenever the build behind an entry changes (a local build rewritten at the same URL). */
function manifestStamp(manifest: RemoteManifest | undefined): string {
  if (!manifest) return 'unknown';
  const text = JSON.stringify(manifest);
  let hash = 2166136261;
  for (let index = 0; index < text.length; index++) hash = Math.imul(hash ^ text.charCodeAt(index), 16777619);
  return (hash >>> 0).toString(16);
}

/** Only an address whose first segment is a language, written exactly (/fr/..., /zh-CN/...): elsewhere the browser picks the language. */
function pathLanguage(pathname: string): string | null {
  const segment = languageSegmentOf(pathname);
  return segment && matchLanguage(segment) === segment ? segment : null;
}

interface DrawRequest {
  url: URL;
  lng: string;
  remote: RemoteName;
  module: ExposedModule;
  entry: string | undefined;
  /** The build's manifest, given only when its screen's stylesheets are in too: without both the screen is not drawn. */
  manifest: RemoteManifest | undefined;
  apiBase: string | undefined;
  /** The page request's id (X-Request-Id, set by the shell's server), forwarded on the API reads. */
  requestId: string | undefined;
  /** When the page began waiting on its remote (Date.now()): the wait for its server build counts from there. */
  waitingSince: number;
}

interface DrawnPage {
  html: string;
  rendered: RenderedPage;
  followsData: boolean;
  missingData: boolean;
  /** Every part was drawn: none threw and was left as its fallback for the browser. */
  complete: boolean;
}

async function drawPage(rendering: PageRendering, request: DrawRequest): Promise<DrawnPage | null> {
  const { renderPage, screens, loadTimeoutMs = 1200, renderTimeoutMs = 1500, readTimeoutMs = 800 } = rendering;
  const { url, lng, remote, module, entry, manifest, apiBase, requestId, waitingSince } = request;
  const location = `${url.pathname}${url.search}`;
  let Screen: ComponentType | null = null;
  // No manifest or stylesheets within the wait: the remote is down, slow or not there, and the browser could not take
  // its screen over either (a copy of its code the server still holds is no proof the remote answers).
  if (entry && !manifest) console.warn(`${location}: ${remote} is drawn by the browser (its manifest or stylesheets could not be read)`);
  if (entry && manifest) {
    try {
      // One wait for the remote in all: what the manifest and stylesheets took is not waited again for its build.
      const left = Math.max(0, loadTimeoutMs - (Date.now() - waitingSince));
      Screen = await screens.load(remote, entry, module, manifestStamp(manifest), left);
    } catch (error) {
      // The page still goes out at once, with the region's outline; the browser loads the region as it always has.
      console.warn(`${location}: ${remote} is drawn by the browser (${error instanceof Error ? error.message : String(error)})`);
    }
  }
  const attempts = Screen ? [Screen, null] : [null];
  for (const candidate of attempts) {
    try {
      const reads = createServerReads({ apiBase, timeoutMs: readTimeoutMs, lng, requestId });
      const drawn = await renderPage({ location, lng, screen: candidate && { remote, module, Screen: candidate }, timeoutMs: renderTimeoutMs, reads });
      const answered = reads.answered();
      return {
        html: drawn.html,
        complete: drawn.complete,
        followsData: reads.asked() > 0,
        missingData: reads.asked() > Object.keys(answered).length,
        rendered: {
          lng,
          remote,
          module,
          screen: candidate !== null,
          entry: candidate ? (entry ?? null) : null,
          ...(Object.keys(answered).length > 0 ? { reads: answered } : {}),
        },
      };
    } catch (error) {
      console.warn(`${location} could not be drawn${candidate ? ' with its screen' : ''}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return null;
}

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

export function createFirstHtml({
  template,
  siteOrigin,
  strings,
  manifestWaitMs = 300,
  shareCardWaitMs = 1500,
  manifests = {},
  styles = {},
  randomId = () => crypto.randomUUID(),
  render,
}: FirstHtmlOptions) {
  const cache: ManifestCache = 'get' in manifests ? manifests : createManifestCache(manifests);
  const styleCache: StyleCache = 'get' in styles ? styles : createStyleCache(styles);
  const charset = /<meta charset="[^"]*"\s*\/?>/i;
  if (!charset.test(template) || !template.includes('</head>')) throw new Error('The shell template has no <meta charset> or </head>');
  const root = '<div id="root"></div>';
  if (render && !template.includes(root)) throw new Error(`The shell template has no ${root}`);
  // A drawn page is the same for every visitor of the same build: kept, so a page people keep asking for is drawn
  // once per build. The key names the build (entry and manifest), so a promote or a rebuild draws afresh.
  const drawnPages = new Map<string, DrawnPage & { until: number }>();
  async function drawn(rendering: PageRendering, request: DrawRequest) {
    const stamp = manifestStamp(request.manifest);
    const key = JSON.stringify([request.url.pathname, request.url.search, request.lng, request.entry ?? null, stamp]);
    const kept = drawnPages.get(key);
    if (kept && kept.until > Date.now()) {
      drawnPages.delete(key);
      drawnPages.set(key, kept);
      return kept;
    }
    const page = await drawPage(rendering, request);
    // Only a page drawn whole with its screen, from a build whose manifest was read: an outline is retried next time,
    // and so is a page with a part that threw (left to the browser) or whose screen asked the API for data and did not
    // get it all (it shows that part loading).
    if (page?.rendered.screen && request.manifest && page.complete && !page.missingData) {
      drawnPages.delete(key);
      drawnPages.set(key, { ...page, until: page.followsData ? Date.now() + DRAWN_WITH_DATA_KEPT_MS : Infinity });
      for (const oldest of drawnPages.keys()) {
        if (drawnPages.size <= DRAWN_PAGES_KEPT) break;
        drawnPages.delete(oldest);
      }
    }
    return page;
  }

  /**
   * Loads the server builds a pointer names (each remote's live version and its canary), with the manifests pages
   * hint from, before any page needs them: the first page drawn after a promote, a rollback or a new canary is then
   * drawn with the new build instead of going out with its region's outline while the build loads. Builds already
   * loaded cost nothing; a build that fails to load is left to the pages, which go without it as they always do.
   */
  async function prepare(pointer: unknown): Promise<void> {
    if (!render || !pointer) return;
    const { remotes } = parsePointerDocument(pointer);
    const ready = async (remote: RemoteName, entry: string) => {
      const manifest = await cache.get(entry, PREPARE_WAIT_MS);
      if (!manifest) return;
      const modules = new Set(REMOTE_SCREENS.filter((screen) => screen.serverRendered && screen.remote === remote).map(({ module }) => module));
      for (const module of modules) {
        await styleCache.get(exposedFiles(manifest, entry, module, [])?.css ?? [], PREPARE_WAIT_MS);
        await render.screens.load(remote, entry, module, manifestStamp(manifest), PREPARE_WAIT_MS);
      }
    };
    const builds = REMOTE_NAMES.flatMap((remote) => {
      const target = remotes[remote];
      return target ? [target.entry, target.canary?.entry].filter((entry) => entry !== undefined).map((entry) => ({ remote, entry })) : [];
    });
    await Promise.all(builds.map(({ remote, entry }) => ready(remote, entry).catch(() => undefined)));
  }

  async function firstHtml({ url, headers, config: answered, pointer, styleNonce }: FirstHtmlRequest): Promise<FirstHtml> {
    const config = checkedConfig(answered);
    const cookies: string[] = [];
    const cookie = header(headers, 'cookie');
    const requestId = header(headers, 'x-request-id');
    const lng = requestLanguage({ pathname: url.pathname, cookie, geoCountry: config.geoCountry, acceptLanguage: header(headers, 'accept-language') });
    const languages = lng === FALLBACK_LANGUAGE ? [lng] : [lng, FALLBACK_LANGUAGE];
    const hints: Hints = { preconnect: new Set(), modules: [], styles: [], fetches: languages.map((language) => `/locales/${language}/translation.json`) };
    const apiOrigin = config.apiBase ? originOf(config.apiBase) : null;
    if (apiOrigin) hints.preconnect.add(apiOrigin);
    const head = pageHead(siteOrigin, url.pathname, lng, strings);
    // Asked while the hints are worked out: a link pasted elsewhere is unfurled from this HTML alone.
    const card = shareCard({
      barePath: stripLanguage(url.pathname),
      pageUrl: head.canonical ?? `${siteOrigin}${url.pathname}`,
      apiBase: config.apiBase,
      text: { title: head.title, description: head.description },
      siteName: SITE_NAME,
      timeoutMs: shareCardWaitMs,
      requestId,
    });

    let screen: (typeof REMOTE_SCREENS)[number] | undefined;
    let target: RemotesPointer[RemoteName] | undefined;
    let manifest: RemoteManifest | undefined;
    let sheets: StyleSheet[] | undefined;
    const waitingSince = Date.now();
    if (pointer) {
      const document = parsePointerDocument(pointer);
      let visitor = visitorFromCookie(cookie);
      const hasCanary = Object.values(document.remotes).some((target) => target?.canary);
      if (!visitor && hasCanary) {
        visitor = randomId();
        cookies.push(visitorCookie(visitor));
      }
      const likely: Partial<RemotesPointer> = likelyRemotes(document, visitor ?? '', url.search);
      for (const choice of Object.values(likely)) {
        const origin = originOf(choice.entry);
        if (origin) hints.preconnect.add(origin);
      }
      screen = screenFor(stripLanguage(url.pathname));
      target = screen ? likely[screen.remote] : undefined;
      if (screen && target) {
        hints.modules.push(target.entry);
        manifest = await cache.get(target.entry, manifestWaitMs);
        const files = manifest && exposedFiles(manifest, target.entry, screen.module, languages);
        if (files) {
          // The strings first: they are small and the screen suspends until they are in.
          hints.modules.push(...files.strings, ...files.js);
          hints.styles.push(...files.css);
          // A page drawn with its screen carries the screen's stylesheets: read within what is left of the same wait.
          if (render && screen.serverRendered) sheets = await styleCache.get(files.css, manifestWaitMs - (Date.now() - waitingSince));
        }
      }
    }

    // A public page at its language's address is drawn (its region without its screen when the remote is not
    // ready, or is overridden for this visitor: the browser checks overrides and loads the region itself).
    const page =
      render && screen?.serverRendered && pathLanguage(url.pathname) === lng
        ? await drawn(render, {
            url,
            lng,
            remote: screen.remote,
            module: screen.module,
            entry: target?.entry,
            manifest: sheets ? manifest : undefined,
            apiBase: config.apiBase,
            requestId,
            waitingSince,
          })
        : null;

    const deferred = page ? deferScripts(template, hints) : null;
    const preloads: Hints = deferred ? { ...hints, modules: [], fetches: [] } : hints;
    const boot = `<script id="${BOOT_DATA_ID}" type="application/json">${serializeBootData({ config, pointer: pointer ?? null, rendered: page?.rendered ?? null, ...(styleNonce ? { styleNonce } : {}), ...(deferred ? { start: deferred.start } : {}) })}</script>`;
    const shared = await card;
    let html = withHead(deferred?.html ?? template, head)
      .replace(charset, (meta) => `${meta}${renderPreconnects(hints.preconnect)}`)
      .replace(
        '</head>',
        () => `${shared?.tags ?? ''}${renderPreloads(preloads, page?.rendered.screen && sheets ? { sheets, nonce: styleNonce } : null)}${boot}</head>`,
      );
    if (page) html = html.replace(root, () => `<div id="root">${page.html}</div>`);
    // An address that is no page gets the not-found page, as the browser's router draws it, with a status that says so.
    return { html, cookies, status: shared?.status ?? (isSitePath(url.pathname) ? 200 : 404) };
  }

  return Object.assign(firstHtml, { prepare });
}
