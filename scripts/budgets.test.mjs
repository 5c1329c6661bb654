// The budget check holds a build to budgets.json: a file over its figure, or a figure that names no file, fails.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { checkBudgets, patternOf } from './budgets.mjs';

/** A folder holding `<app>/dist` with the given files: each a name and the size of its brotli copy in bytes. */
function builds(t, apps) {
  const base = mkdtempSync(join(tmpdir(), 'reelmint-budgets-'));
  t.after(() => rmSync(base, { recursive: true, force: true }));
  for (const [app, files] of Object.entries(apps)) {
    for (const [name, brotliBytes] of Object.entries(files)) {
      const file = join(base, app, 'dist', name);
      mkdirSync(join(file, '..'), { recursive: true });
      writeFileSync(file, 'x');
      writeFileSync(`${file}.br`, Buffer.alloc(brotliBytes));
    }
  }
  return base;
}

test('a pattern names a file by its name with the hash left open, and by either of the words in braces', () => {
  assert.ok(patternOf('assets/screens-*.js').test('assets/screens-CtscPQuL.js'));
  assert.ok(!patternOf('assets/screens-*.js').test('assets/screens-CtscPQuL.js.br'));
  assert.ok(!patternOf('assets/screens-*.js').test('assets/more-screens-CtscPQuL.js'));
  assert.ok(patternOf('assets/{fr,zh-CN}-*.js').test('assets/zh-CN-4Ddo7vqz.js'));
  assert.ok(!patternOf('assets/{fr,zh-CN}-*.js').test('assets/mf-entry-bootstrap-0-83ba2de9.js'));
});

test('every file within its budget passes, each measured by the brotli copy the build wrote', (t) => {
  const base = builds(t, { 'mfe-billing': { 'remoteEntry.js': 6 * 1024, 'assets/fr-a1.js': 1024, 'assets/de-b2.js': 2048 } });
  const { rows, problems } = checkBudgets(base, { 'mfe-billing': { 'remoteEntry.js': 7, 'assets/{de,fr}-*.js': 2 } });
  assert.deepEqual(problems, []);
  assert.deepEqual(
    rows.map((row) => [row.file, row.size]).sort(([a], [b]) => (a.startsWith('remote') ? -1 : b.startsWith('remote') ? 1 : a.localeCompare(b))),
    [
      ['remoteEntry.js', 6],
      ['assets/de-b2.js', 2],
      ['assets/fr-a1.js', 1],
    ],
  );
});

test('a file past its budget fails with its figure and the budget', (t) => {
  const base = builds(t, { shell: { 'assets/index-abc.js': 16 * 1024 } });
  const { problems } = checkBudgets(base, { shell: { 'assets/index-*.js': 15.5 } });
  assert.deepEqual(problems, ['shell: assets/index-abc.js is 16.0 KiB as sent, over its budget of 15.5 KiB ("assets/index-*.js")']);
});

test('a budget that names no file of the build fails, and so does an app that was not built', (t) => {
  const base = builds(t, { shell: { 'assets/index-abc.js': 1024 } });
  const { problems } = checkBudgets(base, { shell: { 'assets/gone-*.js': 10 }, 'mfe-marketing': { 'remoteEntry.js': 7 } });
  assert.equal(problems.length, 2);
  assert.match(problems[0], /"assets\/gone-\*\.js" names no file/);
  assert.match(problems[1], /mfe-marketing: no build/);
});
