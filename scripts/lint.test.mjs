// The lint gate must hold the house's rules: these plant the mistakes it exists to catch and check
// that ESLint, with the repository's own config, refuses each one (and accepts the honest version).
import assert from 'node:assert/strict';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { test } from 'node:test';
import { ESLint } from 'eslint';

const root = fileURLToPath(new URL('..', import.meta.url));
const eslint = new ESLint({ cwd: root });

/** The rule ids ESLint reports for `code` as if it were the file at `path` (relative to the repo). */
async function rulesHit(code, path) {
  const [result] = await eslint.lintText(code, { filePath: `${root}${path}` });
  return result.messages.map((message) => message.ruleId ?? message.message);
}

test('a remote importing another remote is refused', async () => {
  const hits = await rulesHit(
    "import { PricingPage } from '../../../mfe-billing/src/pricing/pricing-page.tsx';\nexport const page = PricingPage;\n",
    'mfe-generator/src/generator/planted.ts',
  );
  assert.ok(hits.includes('@typescript-eslint/no-restricted-imports'), hits.join(', '));
});

test('a remote importing the shell is refused', async () => {
  const hits = await rulesHit(
    "import { Header } from '../../../shell/src/chrome/header.tsx';\nexport const header = Header;\n",
    'mfe-marketing/src/pages/planted.ts',
  );
  assert.ok(hits.includes('@typescript-eslint/no-restricted-imports'), hits.join(', '));
});

test('shared importing an app is refused', async () => {
  const hits = await rulesHit("import { Header } from '../../shell/src/chrome/header.tsx';\nexport const header = Header;\n", 'shared/src/planted.ts');
  assert.ok(hits.includes('@typescript-eslint/no-restricted-imports'), hits.join(', '));
});

test('the API importing the browser runtime is refused, the contract is not', async () => {
  const runtime = await rulesHit("import { bus } from '@reelmint/shared';\nexport const b = bus;\n", 'api/src/planted.ts');
  assert.ok(runtime.includes('@typescript-eslint/no-restricted-imports'), runtime.join(', '));
  const contract = await rulesHit("import { PLAN_FEATURES } from '@reelmint/contract/plans';\nexport const p = PLAN_FEATURES;\n", 'api/src/planted.ts');
  assert.deepEqual(contract, []);
});

test('visible text written straight into JSX is refused; text through i18n is not', async () => {
  const literal = await rulesHit('export function Hello() {\n  return <p>Hello there</p>;\n}\n', 'mfe-marketing/src/pages/planted.tsx');
  assert.ok(literal.includes('i18next/no-literal-string'), literal.join(', '));
  const translated = await rulesHit(
    "import { useTranslation } from 'react-i18next';\nexport function Hello() {\n  const { t } = useTranslation();\n  return <p>{t('hello')}</p>;\n}\n",
    'mfe-marketing/src/pages/planted.tsx',
  );
  assert.deepEqual(translated, []);
});

test('focused tests and sleeps are refused', async () => {
  // The sleep below is the planted mistake, linted as text and never run.
  const hits = await rulesHit(
    "import { test } from '@playwright/test';\ntest.only('x', async ({ page }) => {\n  await page.waitForTimeout(500);\n});\n",
    'e2e/tests/planted.spec.ts',
  );
  assert.equal(hits.filter((rule) => rule === 'no-restricted-syntax').length, 2, hits.join(', '));
});

test("an e2e spec taking test from Playwright instead of the policy fixture is refused; the fixture's is not", async () => {
  const bare = await rulesHit(
    "import { expect, test } from '@playwright/test';\ntest('x', async ({ page }) => {\n  await expect(page).toHaveTitle('x');\n});\n",
    'e2e/tests/planted.spec.ts',
  );
  assert.ok(bare.includes('@typescript-eslint/no-restricted-imports'), bare.join(', '));
  const fixture = await rulesHit(
    "import type { Page } from '@playwright/test';\nimport { expect, test } from '../support/test.ts';\nexport const open = (page: Page) => page.goto('/');\ntest('x', async ({ page }) => {\n  await expect(page).toHaveTitle('x');\n});\n",
    'e2e/tests/planted.spec.ts',
  );
  assert.deepEqual(fixture, []);
});

test('an import circle is refused, a lazy one too', async (t) => {
  // Planted on disk: the rule follows each import into the module it names.
  const dir = `${root}shared/src/planted-circle-${process.pid}`;
  mkdirSync(dir, { recursive: true });
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  writeFileSync(`${dir}/a.ts`, "import { b } from './b.ts';\nexport const a = () => b;\n");
  writeFileSync(`${dir}/b.ts`, "import { a } from './a.ts';\nexport const b = () => a;\n");
  writeFileSync(`${dir}/c.ts`, "export const load = () => import('./d.ts');\n");
  writeFileSync(`${dir}/d.ts`, "import { load } from './c.ts';\nexport const again = load;\n");
  const [circle] = await eslint.lintFiles([`${dir}/a.ts`]);
  assert.ok(
    circle.messages.some((message) => message.ruleId === 'import-x/no-cycle'),
    JSON.stringify(circle.messages),
  );
  const [lazy] = await eslint.lintFiles([`${dir}/c.ts`]);
  assert.ok(
    lazy.messages.some((message) => message.ruleId === 'import-x/no-cycle'),
    JSON.stringify(lazy.messages),
  );
});

test('a relative import into another workspace is refused; its package name is not', async () => {
  const relative = await rulesHit("import { PORTS } from '../../shared/contract/src/remotes.mjs';\nexport const p = PORTS;\n", 'api/src/planted.ts');
  assert.ok(relative.includes('import-x/no-relative-packages'), relative.join(', '));
  const named = await rulesHit("import { PORTS } from '@reelmint/contract/remotes';\nexport const p = PORTS;\n", 'api/src/planted.ts');
  assert.deepEqual(named, []);
});

test('a source file over 400 lines is refused unless its top says why; a test file is measured by its cases', async () => {
  const long = Array.from({ length: 401 }, (_, line) => `export const line${line} = ${line};`).join('\n') + '\n';
  assert.ok((await rulesHit(long, 'shared/src/planted.ts')).includes('max-lines'));
  const explained = `/* eslint-disable max-lines -- one table the spec lists in full */\n${long}`;
  assert.deepEqual(await rulesHit(explained, 'shared/src/planted.ts'), []);
  assert.deepEqual(await rulesHit(long, 'shared/src/planted.test.ts'), []);
});

test('a lint exception without a reason is refused', async () => {
  const bare = await rulesHit('// eslint-disable-next-line no-debugger\ndebugger;\n', 'shared/src/planted.ts');
  assert.ok(bare.includes('@eslint-community/eslint-comments/require-description'), bare.join(', '));
  const explained = await rulesHit('// eslint-disable-next-line no-debugger -- planted\ndebugger;\n', 'shared/src/planted.ts');
  assert.deepEqual(explained, []);
});

test('the runtime naming itself by its package is refused; its tests and the kit beside it may', async () => {
  const self = await rulesHit("import { bus } from '@reelmint/shared';\nexport const b = bus;\n", 'shared/src/planted.ts');
  assert.ok(self.includes('@typescript-eslint/no-restricted-imports'), self.join(', '));
  const relative = await rulesHit("import { bus } from './bus.ts';\nexport const b = bus;\n", 'shared/src/planted.ts');
  assert.deepEqual(relative, []);
  const kit = await rulesHit("import { bus } from '@reelmint/shared';\nexport const b = bus;\n", 'shared/testing/planted.ts');
  assert.deepEqual(kit, []);
});
