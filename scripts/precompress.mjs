// Each app's `npm run build` ends here: brotli and gzip copies beside its built text files, so the origin
// servers send compressed bytes without compressing on each request (@reelmint/release/precompress).
// Usage: node scripts/precompress.mjs <dist folder>...
import { statSync } from 'node:fs';
import { precompressDir } from '@reelmint/release/precompress';

const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;

const dirs = process.argv.slice(2);
if (dirs.length === 0) {
  console.error('Usage: node scripts/precompress.mjs <dist folder>...');
  process.exit(1);
}
for (const dir of dirs) {
  if (!statSync(dir, { throwIfNoEntry: false })?.isDirectory()) {
    console.error(`${dir} is not a folder: build the app first.`);
    process.exit(1);
  }
  const totals = precompressDir(dir);
  console.log(`precompressed ${totals.files} files in ${dir}: ${kib(totals.raw)} -> brotli ${kib(totals.br)}, gzip ${kib(totals.gz)}`);
}
