import assert from 'node:assert/strict';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { join } from 'node:path';
import { test } from 'node:test';
import { releaseConfig } from './config.mjs';
import { createOriginServer, listen } from './origin-server.mjs';
import { publish } from './releases.mjs';
import { fakeDist, releaseEnv, temporaryDir } from './fixtures.mjs';

test('a remote origin serves its local build at / and every published version side by side, even ones published after it started', async (t) => {
  const dir = temporaryDir();
  const config = releaseConfig(releaseEnv(dir));
  const releasesDir = join(config.releasesDir, 'mfe-billing');
  const first = publish(config, 'billing', { dist: fakeDist(join(dir, 'a'), { marker: 'one' }), version: '1.0.0', allowDirty: true, actor: 'Ada' });
  const server = await listen(createOriginServer({ dir: fakeDist(join(dir, 'local'), { marker: 'local' }), releasesDir }), 0);
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

test('a file removed after the origin started fails its own request only: the origin goes on answering', async (t) => {
  const dir = temporaryDir();
  const dist = fakeDist(join(dir, 'local'), { marker: 'local' });
  const logged = t.mock.method(console, 'error', () => {});
  const server = await listen(createOriginServer({ dir: dist }), 0);
  t.after(() => server.close());
  const base = `http://127.0.0.1:${server.address().port}`;

  rmSync(join(dist, 'assets', 'chunk-abc.js'));
  await assert.rejects(async () => (await fetch(`${base}/assets/chunk-abc.js`)).text());
  assert.equal(await (await fetch(`${base}/remoteEntry.js`)).text(), 'export const marker = "local";\n');
  assert.match(String(logged.mock.calls[0]?.arguments[0]), /Could not read \/assets\/chunk-abc\.js/);
});

test('a malformed request never takes an origin down: bad escapes answer 404/400, a server fault 500 without details', async (t) => {
  const dir = temporaryDir();
  const config = releaseConfig(releaseEnv(dir));
  const { version } = publish(config, 'billing', { dist: fakeDist(join(dir, 'a')), version: '1.0.0', allowDirty: true, actor: 'Ada' });
  const logged = t.mock.method(console, 'error', () => {});
  const server = await listen(createOriginServer({ dir: fakeDist(join(dir, 'local')), releasesDir: join(config.releasesDir, 'mfe-billing') }), 0);
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
    createOriginServer({
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
    createOriginServer({ dir: fakeDist(join(dir, 'local')), timeouts: { headersMs: 400, requestMs: 800, keepAliveMs: 300, idleMs: 1_500 } }),
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
    listen(createOriginServer({ dir: shellDist, spa: true, pages }), 0),
    listen(createOriginServer({ dir: shellDist, spa: true }), 0),
    listen(createOriginServer({ dir: fakeDist(join(dir, 'remote')) }), 0),
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

test('an origin tells clients to keep an idle connection up to 65 s, so the client closes it first', async (t) => {
  const dir = temporaryDir();
  const server = await listen(createOriginServer({ dir: fakeDist(join(dir, 'local')) }), 0);
  t.after(() => server.close());
  const head = await new Promise((resolve, reject) => {
    const request = httpRequest(
      { host: '127.0.0.1', port: server.address().port, path: '/remoteEntry.js', headers: { connection: 'keep-alive' } },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.headers));
      },
    );
    request.on('error', reject);
    request.end();
  });
  assert.equal(head.connection, 'keep-alive');
  assert.equal(head['keep-alive'], 'timeout=65');
});
