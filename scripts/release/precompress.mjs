// Writes a brotli (.br) and a gzip (.gz) copy beside every text asset of a built app, once at build
// time (scripts/precompress.mjs) and again for a version being published, so the origin servers send
// compressed bytes without compressing on each request.
import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** What browsers download as text: scripts, styles, documents, data and vector images. */
export const COMPRESSIBLE = /\.(?:m?js|css|json|html|svg|txt|xml|webmanifest)$/;

export const ENCODINGS = {
  br: (body) =>
    brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    }),
  gz: (body) => gzipSync(body, { level: 9 }),
};

function filesUnder(dir) {
  const entries = readdirSync(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

/**
 * Compresses every compressible file under `dir`. A compressed copy already there is replaced, since one
 * that does not match its source would serve stale code; with `keepFresh`, a copy newer than its
 * source is kept instead (a published build carries the copies its build wrote). A copy that would not be
 * smaller than its source is not written, so the server sends the source itself. `except` names files
 * (relative to `dir`) that are never served as they are, so get no copies. Returns the byte totals.
 */
export function precompressDir(dir, { keepFresh = false, except = [] } = {}) {
  const totals = { files: 0, raw: 0, br: 0, gz: 0 };
  const skipped = new Set(except.map((name) => join(dir, name)));
  const files = filesUnder(dir);
  const present = new Set(files);
  // A copy whose source is gone (a file removed from a build after it was compressed) would still be
  // served in its place, so it goes too, as does any copy of a file that must not be served as it is.
  for (const file of files) {
    const source = file.replace(/\.(?:br|gz)$/, '');
    if (source !== file && COMPRESSIBLE.test(source) && (!present.has(source) || skipped.has(source))) rmSync(file);
  }
  const sources = files.filter((file) => COMPRESSIBLE.test(file) && !skipped.has(file));
  for (const file of sources) {
    const body = readFileSync(file);
    const modified = statSync(file).mtimeMs;
    totals.files += 1;
    totals.raw += body.length;
    for (const [extension, compress] of Object.entries(ENCODINGS)) {
      const target = `${file}.${extension}`;
      const existing = keepFresh ? statSync(target, { throwIfNoEntry: false }) : undefined;
      // Strictly newer: file dates are coarse (a few ms), and a copy from the same instant may predate an edit.
      if (existing && existing.mtimeMs > modified) {
        totals[extension] += existing.size;
        continue;
      }
      const packed = compress(body);
      if (packed.length < body.length) {
        writeFileSync(target, packed);
        totals[extension] += packed.length;
      } else {
        rmSync(target, { force: true });
        totals[extension] += body.length;
      }
    }
  }
  return totals;
}
