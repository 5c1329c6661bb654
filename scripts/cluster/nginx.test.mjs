import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { DEFAULT_TIMEOUTS } from '@reelmint/release/origin';
import { nginxConfig } from './nginx.mjs';

const config = nginxConfig({ prefix: '/tmp/nginx', brotli: true, user: null, releasesBucket: 'releases' });
const upstreams = [...config.matchAll(/upstream (\w+) \{([^}]*)\}/g)].map(([, name, body]) => ({ name, body }));

test('nginx closes an idle upstream connection before the shell servers and the API would', () => {
  const apiSource = readFileSync(new URL('../../api/src/http/server-options.ts', import.meta.url), 'utf8');
  const apiKeepAliveMs = Number(/keepAliveMs: ([\d_]+)/.exec(apiSource.slice(apiSource.indexOf('DEFAULT_TIMEOUTS')))[1].replaceAll('_', ''));
  assert.deepEqual(
    upstreams.map(({ name }) => name),
    ['reelmint_shell', 'reelmint_api', 'release_bucket'],
  );
  for (const { name, body } of upstreams) {
    // A pool at least as large as the connections a worker has in flight under the bench's 100 clients.
    assert.ok(Number(/keepalive (\d+);/.exec(body)[1]) >= 100, name);
    const idleMs = Number(/keepalive_timeout (\d+)s;/.exec(body)[1]) * 1000;
    assert.ok(idleMs < DEFAULT_TIMEOUTS.keepAliveMs && idleMs < apiKeepAliveMs, `${name}: ${idleMs} ms`);
  }
  assert.match(config, /proxy_http_version 1\.1;\s+proxy_set_header Connection "";/);
});

test('only a request that never reached a server, or timed out, goes to the other, and never a non-idempotent one once sent', () => {
  assert.match(config, /proxy_next_upstream error timeout;/);
  assert.doesNotMatch(config, /non_idempotent/);
});

test('the site answers for itself in the API envelope: 503 with no API, 404 for metrics', () => {
  const unavailable = /location @api_unavailable \{[^}]*return 503 '([^']+)';/.exec(config)[1];
  assert.deepEqual(Object.keys(JSON.parse(unavailable)), ['success', 'data', 'error', 'message']);
  assert.equal(JSON.parse(unavailable).error, 'SERVICE_UNAVAILABLE');
  assert.match(config, /location \/api\/ \{\s+proxy_pass http:\/\/reelmint_api;\s+error_page 502 504 = @api_unavailable;/);
  assert.match(config, /location ~ \^\/\(api\/\)\?metrics\(\/\|\$\) \{[^}]*return 404 '\{"success":false/);
  assert.match(config, /proxy_set_header X-Request-Id \$request_id;/);
});
