import assert from 'node:assert/strict';
import { test } from 'node:test';
import { objectHeaders, versionPrefix } from './bucket.mjs';

test("a compressed copy is stored with its encoding and the original's type, every key immutable", () => {
  const immutable = 'public, max-age=31536000, immutable';
  assert.deepEqual(objectHeaders('assets/app-1a2b.js'), { ContentType: 'text/javascript; charset=utf-8', CacheControl: immutable });
  assert.deepEqual(objectHeaders('assets/app-1a2b.js.br'), { ContentType: 'text/javascript; charset=utf-8', ContentEncoding: 'br', CacheControl: immutable });
  assert.deepEqual(objectHeaders('mf-manifest.json.gz'), { ContentType: 'application/json; charset=utf-8', ContentEncoding: 'gzip', CacheControl: immutable });
  assert.deepEqual(objectHeaders('assets/logo.bin'), { ContentType: 'application/octet-stream', CacheControl: immutable });
});

test("a version's keys sit where the origins serve it: releases/mfe-<name>/<version>/", () => {
  assert.equal(versionPrefix('billing', '1.4.2+abc1234'), 'releases/mfe-billing/1.4.2+abc1234/');
});
