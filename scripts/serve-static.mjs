// Serves one built app from its own origin, as a CDN would: CORS for module scripts,
// never-cached entry documents, immutable hashed assets, and (for the shell) a SPA fallback.
import http from 'node:http';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import sirv from 'sirv';
import { RELEASES_PATH, VERSION_PATTERN } from './release/config.mjs';
import { RELEASE_FILE } from './release/releases.mjs';

const NO_CACHE = /^\/(?:index\.html|remoteEntry\.js|mf-manifest\.json|mf-stats\.json|remotes\.json|config\.json)?$/;
const HASHED = /^\/assets\//;

export function cachePolicy(pathname) {
  if (HASHED.test(pathname)) return 'public, max-age=31536000, immutable';
  if (NO_CACHE.test(pathname)) return 'no-cache';
  return 'no-cache';
}

function sendJson(res, body) {
  // Serialise first: a body that cannot be serialised must fail before the 200 is written.
  const text = JSON.stringify(body);
  res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-cache' });
  res.end(text);
}

/**
 * @param {object} options
 * @param {string} options.dir        the app's dist folder
 * @param {boolean} [options.spa]     serve index.html for unknown paths (the shell)
 * @param {Record<string, (req: http.IncomingMessage) => unknown | Promise<unknown>>} [options.documents]
 *        JSON documents computed per request, e.g. /remotes.json and /config.json
 * @param {string} [options.releasesDir] the published versions of this app, served under /releases/<version>/
 */
export function createAppServer({ dir, spa = false, documents = {}, releasesDir }) {
  const assets = sirv(dir, {
    dev: false,
    etag: true,
    gzip: false,
    single: spa ? 'index.html' : false,
    setHeaders(res, pathname) {
      res.setHeader('Cache-Control', cachePolicy(pathname));
    },
  });
  const handle = async (req, res) => {
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    if (req.method === 'OPTIONS') {
      res.writeHead(204, { 'Access-Control-Allow-Methods': 'GET, HEAD, OPTIONS', 'Access-Control-Allow-Headers': '*' });
      res.end();
      return;
    }
    const url = parseRequestUrl(req.url);
    if (!url) return badRequest(res);
    const pathname = url.pathname;
    const document = documents[pathname];
    if (document) {
      try {
        sendJson(res, await document(req));
      } catch (error) {
        console.error(`Could not serve ${pathname}:`, error instanceof Error ? error.message : error);
        res.writeHead(503, { 'Content-Type': 'application/json', 'Cache-Control': 'no-cache' });
        res.end(JSON.stringify({ success: false, error: 'UNAVAILABLE', message: `${pathname} is unavailable` }));
      }
      return;
    }
    const notFound = () => {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-cache' });
      res.end('Not found');
    };
    if (releasesDir && pathname.startsWith(RELEASES_PATH)) {
      serveRelease(releasesDir, url, req, res, notFound);
      return;
    }
    assets(req, res, notFound);
  };
  // The handler is async: anything it throws would otherwise be an unhandled rejection, which ends the
  // whole process on Node 20. One odd request must cost that request, never the origin.
  return http.createServer((req, res) => {
    handle(req, res).catch((error) => {
      console.error(`Could not serve ${req.method} ${req.url}:`, error instanceof Error ? error.message : error);
      if (res.headersSent) {
        res.destroy();
        return;
      }
      res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-cache' });
      res.end('Internal server error');
    });
  });
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
    serve = sirv(dir, {
      dev: false,
      etag: true,
      gzip: false,
      setHeaders(response) {
        response.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      },
    });
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

/**
 * What browsers get of the pointer: per remote the live version, its entry, where its other published
 * versions live, and any canary; plus the origins an override may point at. The release bookkeeping
 * (earlier versions for rollback) stays on the server.
 */
export function publicPointer(document, overrideOrigins = []) {
  const remotes = {};
  for (const [name, target] of Object.entries(document?.remotes ?? {})) {
    const { previous: _previous, ...visible } = target ?? {};
    remotes[name] = visible;
  }
  return { remotes, overrides: { allowedOrigins: overrideOrigins } };
}

/** The shell's runtime documents: the remotes pointer (read per request) and the runtime config. */
export function shellDocuments({ pointerFile, apiBase, geoHeader = 'cloudfront-viewer-country', overrideOrigins = [] }) {
  return {
    // The release CLI replaces the file by renaming a complete one over it, so this read never sees half a document.
    '/remotes.json': async () => publicPointer(JSON.parse(await readFile(pointerFile, 'utf8')), overrideOrigins),
    '/config.json': (req) => {
      const raw = req.headers[geoHeader.toLowerCase()];
      const country = typeof raw === 'string' && /^[A-Za-z]{2}$/.test(raw) ? raw.toUpperCase() : null;
      return { apiBase, geoCountry: country };
    },
  };
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
