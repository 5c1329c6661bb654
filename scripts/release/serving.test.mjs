import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { join } from 'node:path';
import { test } from 'node:test';
import { createAppServer, listen, publicPointer, shellDocuments } from '../serve-static.mjs';
import { contentSecurityPolicy } from '../security-headers.mjs';
import { releaseConfig } from './config.mjs';
import { publish } from './releases.mjs';
import { fakeDist, releaseEnv, temporaryDir } from './fixtures.mjs';

test('a remote origin serves its local build at / and every published version side by side, even ones published after it started', async (t) => {
  const dir = temporaryDir();
  const config = releaseConfig(releaseEnv(dir));
  const releasesDir = join(config.releasesDir, 'mfe-billing');
  const first = publish(config, 'billing', { dist: fakeDist(join(dir, 'a'), { marker: 'one' }), version: '1.0.0', allowDirty: true, actor: 'Ada' });
  const server = await listen(createAppServer({ dir: fakeDist(join(dir, 'local'), { marker: 'local' }), releasesDir }), 0);
  t.after(() => server.close());
  const base = `http://127.0.0.1:${server.address().port}`;

  assert.equal(await (await fetch(`${base}/remoteEntry.js`)).text(), 'export const marker = "local";\n');
  const entry = await fetch(`${base}/releases/${first.version}/remoteEntry.js?retry=1`);
  assert.equal(await entry.text(), 'export const marker = "one";\n');
  assert.equal(entry.headers.get('cache-control'), 'public, max-age=31536000, immutable');
  assert.equal(entry.headers.get('access-control-allow-origin'), '*');

  const second = publish(config, 'billing', { dist: fakeDist(join(dir, 'b'), { marker: 'two' }), version: '1.1.0', allowDirty: true, actor: 'Ada' });
  assert.equal(await (await fetch(`${base}/releases/${second.version}/assets/chunk-abc.js`)).text(), 'export default "two";\n');
  assert.equal(await (await fetch(`${base}/releases/${first.version}/assets/chunk-abc.js`)).text(), 'export default "one";\n');
  // Browsers learn that a version exists, not who published it or why.
  const metadata = await fetch(`${base}/releases/${second.version}/release.json`);
  assert.equal(metadata.status, 200);
  assert.deepEqual(await metadata.json(), { version: second.version });

  // A folder still being assembled (no release.json yet) and names that are not versions are not served.
  mkdirSync(join(releasesDir, '3.0.0'), { recursive: true });
  writeFileSync(join(releasesDir, '3.0.0', 'remoteEntry.js'), 'half');
  assert.equal((await fetch(`${base}/releases/3.0.0/remoteEntry.js`)).status, 404);
  assert.equal((await fetch(`${base}/releases/..%2F..%2Fetc/passwd`)).status, 404);
  assert.equal((await fetch(`${base}/releases/9.9.9/release.json`)).status, 404);
});

test('browsers get the pointer without the rollback bookkeeping, plus the override allow list', async () => {
  const dir = temporaryDir();
  const pointerFile = join(dir, 'remotes.json');
  const billing = { version: '1.1.0', entry: 'http://localhost:5176/releases/1.1.0/remoteEntry.js', releases: 'http://localhost:5176/releases/' };
  writeFileSync(pointerFile, JSON.stringify({ remotes: { billing: { ...billing, previous: ['1.0.0'] } }, updatedAt: 'x' }));
  const documents = shellDocuments({ pointerFile, apiBase: 'http://api', overrideOrigins: ['http://localhost:5176'] });
  assert.deepEqual(await documents['/remotes.json'](), { remotes: { billing }, overrides: { allowedOrigins: ['http://localhost:5176'] } });
  assert.deepEqual(publicPointer({ remotes: {} }), { remotes: {}, overrides: { allowedOrigins: [] } });
});

test('a malformed request never takes an origin down: bad escapes answer 404/400, a server fault 500 without details', async (t) => {
  const dir = temporaryDir();
  const config = releaseConfig(releaseEnv(dir));
  const { version } = publish(config, 'billing', { dist: fakeDist(join(dir, 'a')), version: '1.0.0', allowDirty: true, actor: 'Ada' });
  const logged = t.mock.method(console, 'error', () => {});
  const server = await listen(createAppServer({ dir: fakeDist(join(dir, 'local')), releasesDir: join(config.releasesDir, 'mfe-billing') }), 0);
  t.after(() => server.close());
  const base = `http://127.0.0.1:${server.address().port}`;

  assert.equal((await fetch(`${base}/releases/%E0/remoteEntry.js`)).status, 404);
  assert.equal((await fetch(`${base}/releases/%E0%A4%A/remoteEntry.js`)).status, 404);
  // An unparseable request target (a raw request, since fetch would refuse to send it).
  const raw = await new Promise((resolve, reject) => {
    const socket = connect(server.address().port, '127.0.0.1', () => socket.end('GET //[ HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'));
    let text = '';
    socket.on('data', (chunk) => (text += chunk));
    socket.on('end', () => resolve(text));
    socket.on('error', reject);
  });
  assert.match(raw, /^HTTP\/1\.1 400 /);
  // The origin is still up and serving.
  assert.equal((await fetch(`${base}/releases/${encodeURIComponent(version)}/remoteEntry.js`)).status, 200);

  const faulty = await listen(
    createAppServer({
      dir: join(dir, 'local'),
      documents: new Proxy(
        {},
        {
          get: () => {
            throw new Error('disk on fire at /srv/secret');
          },
        },
      ),
    }),
    0,
  );
  t.after(() => faulty.close());
  const answer = await fetch(`http://127.0.0.1:${faulty.address().port}/remoteEntry.js`);
  assert.equal(answer.status, 500);
  const body = await answer.text();
  assert.doesNotMatch(body, /disk on fire|secret|at /);
  assert.ok(
    logged.mock.calls.some((call) => String(call.arguments[1]).includes('disk on fire')),
    'the fault is logged on the server',
  );
  assert.equal((await fetch(`${base}/remoteEntry.js`)).status, 200);
});

test('overrides to URLs are allowed from the local remotes by default, but only explicitly once the site has a public host', () => {
  const local = ['http://localhost:5174', 'http://localhost:5175', 'http://localhost:5176'];
  assert.deepEqual(releaseConfig({}).overrideOrigins, local);
  assert.deepEqual(releaseConfig({ PUBLIC_HOST: 'reelmint.example' }).overrideOrigins, []);
  assert.deepEqual(releaseConfig({ PUBLIC_HOST: 'reelmint.example', OVERRIDE_ORIGINS: 'https://dev.reelmint.example, ' }).overrideOrigins, [
    'https://dev.reelmint.example',
  ]);
  assert.deepEqual(releaseConfig({ OVERRIDE_ORIGINS: '' }).overrideOrigins, []);
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
  const server = await listen(createAppServer({ dir: fakeDist(join(dir, 'shell')), spa: true, pages, security }), 0);
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

test('the policy names exact origins only, never inline code, and Google only when sign-in is configured', () => {
  const directives = (policy) =>
    Object.fromEntries(
      policy.split('; ').map((part) => {
        const [name, ...sources] = part.split(' ');
        return [name, sources];
      }),
    );
  const shell = directives(
    contentSecurityPolicy({
      codeOrigins: [
        'http://localhost:5174/remoteEntry.js',
        'http://localhost:5174',
        'https://cdn.reelmint.example/billing/',
        '*',
        'javascript:alert(1)',
        'not a url',
        'data:text/javascript,1',
      ],
      apiOrigin: 'https://api.reelmint.example',
    }),
  );
  assert.deepEqual(shell['script-src'], ["'self'", 'http://localhost:5174', 'https://cdn.reelmint.example']);
  assert.deepEqual(shell['style-src'], ["'self'", 'http://localhost:5174', 'https://cdn.reelmint.example']);
  assert.deepEqual(shell['connect-src'], ["'self'", 'http://localhost:5174', 'https://cdn.reelmint.example', 'https://api.reelmint.example']);
  assert.deepEqual(shell['img-src'], ["'self'", 'data:', 'http://localhost:5174', 'https://cdn.reelmint.example', 'https://api.reelmint.example']);
  assert.deepEqual(shell['media-src'], ["'self'", 'https://api.reelmint.example']);
  assert.deepEqual(shell['frame-src'], ["'none'"]);
  assert.deepEqual(shell['frame-ancestors'], ["'none'"]);
  assert.deepEqual(shell['object-src'], ["'none'"]);
  assert.deepEqual(shell['base-uri'], ["'self'"]);
  assert.deepEqual(shell['default-src'], ["'self'"]);
  const everything = Object.values(shell).flat();
  for (const unsafe of ["'unsafe-inline'", "'unsafe-eval'", '*', 'data:text/javascript,1']) assert.ok(!everything.includes(unsafe), unsafe);

  const google = directives(contentSecurityPolicy({ google: true }));
  assert.deepEqual(google['script-src'], ["'self'", 'https://accounts.google.com/gsi/client']);
  assert.deepEqual(google['frame-src'], ['https://accounts.google.com/gsi/']);
  assert.ok(google['connect-src'].includes('https://accounts.google.com/gsi/'));
  assert.ok(google['style-src'].includes('https://accounts.google.com/gsi/style'));

  // A remote's origin: its only page (the standalone harness) runs its own code and calls the API.
  const remote = directives(contentSecurityPolicy({ apiOrigin: 'http://localhost:8787' }));
  assert.deepEqual(remote['script-src'], ["'self'"]);
  assert.deepEqual(remote['connect-src'], ["'self'", 'http://localhost:8787']);
});

/** A raw connection to a local port: what the server sent, once it closes the connection. */
function rawConnection(port) {
  const socket = connect(port, '127.0.0.1');
  let received = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk) => (received += chunk));
  socket.on('error', () => undefined);
  return {
    socket,
    opened: new Promise((resolve) => socket.on('connect', resolve)),
    closed: new Promise((resolve) => socket.on('close', () => resolve(received))),
  };
}

/** Writes one character at a time, as a slow client does, until the server closes the connection. */
function trickle(socket, text, everyMs) {
  let index = 0;
  const timer = setInterval(() => {
    if (socket.destroyed || index >= text.length) return clearInterval(timer);
    socket.write(text[index]);
    index += 1;
  }, everyMs);
  socket.on('close', () => clearInterval(timer));
}

// Without limits Node would hold each of these for a minute or more: the test fails by its own timeout then.
test('slow clients are cut: headers or a body sent a byte at a time, a connection left idle or kept alive after its answer', { timeout: 30_000 }, async (t) => {
  const dir = temporaryDir();
  const server = await listen(
    createAppServer({ dir: fakeDist(join(dir, 'local')), timeouts: { headersMs: 400, requestMs: 800, keepAliveMs: 300, idleMs: 1_500 } }),
    0,
  );
  t.after(() => server.close());
  const { port } = server.address();

  // Each byte arrives well within the idle limit: only the limits on headers and on the whole request can end these.
  const headers = rawConnection(port);
  await headers.opened;
  trickle(headers.socket, `GET /remoteEntry.js HTTP/1.1\r\nHost: x\r\nX-Slow: ${'y'.repeat(400)}`, 50);
  assert.match(await headers.closed, /^$|^HTTP\/1\.1 408 /);

  const body = rawConnection(port);
  await body.opened;
  body.socket.write('POST /remoteEntry.js HTTP/1.1\r\nHost: x\r\nContent-Length: 400\r\n\r\n');
  trickle(body.socket, 'z'.repeat(400), 50);
  await body.closed;
  assert.ok(body.socket.bytesWritten < 400, `the body was cut before it was all sent (${body.socket.bytesWritten} bytes)`);

  const silent = rawConnection(port);
  await silent.opened;
  assert.match(await silent.closed, /^$|^HTTP\/1\.1 408 /);

  const kept = rawConnection(port);
  await kept.opened;
  kept.socket.write('GET /remoteEntry.js HTTP/1.1\r\nHost: x\r\n\r\n');
  assert.match(await kept.closed, /^HTTP\/1\.1 200 [^]*export const marker/);
});

/** A request fetch will not send (TRACE, PROPFIND), answered with its status and headers. */
function requestWith(method, url) {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { method }, (response) => {
      response.resume();
      response.on('end', () => resolve(response));
    });
    request.on('error', reject);
    request.end();
  });
}

test('an origin answers only GET, HEAD and OPTIONS, and a path that is neither a file nor a page is a 404, never the app', async (t) => {
  const dir = temporaryDir();
  const shellDist = fakeDist(join(dir, 'shell'));
  writeFileSync(join(shellDist, 'index.html'), '<!doctype html><title>shell</title>');
  writeFileSync(join(dir, 'package.json'), '{"name":"outside"}');
  writeFileSync(join(dir, '.env'), 'SECRET=1');
  const pages = async () => ({ html: '<!doctype html><title>drawn</title>', cookies: [] });
  const servers = await Promise.all([
    listen(createAppServer({ dir: shellDist, spa: true, pages }), 0),
    listen(createAppServer({ dir: shellDist, spa: true }), 0),
    listen(createAppServer({ dir: fakeDist(join(dir, 'remote')) }), 0),
  ]);
  t.after(() => servers.forEach((server) => server.close()));
  for (const server of servers) {
    const base = `http://127.0.0.1:${server.address().port}`;
    for (const method of ['TRACE', 'PUT', 'DELETE', 'PATCH', 'PROPFIND', 'POST']) {
      const answer = await requestWith(method, `${base}/`);
      assert.equal(answer.statusCode, 405, method);
      assert.equal(answer.headers.allow, 'GET, HEAD, OPTIONS');
    }
    assert.equal((await fetch(`${base}/remoteEntry.js`, { method: 'HEAD' })).status, 200);
    assert.equal((await fetch(`${base}/`, { method: 'OPTIONS' })).status, 204);
    for (const path of ['/.env', '/..%2fpackage.json', '/..%2f.env', '/%2e%2e/package.json', '/missing.js', '/assets/missing.css']) {
      const answer = await fetch(`${base}${path}`);
      assert.equal(answer.status, 404, path);
      assert.doesNotMatch(await answer.text(), /SECRET|outside|<title>/, path);
    }
  }
  // Page addresses still get the app: drawn by the shell's server, or its index.html without one.
  assert.match(await (await fetch(`http://127.0.0.1:${servers[0].address().port}/fr/pricing`)).text(), /drawn/);
  const plain = await fetch(`http://127.0.0.1:${servers[1].address().port}/fr/pricing`);
  assert.equal(plain.status, 200);
  assert.match(await plain.text(), /<title>shell<\/title>/);
});
