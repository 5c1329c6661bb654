// One lint gate for every workspace (`npm run lint`). Besides code quality it encodes the house's
// architecture: imports run shared -> remotes and shared -> shell, never between remotes, never
// from shared into an app, and the API uses only @reelmint/shared's server-safe entries. Visible
// text in a screen goes through i18n, so literal text in JSX is an error.
import js from '@eslint/js';
import i18next from 'eslint-plugin-i18next';
import importX from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const APPS = ['shell', 'mfe-marketing', 'mfe-generator', 'mfe-billing'];
const REMOTES = APPS.filter((app) => app.startsWith('mfe-'));

/** Each zone: code under `target` may not import from `from`. */
const zones = [
  // shared is the contract: it knows no app.
  { target: './shared', from: ['./shell', ...REMOTES.map((r) => `./${r}`), './api'], message: 'shared is the contract between apps and imports none of them.' },
  // A remote imports shared only: never the shell, never another remote.
  ...REMOTES.map((remote) => ({
    target: `./${remote}`,
    from: ['./shell', './api', ...REMOTES.filter((other) => other !== remote).map((other) => `./${other}`)],
    message: 'A remote talks to the shell and other remotes only through @reelmint/shared.',
  })),
  // The shell loads remotes at runtime through federation, never by a static import.
  { target: './shell/src', from: [...REMOTES.map((r) => `./${r}`), './api'], message: 'The shell loads remotes through the federation runtime only.' },
  { target: './api', from: APPS.map((app) => `./${app}`), message: 'The API depends on no front end.' },
];

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', '**/dist-*/**', '**/.tsbuild/**', '**/.run/**', '**/test-results/**', '**/playwright-report/**', 'api/data/**', '**/*.d.mts', '.releases/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { ...globals.node, ...globals.browser } },
    plugins: { 'import-x': importX },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'separate-type-imports' }],
      'no-restricted-syntax': [
        'error',
        { selector: "CallExpression[callee.property.name=/^(only|skip|todo)$/][callee.object.name=/^(it|test|describe)$/]", message: 'No focused or skipped tests.' },
        { selector: "CallExpression[callee.property.name='waitForTimeout']", message: 'No sleeps as synchronisation: wait for what the user would see.' },
      ],
    },
  },
  {
    // The API may use only the entries of @reelmint/shared that hold no browser code.
    files: ['api/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^@reelmint/shared(/(?!pricing$|plans$|languages$|federation$)[^/]+)?$', message: 'The API imports only server-safe entries of @reelmint/shared (pricing, plans, languages, federation).' },
          ],
        },
      ],
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
    rules: { 'i18next/no-literal-string': ['error', { mode: 'jsx-text-only' }] },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', '**/*.test.mjs', 'e2e/**/*.ts', '**/test/**/*.ts', '**/test/**/*.tsx'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);
