// The size budgets of what each app ships (budgets.json at the root), checked against the built dist folders after
// `npm run build` (npm test runs it; `npm run budgets` alone). A file past its budget fails the gate with its figure,
// and so does a budget that no longer names any file, so the file cannot go stale.
// Sizes are of the brotli copy each build writes beside a file (what the origins send), in KiB.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync } from 'node:zlib';

const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * A budget's file pattern as a regular expression: `*` is any run of characters but a slash, `?` any one, and
 * `{a,b}` either word.
 */
export function patternOf(glob) {
  const escaped = glob
    .replace(/[.+^$()|[\]\\]/g, '\\$&')
    .replace(/\*/g, '[^/]*')
    .replace(/\?/g, '[^/]')
    .replace(/\{([^{}]*)\}/g, (_, words) => `(?:${words.split(',').join('|')})`);
  return new RegExp(`^${escaped}$`);
}

function filesUnder(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)]));
}

/** The size a file is sent at: its brotli copy's, or its own compressed here when the build wrote none. */
function sentSize(file) {
  return existsSync(`${file}.br`) ? statSync(`${file}.br`).size : brotliCompressSync(readFileSync(file)).length;
}

/**
 * Every budget of `budgets` ({ app: { pattern: KiB } }) against `<base>/<app>/dist`: one row per file a pattern
 * names, and one problem per file over its budget or pattern that names none.
 */
export function checkBudgets(base, budgets) {
  const rows = [];
  const problems = [];
  for (const [app, patterns] of Object.entries(budgets)) {
    const dist = join(base, app, 'dist');
    if (!existsSync(dist)) {
      problems.push(`${app}: no build in ${relative(base, dist)} (run npm run build first)`);
      continue;
    }
    const files = filesUnder(dist).map((file) => relative(dist, file).split('\\').join('/'));
    for (const [glob, kib] of Object.entries(patterns)) {
      const pattern = patternOf(glob);
      const matched = files.filter((file) => pattern.test(file));
      if (matched.length === 0) problems.push(`${app}: the budget "${glob}" names no file of the build; mend budgets.json`);
      for (const file of matched) {
        const size = sentSize(join(dist, file)) / 1024;
        const over = size > kib;
        rows.push({ app, file, size, kib, over });
        if (over) problems.push(`${app}: ${file} is ${size.toFixed(1)} KiB as sent, over its budget of ${kib} KiB ("${glob}")`);
      }
    }
  }
  return { rows, problems };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const budgets = JSON.parse(readFileSync(join(root, 'budgets.json'), 'utf8')).apps;
  const { rows, problems } = checkBudgets(root, budgets);
  for (const row of rows) console.log(`${row.over ? 'OVER' : 'ok  '} ${row.app}/${row.file}: ${row.size.toFixed(1)} of ${row.kib} KiB`);
  if (problems.length > 0) {
    console.error(`\n${problems.length} budget problem(s):\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    process.exit(1);
  }
  console.log(`\nEvery budget holds (${rows.length} files).`);
}
