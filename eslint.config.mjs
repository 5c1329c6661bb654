// One lint gate for every workspace (`npm run lint`). Besides code quality it encodes the house's
// architecture: imports run shared -> remotes and shared -> shell, never between remotes, never
// from shared into an app, and the API reads the contract package, never the browser runtime; no module
// imports itself back through others, and no relative path reaches into another workspace. A source file
// over 400 lines, and any lint exception, says why where it is made. Visible text in a screen goes through
// i18n, so literal text in JSX is an error.
import { createRequire } from 'node:module';
import eslintComments from '@eslint-community/eslint-plugin-eslint-comments';
import js from '@eslint/js';
import i18next from 'eslint-plugin-i18next';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// The rule's own list of words that are not prose (numbers, codes, HTML entities), plus the brand
// name and the decorative glyphs the screens draw inside aria-hidden marks.
const literalDefaults = createRequire(import.meta.url)('eslint-plugin-i18next/lib/options/defaults.js');
const NOT_PROSE = [...literalDefaults.words.exclude, 'Reelmint', '[☰✓◩©▶×→]+', 'Aa'];

const APPS = ['shell', 'mfe-marketing', 'mfe-generator', 'mfe-billing'];
const REMOTES = APPS.filter((app) => app.startsWith('mfe-'));

/**
 * The house's boundaries, as import paths each part may not use (relative paths into another
 * part's folder). Everyone may use shared, the contract; the shell may import a remote's types
 * (erased at build), never its code, since remotes are loaded at runtime.
 */
const FORBIDDEN = {
  shared: { from: ['shell', ...REMOTES, 'api'], message: 'shared is the contract between apps and imports none of them.' },
  shell: { from: [...REMOTES, 'api'], message: 'The shell loads remotes through the federation runtime, never by import.', allowTypeImports: true },
  ...Object.fromEntries(
    REMOTES.map((remote) => [
      remote,
      {
        from: ['shell', 'api', ...REMOTES.filter((other) => other !== remote)],
        message: 'A remote talks to the shell and other remotes only through @reelmint/shared.',
      },
    ]),
  ),
  api: { from: APPS, message: 'The API depends on no front end.' },
};

/** The API reads what the apps agree on from the contract package, which is server-safe as a whole; never the runtime. */
const NO_RUNTIME = {
  group: ['@reelmint/shared', '@reelmint/shared/*'],
  message: 'The API imports the contract (@reelmint/contract), never the browser runtime (@reelmint/shared).',
};

/**
 * The runtime's modules reach each other by relative path. By its package name, a module of an entry each app bundles
 * for itself (query-client, lazy-module, ...) would take the singleton's index into that app's bundle: a second copy
 * of the stores and the bus, which the shell's copy never hears.
 */
const NO_SELF = {
  group: ['@reelmint/shared', '@reelmint/shared/*'],
  message: "Import the runtime's own modules by relative path: by package name, an app's bundle gets a second copy of the stores and bus.",
};

/** Tests and their helpers: the only code that may use the test kit. */
const TEST_FILES = ['**/*.test.ts', '**/*.test.tsx', '**/*.test.mjs', '**/test/**', 'shared/testing/**'];

/** The test kit (a fake API, a signed-in person) must never reach a build: only tests import it. */
const TESTS_ONLY = {
  group: ['@reelmint/testing', '@reelmint/testing/*', 'msw', 'msw/*', '**/testing/testing.ts'],
  message: 'The test kit (@reelmint/testing, msw) is for tests only: a build must never contain it.',
};

const boundaries = Object.entries(FORBIDDEN).flatMap(([part, { from, message, allowTypeImports = false }]) => {
  const patterns = [
    { group: from.flatMap((other) => [`**/${other}/src/**`, `**/${other}/test/**`]), message, allowTypeImports },
    ...(part === 'api' ? [NO_RUNTIME] : []),
  ];
  const files = [`${part}/**/*.{ts,tsx,mjs}`];
  const rules = (more) => [
    { files, rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [...patterns, ...more] }] } },
    { files, ignores: TEST_FILES, rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [...patterns, ...more, TESTS_ONLY] }] } },
  ];
  if (part !== 'shared') return rules([]);
  // The runtime's own source (not the contract, build and testing packages beside it) also never names itself.
  return [...rules([]), ...rules([NO_SELF]).map((config) => ({ ...config, files: ['shared/src/**/*.{ts,tsx}'] }))];
});

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-*/**',
      '**/.tsbuild/**',
      '**/.run/**',
      '**/test-results/**',
      '**/playwright-report/**',
      'api/data/**',
      '**/*.d.mts',
      '.releases/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'separate-type-imports' }],
      'no-restricted-syntax': [
        'error',
        {
          selector: 'CallExpression[callee.property.name=/^(only|skip|todo)$/][callee.object.name=/^(it|test|describe)$/]',
          message: 'No focused or skipped tests.',
        },
        { selector: "CallExpression[callee.property.name='waitForTimeout']", message: 'No sleeps as synchronisation: wait for what the user would see.' },
      ],
    },
  },
  ...boundaries,
  {
    // No import circles, type-only and lazy ones included: each module reads one way, and a part loaded later never
    // reaches back into the part that loads it.
    files: ['**/*.{ts,tsx,mjs}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.mjs', '.js'] })],
      'import-x/extensions': ['.ts', '.tsx', '.mjs', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx', '.mjs'] },
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      // Another workspace is reached by its package name and the entries its package.json exports, never by a
      // relative path into its folder (the nested contract and build packages count as workspaces of their own).
      'import-x/no-relative-packages': 'error',
    },
  },
  {
    // A source file past 400 lines is usually several things; one that must stay whole says why at its top
    // (`/* eslint-disable max-lines -- the reason */`). Tests and their helpers are measured by their cases.
    files: ['**/*.{ts,tsx,mjs,js}'],
    ignores: [...TEST_FILES, '**/*.spec.ts'],
    rules: { 'max-lines': ['error', { max: 400 }] },
  },
  {
    // Every lint exception names its rule and says why, and none outlives its need.
    plugins: { '@eslint-community/eslint-comments': eslintComments },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@eslint-community/eslint-comments/require-description': 'error',
      '@eslint-community/eslint-comments/no-unlimited-disable': 'error',
      '@eslint-community/eslint-comments/disable-enable-pair': ['error', { allowWholeFile: true }],
    },
  },
  {
    files: APPS.flatMap((app) => [`${app}/src/**/*.tsx`, `${app}/src/**/*.ts`]).concat(['shared/src/**/*.tsx', 'shared/src/**/*.ts']),
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    languageOptions: { parserOptions: { ecmaFeatures: { jsx: true } } },
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      'react-hooks/refs': 'error',
    },
  },
  {
    // Screens speak through i18n: text written straight into JSX would show in English in every language.
    files: APPS.map((app) => `${app}/src/**/*.tsx`).concat(['shared/src/**/*.tsx']),
    ignores: ['**/*.test.tsx', '**/dev/**', 'shared/src/dev-harness.tsx'],
    plugins: { i18next },
    rules: { 'i18next/no-literal-string': ['error', { mode: 'jsx-text-only', words: { exclude: NOT_PROSE } }] },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', '**/*.test.mjs', 'e2e/**/*.ts', '**/test/**/*.ts', '**/test/**/*.tsx'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  {
    // Playwright reads which fixtures a fixture needs from its first parameter's pattern, so one that needs none is `{}`.
    files: ['e2e/support/**/*.ts'],
    rules: { 'no-empty-pattern': ['error', { allowObjectPatternsAsParameters: true }] },
  },
  {
    // Specs take test and expect from the fixture that fails a test on any content security policy violation.
    files: ['e2e/tests/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            { name: '@playwright/test', importNames: ['test', 'expect'], message: "Import test and expect from '../support/test.ts'.", allowTypeImports: true },
          ],
        },
      ],
    },
  },
);
