// Build-time federation settings every app must agree on, imported by each vite.config.ts.
// Plain JavaScript so Node loads it without a TypeScript step; types in federation.d.mts.
// What depends on the federation plugin's (or another package's) generated code is in generated-code.mjs, re-exported here.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { PORTS } from '@reelmint/contract/remotes';
import { chunkFileNames, chunkFileNamesWithPartStrings } from './generated-code.mjs';

export { chunkFileNames, federationRuntimeVersionOnly, shareCacheHelpersOnce, sonnerStylesFromStylesheet } from './generated-code.mjs';

const require = createRequire(import.meta.url);
const sharedPackage = require('@reelmint/shared/package.json');
const [major] = sharedPackage.version.split('.');

export const SHARED_CONTRACT_VERSION = sharedPackage.version;

const installedVersion = (name) => require(`${name}/package.json`).version;

/** Singletons: one React, one router, one i18next, one store/bus library, one copy of the contract. */
export function sharedSingletons() {
  const singleton = (requiredVersion) => ({ singleton: true, requiredVersion });
  return {
    react: singleton('^19.0.0'),
    'react/': singleton('^19.0.0'),
    'react-dom': singleton('^19.0.0'),
    'react-dom/': singleton('^19.0.0'),
    // Apps import the router from 'react-router-dom' only (the shell's provided-exports test refuses 'react-router'), so one
    // shared key is the one router; the shell provides a trimmed module for it (see federationOptions).
    'react-router-dom': singleton('^7.0.0'),
    i18next: singleton('^26.0.0'),
    // Provided trimmed by the shell too: the provider, the plugin and useTranslation, without Trans (see federationOptions).
    'react-i18next': singleton('^17.0.0'),
    zustand: singleton('^5.0.0'),
    'zustand/': singleton('^5.0.0'),
    mitt: singleton('^3.0.0'),
    '@reelmint/shared': singleton(`^${major}.0.0`),
    // Radix's dialog is not among them: a shared package is bundled beside React and downloaded by every first page,
    // while each app needs its dialog only once one opens. Each app keeps its own copy and loads it late; two copies
    // never need to agree, as a dialog of one app never holds another's.
    // Nor is @tanstack/react-query, the one way every app reads the API (shared's README). As a singleton the release
    // tools' check would require the shell to provide it (scripts/release/compat.mjs refuses a singleton the live
    // shell lacks), which puts it on every first page, the home page's included (issue #12). Shared without
    // singleton it would leave each remote's one chunk for a chunk of its own fetched on the remote's first
    // screen, and run one remote's copy inside the other after a move between them, so a release of one would
    // change the code the other runs, unchecked. Each app bundles its own (about 10 KiB gzip) and mounts its own
    // client; the caches hold different data, so nothing is lost by keeping them apart. (The shell's client is the
    // one @reelmint/shared's stores read the signed-in person's balance and plan through, which every app shows:
    // its @tanstack/query-core comes with the shared singleton's code once someone is signed in, and the shell's
    // screens that read the API bring the React half.)
  };
}

/**
 * The federation plugin options of one app. Remotes pass `exposes`; the shell passes none and
 * registers remotes at runtime from remotes.json, so no remote is baked into its build.
 * `command` is Vite's ('serve' or 'build'): a remote's dev server runs it alone, without the shell. `ssr` is true
 * for a remote's server build (`vite build --ssr`).
 */
export function federationOptions(name, exposes = {}, { command = 'build', ssr = false, provide = {} } = {}) {
  const shared = sharedSingletons();
  // A remote's browser build takes every singleton from the shell and carries no copy of its own (`import: false`):
  // the release tools refuse a build whose singletons the live shell does not provide (RELEASING.md), so a copy
  // could never be used, and without one the plugin writes each shared wrapper with only the names the remote
  // imports instead of the package's every export (react-router-dom alone has some 130). The dev server keeps
  // its copies for the harness page, which has no shell; the server build is given the shell server's modules.
  if (name !== 'shell' && command === 'build' && !ssr) for (const item of Object.values(shared)) item.import = false;
  // `provide` names a local module to offer under a shared key instead of the package itself (the shell's
  // trimmed router); the version offered stays the package's, so every app's requiredVersion still applies.
  for (const [key, file] of Object.entries(provide)) shared[key] = { ...shared[key], import: file, version: installedVersion(key) };
  return {
    name,
    filename: 'remoteEntry.js',
    manifest: true,
    dts: false,
    shareStrategy: 'loaded-first',
    exposes,
    remotes: {},
    shared,
    // One federation runtime per page: the shell publishes its own and each remote's built entry uses it,
    // instead of every remote shipping (and a visitor downloading) another copy of the same runtime.
    // A remote's dev server keeps its own, since its harness page has no shell to provide one.
    experiments: name === 'shell' ? { provideExternalRuntime: true } : { externalRuntime: command === 'build' },
    // The runtime without its snapshot support (manifest-named remotes, its own preloading, devtools): every remote is
    // registered by its remoteEntry.js, and the shell reads the manifests itself (idle preload, first HTML), so that
    // code was only script every first page downloaded before it could answer. The dev servers keep it (their HMR).
    disableSnapshot: command === 'build',
  };
}

/**
 * Build output options of a remote: all of its own modules (its screens and the parts they share), except its
 * strings and its dev harness, in one chunk. Without this every module a screen imports is its own script and
 * stylesheet, each a request from the remote's origin before the screen can draw (the home page took 9 scripts
 * and 4 stylesheets from marketing); one chunk costs the other screens' code, a few KiB compressed, and the idle
 * preload of the next screens then has nothing left to fetch. Strings stay one file per language, loaded for
 * the page's language only. The harness (src/dev/, the entry of the remote's own index.html) must stay out:
 * a chunk runs every module in it, and the harness renders into the page. So does a module named `*.lazy.tsx`:
 * one a screen imports only dynamically, with code no first drawing needs (billing's dialogs and the Radix under
 * them), which then arrives as a chunk of its own when it is first wanted. Federation's own chunks (shared
 * wrappers, fallbacks) are placed by the plugin before this group.
 *
 * `apart` names further chunks, each with patterns of source paths (relative to src/) of screens a visitor seldom
 * lands on first; each chunk gets its stylesheet and what its modules load lazily (their own strings): the first
 * page of the site (marketing's home) then does not download the code of every other screen of its remote, and
 * those screens cost one more request. `libraries` adds to such a chunk the modules from outside src/ that only its
 * screens use, each named by a part of its path (`/node_modules/@tanstack/`): left out, they would be taken into the
 * first screens' chunk.
 */
export function remoteBuildOptions(appRoot, { apart = {}, libraries = {}, partStrings = [] } = {}) {
  const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const source = escape(join(appRoot, 'src'));
  const own = `^${source}/(?!locales/|dev/|.*\\.lazy\\.tsx?$)`;
  const groups = [{ name: 'screens', test: new RegExp(own) }];
  // Listed first, so these modules are taken before the 'screens' group sees them, and without their dependencies:
  // what they share with the first screens (cards, the strings' loader) stays in 'screens'.
  const named = Object.entries(apart).map(([name, paths]) => ({
    name,
    test: new RegExp([`${own}(?:${paths.join('|')})`, ...(libraries[name] ?? []).map(escape)].join('|')),
    includeDependenciesRecursively: false,
  }));
  groups.unshift(...named);
  // Radix's published files call `__name(fn, "Name")` after each function to keep its name for debugging. That call
  // alone keeps a function nothing else uses in the bundle; treated as pure, it is dropped and so are such functions.
  const names = partStrings.length > 0 ? chunkFileNamesWithPartStrings(partStrings) : chunkFileNames;
  return { output: { chunkFileNames: names, codeSplitting: { groups } }, treeshake: { manualPureFunctions: ['__name'] } };
}

/** Dev server settings: fixed port, absolute origin so federated chunks resolve, CORS for module scripts. */
export function devServer(name) {
  const port = PORTS[name];
  return { port, strictPort: true, origin: `http://localhost:${port}`, cors: true };
}

/**
 * Build options of a remote's server build (`vite build --ssr src/ssr-entry.ts`), written into the same dist as
 * its browser build: remoteEntry.ssr.js beside remoteEntry.js (where mf-manifest.json says it is), its chunks in
 * their own folder so they never overwrite a browser chunk of the same name.
 */
export const ssrBuild = Object.freeze({
  outDir: 'dist',
  emptyOutDir: false,
  copyPublicDir: false,
  // No comments: the shell's server fetches a build's modules by the import statements it finds in their text, and a
  // usage example in a bundled package's doc comment (`import { CustomTimeoutProvider } from './CustomTimeoutProvider'`
  // in TanStack Query's) read as one sent it after a file that does not exist, and the page fell back to the browser.
  rollupOptions: { output: { chunkFileNames: 'ssr-assets/[name]-[hash].js', comments: false } },
});
