// A shell server's operators' addresses (operations.mjs): alive, ready while its pointer reads and until it stops,
// metrics for the allowed only, request ids handed to its pages, and a stop that lets a request in flight finish.
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { join } from 'node:path';
import { test } from 'node:test';
import { listen } from '@reelmint/release/origin';
import { fakeDist, temporaryDir } from '@reelmint/release/testing';
import { closeGracefully, createOperations } from './operations.mjs';
import { createShellServer } from './shell-server.mjs';

/** A shell server on a free port with the given documents, pages and operations. */
async function shell(t, { documents = {}, pages = null, operations } = {}) {
  const dir = fakeDist(join(temporaryDir(), 'shell'));
  const server = await listen(createShellServer({ dir, documents, pages, ...(operations ? { operations } : {}) }), 0);
  t.after(() => new Promise((resolve) => server.close(resolve)));
  return { server, base: `http://127.0.0.1:${server.address().port}` };
}

const pointerDocuments = (read) => ({ '/remotes.json': read, '/config.json': () => ({ apiBase: 'http://api', geoCountry: null }) });

test('answers /healthz, and /readyz by whether the pointer reads, with the error envelope when not', async (t) => {
  let pointerUp = true;
  const documents = pointerDocuments(async () => {
    if (!pointerUp) throw new Error('connection refused');
    return { remotes: {} };
  });
  const operations = createOperations({ documents });
  const { base } = await shell(t, { documents, operations });

  const alive = await fetch(`${base}/healthz`);
  assert.equal(alive.status, 200);
  assert.deepEqual((await alive.json()).data, { status: 'alive' });
  const ready = await fetch(`${base}/readyz`);
  assert.equal(ready.status, 200);
  assert.deepEqual((await ready.json()).data, { status: 'ready', checks: { pointer: 'ok' } });

  pointerUp = false;
  const down = await fetch(`${base}/readyz`);
  assert.equal(down.status, 503);
  assert.deepEqual(await down.json(), {
    success: false,
    data: null,
    error: 'NOT_READY',
    message: 'Not ready: pointer unreachable',
    checks: { pointer: 'unreachable' },
  });

  pointerUp = true;
  operations.beginShutdown();
  const stopping = await fetch(`${base}/readyz`);
  assert.equal(stopping.status, 503);
  assert.equal((await stopping.json()).message, 'This server is shutting down');
  assert.equal(stopping.headers.get('connection'), 'close');
  assert.equal((await fetch(`${base}/healthz`)).status, 200);
});

test('counts requests by route template and shows /metrics to the allowed addresses and the token only', async (t) => {
  const token = 'shell-scraper-token-0123';
  const documents = pointerDocuments(async () => ({ remotes: {} }));
  const pages = async () => ({ html: '<!doctype html><title>page</title>', cookies: [], status: 200 });
  const open = await shell(t, { documents, pages, operations: createOperations({ documents, metricsAccess: { token } }) });
  for (const path of ['/fr/pricing', '/en/gallery', '/remotes.json', '/assets/chunk-abc.js', '/missing.js'])
    await (await fetch(`${open.base}${path}`)).arrayBuffer();

  // A reply is counted once the server has handed all of it over, which may be just after the client has read it.
  const expected = [
    /^http_requests_total\{method="GET",route="page",status="200"\} 2$/m,
    /^http_requests_total\{method="GET",route="\/remotes\.json",status="200"\} 1$/m,
    /^http_requests_total\{method="GET",route="\/assets\/\*",status="200"\} 1$/m,
    /^http_requests_total\{method="GET",route="file",status="404"\} 1$/m,
    /^http_request_duration_seconds_count\{method="GET",route="page",status="200"\} 2$/m,
  ];
  let text = '';
  for (const deadline = Date.now() + 5_000; Date.now() < deadline;) {
    const metrics = await fetch(`${open.base}/metrics`);
    assert.equal(metrics.status, 200);
    assert.match(metrics.headers.get('content-type'), /^text\/plain; version=0\.0\.4/);
    text = await metrics.text();
    if (expected.every((line) => line.test(text))) break;
  }
  for (const line of expected) assert.match(text, line);
  assert.match(text, /^nodejs_eventloop_lag_seconds \d/m);
  assert.doesNotMatch(text, /pricing|gallery/);

  // Through a proxy on this machine the address is loopback: the forwarding headers say it is not the scraper.
  assert.equal((await fetch(`${open.base}/metrics`, { headers: { 'x-forwarded-for': '203.0.113.9' } })).status, 404);
  assert.equal((await fetch(`${open.base}/metrics`, { headers: { 'x-forwarded-for': '203.0.113.9', authorization: `Bearer ${token}` } })).status, 200);
  const wrong = await fetch(`${open.base}/metrics`, { headers: { authorization: 'Bearer not-the-right-token' } });
  assert.equal(wrong.status, 403);
  assert.equal((await wrong.json()).error, 'FORBIDDEN');

  // A server whose list does not name loopback hides its metrics from it.
  const closed = await shell(t, { documents, operations: createOperations({ documents, metricsAccess: { allow: ['10.0.0.0/8'] } }) });
  assert.equal((await fetch(`${closed.base}/metrics`)).status, 404);
});

test('gives every request an id, the proxy’s when it looks like one, which its page sees and the reply echoes', async (t) => {
  const seen = [];
  const pages = async (req) => {
    seen.push(req.headers['x-request-id']);
    return { html: '<!doctype html><title>page</title>', cookies: [], status: 200 };
  };
  const { base } = await shell(t, { pages });
  const forwarded = await fetch(`${base}/fr/pricing`, { headers: { 'x-request-id': 'edge-5e1d7b90-0003' } });
  assert.equal(forwarded.headers.get('x-request-id'), 'edge-5e1d7b90-0003');
  const replaced = await fetch(`${base}/fr/pricing`, { headers: { 'x-request-id': 'not an id; rm -rf' } });
  const made = replaced.headers.get('x-request-id');
  assert.match(made, /^[0-9a-f-]{36}$/);
  const own = await fetch(`${base}/remotes.json`);
  assert.match(own.headers.get('x-request-id'), /^[0-9a-f-]{36}$/);
  assert.deepEqual(seen, ['edge-5e1d7b90-0003', made]);
});

test('a graceful stop lets a page in flight finish, then closes the server', async (t) => {
  let release;
  let arrived;
  const inFlight = new Promise((resolve) => (arrived = resolve));
  const pages = async () => {
    arrived();
    await new Promise((resolve) => (release = resolve));
    return { html: '<!doctype html><title>slow page</title>', cookies: [], status: 200 };
  };
  const operations = createOperations();
  const { server, base } = await shell(t, { pages, operations });
  const answer = new Promise((resolve, reject) => {
    request(`${base}/fr/pricing`, (res) => {
      let body = '';
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode, body }));
    })
      .on('error', reject)
      .end();
  });
  await inFlight;
  const stopped = closeGracefully([server], { operations: [operations], graceMs: 30_000 });
  assert.equal(operations.shuttingDown, true);
  assert.equal(server.listening, false);
  release();
  assert.deepEqual(await answer, { status: 200, body: '<!doctype html><title>slow page</title>' });
  assert.equal(await stopped, true);
});
