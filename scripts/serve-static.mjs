// Serves one built app from its own origin, as a CDN would: CORS for module scripts,
// never-cached entry documents, immutable hashed assets, and (for the shell) a SPA fallback.
import http from 'node:http';
import { readFile } from 'node:fs/promises';
import sirv from 'sirv';

const NO_CACHE = /^\/(?:index\.html|remoteEntry\.js|mf-manifest\.json|mf-stats\.json|remotes\.json|config\.json)?$/;
const HASHED = /^\/assets\//;

export function cachePolicy(pathname) {
  if (HASHED.test(pathname)) return 'public, max-age=31536000, immutable';
  if (NO_CACHE.test(pathname)) return 'no-cache';
  return 'no-cache';
}

function sendJson(res, body) {
  res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-cache' });
  res.end(JSON.stringify(body));
}

/**
 * @param {object} options
 * @param {string} options.dir        the app's dist folder
 * @param {boolean} [options.spa]     serve index.html for unknown paths (the shell)
 * @param {Record<string, (req: http.IncomingMessage) => unknown | Promise<unknown>>} [options.documents]
 *        JSON documents computed per request, e.g. /remotes.json and /config.json
 */
export function createAppServer({ dir, spa = false, documents = {} }) {
  const assets = sirv(dir, {
    dev: false,
    etag: true,
    gzip: false,
    single: spa ? 'index.html' : false,
    setHeaders(res, pathname) {
      res.setHeader('Cache-Control', cachePolicy(pathname));
    },
  });
  return http.createServer(async (req, res) => {
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    if (req.method === 'OPTIONS') {
      res.writeHead(204, { 'Access-Control-Allow-Methods': 'GET, HEAD, OPTIONS', 'Access-Control-Allow-Headers': '*' });
      res.end();
      return;
    }
    const pathname = new URL(req.url ?? '/', 'http://local').pathname;
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
    assets(req, res, () => {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-cache' });
      res.end('Not found');
    });
  });
}

/** The shell's runtime documents: the remotes pointer (read per request) and the runtime config. */
export function shellDocuments({ pointerFile, apiBase, geoHeader = 'cloudfront-viewer-country' }) {
  return {
    '/remotes.json': async () => JSON.parse(await readFile(pointerFile, 'utf8')),
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
