// Serves one built app from its own origin, as a CDN would: CORS for module scripts, never-cached entry
// documents, immutable hashed assets, compressed bodies (the .br/.gz files the build and publishing wrote,
// chosen by Accept-Encoding), every published version of the app under /releases/<version>/, and (for the
// shell) a SPA fallback. Every origin of the site runs one: the shell's server adds its pages and documents
// (shell/server), each remote's origin is this alone.
import http from 'node:http';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import Negotiator from 'negotiator';
import sirv from 'sirv';
import { RELEASES_PATH, VERSION_PATTERN } from './config.mjs';
import { RELEASE_FILE } from './releases.mjs';

const NO_CACHE = /^\/(?:index\.html|remoteEntry\.js|mf-manifest\.json|mf-stats\.json|remotes\.json|config\.json)?$/;
const HASHED = /^\/assets\//;

export function cachePolicy(pathname) {
  if (HASHED.test(pathname)) return 'public, max-age=31536000, immutable';
  if (NO_CACHE.test(pathname)) return 'no-cache';
  return 'no-cache';
}

/**
 * How long a client may take, so a slow or stalled one is cut within seconds instead of holding a
 * connection (and its memory) for minutes: Node's own defaults are 60 s for headers and 300 s for a request.
 * An idle kept-alive connection is the client's to close (65 s: longer than a proxy's or a browser's own idle
 * timeout), so the server never closes one that a client is about to reuse.
 */
export const DEFAULT_TIMEOUTS = Object.freeze({ headersMs: 5_000, requestMs: 10_000, keepAliveMs: 65_000, idleMs: 15_000 });

/** Brotli first: smaller than gzip for the same text, and every current browser sends it over http too. */
const ENCODING_PREFERENCE = ['br', 'gzip', 'identity'];

/**
 * The encoding to send for a request's Accept-Encoding: 'br', 'gzip' or 'identity'. Quality values
 * count (`br;q=0` refuses brotli); a tie goes to the smaller encoding, whatever order the browser listed.
 */
export function chooseEncoding(acceptEncoding) {
  const negotiator = new Negotiator({ headers: { 'accept-encoding': acceptEncoding ?? '' } });
  // Nothing acceptable (`identity;q=0, *;q=0`): the plain body is still the one a client can most likely use.
  return negotiator.encoding(ENCODING_PREFERENCE, { preferred: ENCODING_PREFERENCE }) ?? 'identity';
}

/**
 * Sends a body computed per request, compressed for the browser when worth it. Static files are
 * compressed once at build time instead (precompress.mjs); this is for the few documents a server
 * writes itself. A fast brotli level: these bodies are small and made on every request.
 */
export function sendBody(req, res, status, headers, body) {
  const raw = Buffer.from(body);
  const encoding = raw.length >= 512 ? chooseEncoding(req.headers['accept-encoding']) : 'identity';
  const encoded =
    encoding === 'br'
      ? brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } })
      : encoding === 'gzip'
        ? gzipSync(raw, { level: 6 })
        : raw;
  res.writeHead(status, {
    ...headers,
    Vary: 'Accept-Encoding',
    ...(encoding === 'identity' ? {} : { 'Content-Encoding': encoding }),
    'Content-Length': encoded.length,
  });
  res.end(req.method === 'HEAD' ? undefined : encoded);
}

function sendJson(req, res, body) {
  // Serialise first: a body that cannot be serialised must fail before the 200 is written.
  const text = JSON.stringify(body);
  sendBody(req, res, 200, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-cache' }, text);
}

/**
 * sirv picks `<file>.br` or `<file>.gz` by a plain substring test of Accept-Encoding. Narrowing the header
 * to the one negotiated encoding first makes it honour quality values and prefer brotli. Every response
 * of a static file varies by it, a 304 included, so caches keep one copy per encoding.
 */
function negotiated(serve) {
  return (req, res, next) => {
    req.headers['accept-encoding'] = chooseEncoding(req.headers['accept-encoding']);
    res.setHeader('Vary', 'Accept-Encoding');
    // sirv lists the files once and pipes a file's stream with no error handler: a file gone since (a build or a deploy
    // in place) would throw from that stream and end the whole server. The status is sent by then, so this one response
    // is cut short, which the browser sees as a failed load, and every other request goes on being answered.
    res.once('pipe', (source) =>
      source.once('error', (error) => {
        console.error(`Could not read ${req.url}:`, error instanceof Error ? error.message : error);
        res.destroy();
      }),
    );
    serve(req, res, next);
  };
}

/**
 * @param {object} options
 * @param {string} options.dir        the app's dist folder
 * @param {boolean} [options.spa]     serve index.html for unknown paths (the shell)
 * @param {Record<string, (req: http.IncomingMessage) => unknown | Promise<unknown>>} [options.documents]
 *        JSON documents computed per request, e.g. /remotes.json and /config.json
 * @param {string} [options.releasesDir] the published versions of this app, served under /releases/<version>/
 * @param {((req: http.IncomingMessage, url: URL) => Promise<{ html: string, cookies?: string[], status?: number, headers?: Record<string, string> }>) | null} [options.pages]
 *        the HTML of a page, composed per request (the shell's server), with headers of its own (a page's own
 *        content security policy); else index.html as built
 * @param {Record<string, string>} [options.headers] sent with every response: the site's security headers for this
 *        origin (shell/server/security-headers.mjs)
 * @param {Partial<typeof DEFAULT_TIMEOUTS>} [options.timeouts] how long a slow client may hold a connection
 */
export function createOriginServer({ dir, spa = false, documents = {}, releasesDir, pages = null, headers = {}, timeouts = {} }) {
  const protection = Object.entries(headers);
  const assets = negotiated(
    sirv(dir, {
      dev: false,
      etag: true,
      brotli: true,
      gzip: true,
      // The page fallback is the handler's (below): sirv's would answer any missing file, `/.env` as much as a page.
      single: false,
      setHeaders(res, pathname) {
        res.setHeader('Cache-Control', cachePolicy(pathname));
      },
    }),
  );
  const handle = async (req, res) => {
    res.setHeader('Access-Control-Allow-Origin', '*');
    for (const [name, value] of protection) res.setHeader(name, value);
    if (req.method === 'OPTIONS') {
      res.writeHead(204, { 'Access-Control-Allow-Methods': ALLOWED_METHODS, 'Access-Control-Allow-Headers': '*' });
      res.end();
      return;
    }
    // An origin of files and pages reads nothing: TRACE, PUT, DELETE, PROPFIND and the rest are refused before any path is looked at.
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: ALLOWED_METHODS, 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-cache' });
      res.end('Method not allowed');
      return;
    }
    const url = parseRequestUrl(req.url);
    if (!url) return badRequest(res);
    const pathname = url.pathname;
    const document = documents[pathname];
    if (document) {
      try {
        sendJson(req, res, await document(req));
      } catch (error) {
        console.error(`Could not serve ${pathname}:`, error instanceof Error ? error.message : error);
        res.writeHead(503, { 'Content-Type': 'application/json', 'Cache-Control': 'no-cache' });
        res.end(JSON.stringify({ success: false, error: 'UNAVAILABLE', message: `${pathname} is unavailable` }));
      }
      return;
    }
    const plainNotFound = () => {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-cache' });
      res.end('Not found');
    };
    const sendPage = async () => {
      const page = await pages(req, url);
      const pageHeaders = { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-cache', ...page.headers };
      if (page.cookies?.length) pageHeaders['Set-Cookie'] = page.cookies;
      // A page that shows nothing (a shared video's link that is not shared) says so with its status too.
      sendBody(req, res, page.status ?? 200, pageHeaders, page.html);
    };
    // A person who follows a link to an address with a dot that is no file (/en/about.php, /en/jane.doe) gets the
    // site's own "page not found", in its language and with its header, rather than two plain words; a script or a
    // stylesheet that is missing still gets the short plain 404.
    const notFound =
      pages && wantsDocument(req)
        ? () => {
            sendPage().catch((error) => failed(req, res, error));
          }
        : plainNotFound;
    if (pages && isPagePath(pathname)) {
      // One address per page: /en/faqs/ moves for good to /en/faqs, which is what the site links to and names as the
      // canonical. Answered as a page, the slash made a soft 404 (status 200 with the "page not found" title), since
      // the router knows no route with an empty last segment. Leading slashes are folded into one so the new address
      // stays on this origin (`//other.example/` would read as another host).
      if (pathname.length > 1 && pathname.endsWith('/')) {
        const location = `/${pathname.replace(/^\/+|\/+$/g, '')}${url.search}`;
        res.writeHead(301, { Location: location, 'Cache-Control': 'no-cache' });
        res.end();
        return;
      }
      await sendPage();
      return;
    }
    if (releasesDir && pathname.startsWith(RELEASES_PATH)) {
      serveRelease(releasesDir, url, req, res, notFound);
      return;
    }
    // A single-page app answers a page address it has no file for with its index.html; a missing file is a 404.
    const fallback =
      spa && !pages && isPagePath(pathname)
        ? () => {
            req.url = '/index.html';
            assets(req, res, notFound);
          }
        : notFound;
    assets(req, res, fallback);
  };
  // The handler is async: anything it throws would otherwise be an unhandled rejection, which ends the
  // whole process on Node 20. One odd request must cost that request, never the origin.
  const onRequest = (req, res) => {
    handle(req, res).catch((error) => failed(req, res, error));
  };
  const limits = { ...DEFAULT_TIMEOUTS, ...timeouts };
  const server = http.createServer(
    {
      headersTimeout: Math.min(limits.headersMs, limits.requestMs),
      // Headers and body together: a client sending a body a byte at a time is cut here.
      requestTimeout: limits.requestMs,
      // Node looks for requests past their time at this interval (30 s by default, longer than the limits).
      connectionsCheckingInterval: Math.max(50, Math.min(1000, Math.floor(limits.headersMs / 4))),
    },
    onRequest,
  );
  server.keepAliveTimeout = limits.keepAliveMs;
  // A connection that neither sends nor reads (a stalled download, a socket opened and left) is closed too.
  server.timeout = limits.idleMs;
  return server;
}

const ALLOWED_METHODS = 'GET, HEAD, OPTIONS';

/** A page address (the SPA answers it with index.html), not a file: no extension in its last segment. */
/** What a request that failed on the server is answered: the error is logged, the client told no more than that. */
function failed(req, res, error) {
  console.error(`Could not serve ${req.method} ${req.url}:`, error instanceof Error ? error.message : error);
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-cache' });
  res.end('Internal server error');
}

/** A browser's move to a page (a link followed, an address typed), not a script, image or fetch asking for a file. */
function wantsDocument(req) {
  const destination = req.headers['sec-fetch-dest'];
  if (typeof destination === 'string') return destination === 'document';
  return /\btext\/html\b/.test(req.headers.accept ?? '');
}

function isPagePath(pathname) {
  return pathname === '/index.html' || !/\.[^/]*$/.test(pathname);
}

/** The request's URL, or null when it cannot be parsed (a client error, answered 400). */
function parseRequestUrl(raw) {
  try {
    return new URL(raw ?? '/', 'http://local');
  } catch {
    return null;
  }
}

function badRequest(res) {
  res.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-cache' });
  res.end('Bad request');
}

/** Percent-decodes one path segment; a malformed escape (`%E0`) yields null instead of throwing. */
function decodeSegment(segment) {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/**
 * Published versions never change, so each one's file list is read once, on its first request
 * (versions published after the server started are served too), and every file is immutable.
 */
const releaseServers = new Map();

function serveRelease(releasesDir, url, req, res, notFound) {
  const match = /^\/releases\/([^/]+)(\/.*)?$/.exec(url.pathname);
  // A `+` in a version may arrive encoded (%2B); anything that does not decode to a version is not one.
  const version = match ? decodeSegment(match[1]) : null;
  if (version === null || !VERSION_PATTERN.test(version)) return notFound();
  const dir = join(releasesDir, version);
  let serve = releaseServers.get(dir);
  if (!serve) {
    // release.json is written before the version folder is renamed into place: present means complete.
    if (!existsSync(join(dir, RELEASE_FILE))) return notFound();
    serve = negotiated(
      sirv(dir, {
        dev: false,
        etag: true,
        brotli: true,
        gzip: true,
        setHeaders(response) {
          response.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
        },
      }),
    );
    releaseServers.set(dir, serve);
  }
  const rest = match[2] ?? '/';
  if (rest === `/${RELEASE_FILE}`) {
    // The shell only asks whether a version exists. Who published it and why stay in the release tooling.
    res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'public, max-age=31536000, immutable' });
    res.end(JSON.stringify({ version }));
    return;
  }
  req.url = `${rest}${url.search}`;
  serve(req, res, notFound);
}

export function listen(server, port, host = '127.0.0.1') {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve(server);
    });
  });
}
