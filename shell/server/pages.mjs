// The shell origin's HTML pages: the built index.html with this request's boot data and preload hints,
// composed by the shell's server module (src/server/first-html.ts, built to dist-server/).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** How often the pointer is read while no page asks for it. */
const POINTER_FOLLOW_MS = 2000;

/**
 * @param {object} options
 * @param {string} options.shellDir   the shell's root folder (holds dist/ and dist-server/)
 * @param {string} options.siteOrigin the shell's public origin, for each page's canonical and alternate links
 * @param {Record<string, (req: import('node:http').IncomingMessage) => unknown>} options.documents
 *        the shell's runtime documents (/config.json, /remotes.json), whose answers the page carries
 * @returns {Promise<((req: import('node:http').IncomingMessage, url: URL, page?: { styleNonce?: string }) => Promise<{ html: string, cookies: string[], status: number }>) | null>}
 *        null when the shell was built without its server module (the plain index.html is served then)
 */
export async function shellPages({ shellDir, siteOrigin, documents }) {
  const serverModule = join(shellDir, 'dist-server', 'first-html.js');
  const templateFile = join(shellDir, 'dist', 'index.html');
  if (!existsSync(serverModule) || !existsSync(templateFile)) {
    console.warn(`${serverModule} is missing: pages are served without boot data (run npm run build -w shell)`);
    return null;
  }
  const { createFirstHtml, createPageRendering, WARM_UP_PATHS } = await import(pathToFileURL(serverModule).href);
  const strings = readShellStrings(join(shellDir, 'dist', 'locales'));
  // Public pages are drawn on the server (README, "The first visit"); SHELL_SERVER_RENDER=off sends them undrawn.
  const render = process.env.SHELL_SERVER_RENDER === 'off' ? undefined : createPageRendering(strings);
  const firstHtml = createFirstHtml({ template: readFileSync(templateFile, 'utf8'), siteOrigin, strings, render });
  const answer = async (name, req) => {
    try {
      return (await documents[name]?.(req)) ?? null;
    } catch (error) {
      // The page still goes out; the browser asks for the document itself and shows what it can.
      console.error(`Could not read ${name} for a page:`, error instanceof Error ? error.message : error);
      return null;
    }
  };
  // The builds each pointer names are loaded as soon as the server reads that pointer (firstHtml.prepare), so
  // the first page after a promote, a rollback or a new canary is drawn with the new build.
  let prepared = null;
  const follow = (pointer) => {
    const text = JSON.stringify(pointer);
    if (!render || !pointer || text === prepared) return;
    prepared = text;
    void firstHtml.prepare(pointer);
  };
  const page = async (req, url, { styleNonce } = {}) => {
    const [config, pointer] = await Promise.all([answer('/config.json', req), answer('/remotes.json', req)]);
    follow(pointer);
    return firstHtml({ url, headers: req.headers, config, pointer, styleNonce });
  };
  // A release changes the pointer without a request to this server: it is read every few seconds meanwhile. A read
  // that fails here is not said: the next page's read says it, and that page is what it costs.
  if (render) {
    setInterval(() => {
      Promise.resolve()
        .then(() => documents['/remotes.json']?.({ headers: {} }))
        .then(follow, () => undefined);
    }, POINTER_FOLLOW_MS).unref();
  }
  // Each remote's server build is fetched and loaded on its first use; doing it now spares the first visitor the wait.
  if (render) {
    void (async () => {
      for (const path of WARM_UP_PATHS) await page({ headers: {} }, new URL(path, siteOrigin)).catch(() => undefined);
    })();
  }
  return page;
}

/** The shell's strings as built (dist/locales/<lng>/translation.json), read once: they change only with a new shell build. */
function readShellStrings(localesDir) {
  const strings = new Map();
  for (const lng of existsSync(localesDir) ? readdirSync(localesDir) : []) {
    const file = join(localesDir, lng, 'translation.json');
    if (existsSync(file)) strings.set(lng, JSON.parse(readFileSync(file, 'utf8')));
  }
  return (lng) => strings.get(lng);
}
