// The shell's origin (shell-server.mjs): the pointer and config it answers, its pages' policy and nonce, and the
// documents it writes per request.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { test } from 'node:test';
import { brotliDecompressSync } from 'node:zlib';
import { publicPointer } from '@reelmint/release';
import { listen } from '@reelmint/release/origin';
import { fakeDist, getRaw as get, temporaryDir } from '@reelmint/release/testing';
import { contentSecurityPolicy } from './security-headers.mjs';
import { createShellServer, shellDocuments } from './shell-server.mjs';

test('browsers get the pointer without the rollback bookkeeping, plus the override allow list', async () => {
  const dir = temporaryDir();
  const pointerFile = join(dir, 'remotes.json');
  const billing = { version: '1.1.0', entry: 'http://localhost:5176/releases/1.1.0/remoteEntry.js', releases: 'http://localhost:5176/releases/' };
  writeFileSync(pointerFile, JSON.stringify({ remotes: { billing: { ...billing, previous: ['1.0.0'] } }, updatedAt: 'x' }));
  const documents = shellDocuments({ pointerFile, apiBase: 'http://api', overrideOrigins: ['http://localhost:5176'] });
  assert.deepEqual(await documents['/remotes.json'](), { remotes: { billing }, overrides: { allowedOrigins: ['http://localhost:5176'] } });
  assert.deepEqual(publicPointer({ remotes: {} }), { remotes: {}, overrides: { allowedOrigins: [] } });
});

test('every response of an origin carries the content security policy and its companions; a page gets its own style nonce', async (t) => {
  const dir = temporaryDir();
  const security = {
    codeOrigins: ['http://localhost:5176/releases/1.0.0/remoteEntry.js', 'https://dev.reelmint.example'],
    apiOrigin: 'http://localhost:8787/api',
  };
  const nonces = [];
  const pages = async (_req, _url, { styleNonce }) => {
    nonces.push(styleNonce);
    return { html: `<!doctype html><script id="reelmint-boot" type="application/json">{"styleNonce":"${styleNonce}"}</script>`, cookies: [] };
  };
  const server = await listen(createShellServer({ dir: fakeDist(join(dir, 'shell')), pages, security }), 0);
  t.after(() => server.close());
  const base = `http://127.0.0.1:${server.address().port}`;

  for (const path of ['/remoteEntry.js', '/assets/chunk-abc.js', '/missing.js', '/releases/1.0.0/remoteEntry.js']) {
    const answer = await fetch(`${base}${path}`);
    assert.equal(answer.headers.get('content-security-policy'), contentSecurityPolicy(security), path);
    assert.equal(answer.headers.get('x-content-type-options'), 'nosniff');
    assert.equal(answer.headers.get('referrer-policy'), 'strict-origin-when-cross-origin');
    assert.equal(answer.headers.get('x-frame-options'), 'DENY');
  }
  const first = await fetch(`${base}/fr/pricing`);
  const second = await fetch(`${base}/fr/pricing`);
  assert.equal(nonces.length, 2);
  assert.notEqual(nonces[0], nonces[1]);
  assert.equal(first.headers.get('content-security-policy'), contentSecurityPolicy({ ...security, styleNonce: nonces[0] }));
  assert.match(await first.text(), new RegExp(`"styleNonce":"${nonces[0].replace(/[+/]/g, '\\$&')}"`));
  assert.match(second.headers.get('content-security-policy'), new RegExp(`style-src [^;]*'nonce-${nonces[1].replace(/[+/]/g, '\\$&')}'`));
});

test('documents the shell writes per request are compressed when large enough', async (t) => {
  const dir = temporaryDir();
  const pointerFile = join(dir, 'remotes.json');
  const remotes = Object.fromEntries(
    Array.from({ length: 20 }, (_, i) => [`remote${i}`, { version: `1.0.${i}`, entry: `http://localhost:5176/releases/1.0.${i}/remoteEntry.js` }]),
  );
  writeFileSync(pointerFile, JSON.stringify({ remotes }));
  const server = await listen(createShellServer({ dir: fakeDist(join(dir, 'shell')), documents: shellDocuments({ pointerFile, apiBase: 'http://api' }) }), 0);
  t.after(() => server.close());
  const base = `http://127.0.0.1:${server.address().port}`;
  const pointer = await get(`${base}/remotes.json`, 'gzip, br');
  assert.equal(pointer.response.headers.get('content-encoding'), 'br');
  assert.equal(pointer.response.headers.get('vary'), 'Accept-Encoding');
  assert.deepEqual(JSON.parse(brotliDecompressSync(pointer.body).toString()).remotes, remotes);
  // A small document is not worth compressing.
  const config = await get(`${base}/config.json`, 'gzip, br');
  assert.equal(config.response.headers.get('content-encoding'), null);
  assert.deepEqual(JSON.parse(config.body.toString()), { apiBase: 'http://api', geoCountry: null });
});

test('a page address with a trailing slash moves for good to the one without; a followed link to a missing dotted address gets the site page', async (t) => {
  const dir = temporaryDir();
  const asked = [];
  const pages = async (_req, url) => {
    asked.push(url.pathname);
    return { html: `<!doctype html><title>${url.pathname}</title>`, status: url.pathname === '/en/faqs' ? 200 : 404 };
  };
  const server = await listen(createShellServer({ dir: fakeDist(join(dir, 'shell')), pages }), 0);
  t.after(() => server.close());
  const base = `http://127.0.0.1:${server.address().port}`;

  for (const [from, to] of [
    ['/en/faqs/', '/en/faqs'],
    ['/en/pricing/?cycle=monthly', '/en/pricing?cycle=monthly'],
    ['/de/text-to-video//', '/de/text-to-video'],
  ]) {
    const answer = await fetch(`${base}${from}`, { redirect: 'manual' });
    assert.equal(answer.status, 301, from);
    assert.equal(answer.headers.get('location'), to, from);
  }
  // Never off the origin: an address whose path starts with two slashes moves to a path, not to another host.
  const sneaky = await new Promise((resolve, reject) => request(`${base}/`, { path: '/.//evil.example/' }, resolve).on('error', reject).end());
  sneaky.resume();
  assert.equal(sneaky.statusCode, 301);
  assert.equal(sneaky.headers.location, '/evil.example');
  assert.deepEqual(asked, [], 'no page is drawn for an address that moves');
  assert.equal((await fetch(`${base}/en/faqs/`)).status, 200);

  // A person following a link: the site's page, with the status the page gives (404 for an unknown route).
  const followed = await fetch(`${base}/en/about.php`, { headers: { 'sec-fetch-dest': 'document', accept: 'text/html' } });
  assert.equal(followed.status, 404);
  assert.match(followed.headers.get('content-type'), /text\/html/);
  assert.equal(await followed.text(), '<!doctype html><title>/en/about.php</title>');
  // A script or stylesheet that is not there stays a short plain 404, with no page drawn for it.
  const script = await fetch(`${base}/assets/gone.js`, { headers: { 'sec-fetch-dest': 'script' } });
  assert.equal(script.status, 404);
  assert.equal(await script.text(), 'Not found');
  assert.deepEqual(asked, ['/en/faqs', '/en/about.php']);
});
