// The shell's origin: its build, the runtime documents the browser boots from (/remotes.json, /config.json) and its
// pages composed per request (pages.mjs), each page under the site's content security policy with a nonce of its
// own (security-headers.mjs). The static serving every origin shares, published versions included, is the release
// package's origin server.
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { publicPointer } from '@reelmint/release';
import { createOriginServer } from '@reelmint/release/origin';
import { createOperations } from './operations.mjs';
import { contentSecurityPolicy, securityHeaders } from './security-headers.mjs';

/**
 * The shell's runtime documents: the remotes pointer and the runtime config. The pointer comes from its file
 * (read per request), or from `readPointer` when it lives elsewhere (the database: pointerReader in
 * @reelmint/release).
 */
export function shellDocuments({ pointerFile, readPointer, apiBase, geoHeader = 'cloudfront-viewer-country', overrideOrigins = [] }) {
  // The release CLI replaces the file by renaming a complete one over it, so this read never sees half a document.
  const pointer = readPointer ?? (async () => JSON.parse(await readFile(pointerFile, 'utf8')));
  return {
    '/remotes.json': async () => publicPointer(await pointer(), overrideOrigins),
    '/config.json': (req) => {
      const raw = req.headers[geoHeader.toLowerCase()];
      const country = typeof raw === 'string' && /^[A-Za-z]{2}$/.test(raw) ? raw.toUpperCase() : null;
      return { apiBase, geoCountry: country };
    },
  };
}

/**
 * @param {object} options
 * @param {string} options.dir the shell's dist folder
 * @param {Record<string, (req: import('node:http').IncomingMessage) => unknown>} [options.documents] shellDocuments(...)
 * @param {Awaited<ReturnType<typeof import('./pages.mjs').shellPages>>} [options.pages] the pages composed per request
 *        (shellPages); without them, index.html as built
 * @param {import('./security-headers.mjs').SecurityPolicyOptions} [options.security] the origins the shell's pages
 *        may load code from and call; with none given, only the shell's own
 * @param {Parameters<typeof createOriginServer>[0]['timeouts']} [options.timeouts]
 * @param {ReturnType<typeof createOperations>} [options.operations] /healthz, /readyz, /metrics and request ids
 *        (operations.mjs); one of its own, with loopback-only metrics, by default
 */
export function createShellServer({ dir, documents = {}, pages = null, security = {}, timeouts, operations = createOperations({ documents }) }) {
  const server = createOriginServer({
    dir,
    spa: true,
    documents,
    headers: securityHeaders(security),
    // Each page's policy carries a fresh nonce for the <style> elements its own code writes at run time.
    pages:
      pages &&
      (async (req, url) => {
        const styleNonce = randomBytes(16).toString('base64');
        const page = await pages(req, url, { styleNonce });
        return { ...page, headers: { 'Content-Security-Policy': contentSecurityPolicy({ ...security, styleNonce }) } };
      }),
    timeouts,
  });
  // The operators' addresses and the request id come before the origin's own handling of every request.
  const [serve] = server.listeners('request');
  server.removeAllListeners('request');
  server.on('request', operations.wrap(serve));
  return server;
}
