import assert from 'node:assert/strict';
import { existsSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { precompressDir } from './precompress.mjs';
import { releaseConfig } from './config.mjs';
import { chooseEncoding, createOriginServer, listen } from './origin-server.mjs';
import { compressPublished, publish } from './releases.mjs';
import { fakeDist, getRaw as get, releaseEnv, temporaryDir } from './fixtures.mjs';

/** A script long enough that compressing it pays, different per marker. */
const bigScript = (marker) =>
  `export const rows = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => ({ marker, row: i, label: `row ${i} of ${marker}` })))};\n`;

function distWithBigFiles(dir, marker) {
  fakeDist(dir, { marker });
  writeFileSync(join(dir, 'assets', 'big.js'), bigScript(marker));
  writeFileSync(join(dir, 'assets', 'style.css'), `.a{color:red}\n`.repeat(200));
  writeFileSync(join(dir, 'assets', 'poster.png'), Buffer.alloc(4096, 1));
  return dir;
}

test('precompress writes brotli and gzip copies of text files that decode to the source, and none where it would not pay', () => {
  const dir = distWithBigFiles(temporaryDir(), 'one');
  const totals = precompressDir(dir);
  const source = readFileSync(join(dir, 'assets', 'big.js'));
  assert.deepEqual(brotliDecompressSync(readFileSync(join(dir, 'assets', 'big.js.br'))), source);
  assert.deepEqual(gunzipSync(readFileSync(join(dir, 'assets', 'big.js.gz'))), source);
  assert.ok(existsSync(join(dir, 'assets', 'style.css.br')));
  // A tiny file's copy would be larger than the file; binaries are already compressed.
  assert.equal(existsSync(join(dir, 'assets', 'chunk-abc.js.br')), false);
  assert.equal(existsSync(join(dir, 'assets', 'poster.png.br')), false);
  assert.ok(totals.br < totals.gz && totals.gz < totals.raw, 'brotli is smaller than gzip, both smaller than the source');
});

test('precompress replaces stale copies, drops copies whose source is gone, and with keepFresh keeps current ones', () => {
  const dir = distWithBigFiles(temporaryDir(), 'one');
  precompressDir(dir);
  const big = join(dir, 'assets', 'big.js');
  writeFileSync(big, bigScript('two'));
  // An older copy left from the first version must not survive: keepFresh compares dates.
  const past = new Date(Date.now() - 60_000);
  utimesSync(`${big}.br`, past, past);
  rmSync(join(dir, 'assets', 'style.css'));
  precompressDir(dir, { keepFresh: true });
  assert.match(brotliDecompressSync(readFileSync(`${big}.br`)).toString(), /row 0 of two/);
  assert.match(gunzipSync(readFileSync(`${big}.gz`)).toString(), /row 0 of two/);
  assert.equal(existsSync(join(dir, 'assets', 'style.css.br')), false);
  assert.equal(existsSync(join(dir, 'assets', 'style.css.gz')), false);

  // A current copy is kept as it is (even one this test wrote by hand), without compressing again.
  writeFileSync(`${big}.gz`, 'kept');
  const later = new Date(Date.now() + 60_000);
  utimesSync(`${big}.gz`, later, later);
  precompressDir(dir, { keepFresh: true });
  assert.equal(readFileSync(`${big}.gz`, 'utf8'), 'kept');
});

test('the encoding follows Accept-Encoding: brotli first whatever the order, quality values honoured, plain otherwise', () => {
  assert.equal(chooseEncoding('gzip, deflate, br, zstd'), 'br');
  assert.equal(chooseEncoding('gzip, deflate'), 'gzip');
  assert.equal(chooseEncoding('br;q=0, gzip'), 'gzip');
  assert.equal(chooseEncoding('gzip;q=1, br;q=0.5'), 'gzip');
  assert.equal(chooseEncoding('*'), 'br');
  assert.equal(chooseEncoding('identity'), 'identity');
  assert.equal(chooseEncoding(''), 'identity');
  assert.equal(chooseEncoding(undefined), 'identity');
  assert.equal(chooseEncoding('identity;q=0, *;q=0'), 'identity');
});

test('an origin sends its build and its published versions compressed as the browser accepts, with Vary', async (t) => {
  const dir = temporaryDir();
  const config = releaseConfig(releaseEnv(dir));
  const local = distWithBigFiles(join(dir, 'local'), 'local');
  precompressDir(local);
  // A build published without compressed copies (a CI artifact, say) gets them at publishing.
  const { version } = publish(config, 'billing', { dist: distWithBigFiles(join(dir, 'a'), 'one'), version: '1.0.0', allowDirty: true, actor: 'Ada' });
  const server = await listen(createOriginServer({ dir: local, releasesDir: join(config.releasesDir, 'mfe-billing') }), 0);
  t.after(() => server.close());
  const base = `http://127.0.0.1:${server.address().port}`;

  for (const [path, marker] of [
    ['/assets/big.js', 'local'],
    [`/releases/${encodeURIComponent(version)}/assets/big.js`, 'one'],
  ]) {
    const expected = bigScript(marker);
    const br = await get(`${base}${path}`, 'gzip, deflate, br, zstd');
    assert.equal(br.response.headers.get('content-encoding'), 'br', path);
    assert.equal(br.response.headers.get('vary'), 'Accept-Encoding');
    assert.match(br.response.headers.get('content-type'), /javascript/);
    assert.equal(Number(br.response.headers.get('content-length')), br.body.length);
    assert.equal(brotliDecompressSync(br.body).toString(), expected);

    const gz = await get(`${base}${path}`, 'gzip, deflate');
    assert.equal(gz.response.headers.get('content-encoding'), 'gzip', path);
    assert.equal(gz.response.headers.get('vary'), 'Accept-Encoding');
    assert.equal(gunzipSync(gz.body).toString(), expected);

    const plain = await get(`${base}${path}`, 'identity');
    assert.equal(plain.response.headers.get('content-encoding'), null, path);
    assert.equal(plain.response.headers.get('vary'), 'Accept-Encoding');
    assert.equal(plain.body.toString(), expected);

    // A revalidation of one encoding is answered for that encoding.
    const again = await fetch(`${base}${path}`, { headers: { 'Accept-Encoding': 'br', 'If-None-Match': br.response.headers.get('etag') } });
    assert.equal(again.status, 304);
    assert.equal(again.headers.get('vary'), 'Accept-Encoding');
  }
  // The release metadata is never served, compressed or not.
  const metadata = await get(`${base}/releases/${encodeURIComponent(version)}/release.json`, 'br');
  assert.equal(metadata.response.headers.get('content-encoding'), null);
  assert.deepEqual(JSON.parse(metadata.body.toString()), { version });
  assert.equal((await fetch(`${base}/releases/${encodeURIComponent(version)}/release.json.br`)).status, 404);
});

test('versions published before publishing compressed get their copies when the site starts', () => {
  const dir = temporaryDir();
  const config = releaseConfig(releaseEnv(dir));
  const { version } = publish(config, 'billing', { dist: distWithBigFiles(join(dir, 'a'), 'one'), version: '1.0.0', allowDirty: true, actor: 'Ada' });
  const stored = join(config.releasesDir, 'mfe-billing', version);
  rmSync(join(stored, 'assets', 'big.js.br'));
  rmSync(join(stored, 'assets', 'big.js.gz'));
  compressPublished(config);
  assert.equal(brotliDecompressSync(readFileSync(join(stored, 'assets', 'big.js.br'))).toString(), bigScript('one'));
  assert.equal(existsSync(join(stored, 'release.json.br')), false);
});
