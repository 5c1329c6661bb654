import { readFile, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, minify } from 'vite';
import type { Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { federation } from '@module-federation/vite';
import {
  chunkFileNames,
  devServer,
  federationOptions,
  federationRuntimeVersionOnly,
  shareCacheHelpersOnce,
  sonnerStylesFromStylesheet,
} from '@reelmint/build/federation';
import { PORTS, REMOTE_NAMES } from '@reelmint/contract/remotes';

/**
 * In dev, serve the same two runtime documents the production server does: the remotes pointer
 * (here: the remotes' dev servers) and the runtime config.
 */
function devRuntimeDocuments(): Plugin {
  const pointer = {
    remotes: Object.fromEntries(REMOTE_NAMES.map((name) => [name, { entry: `http://localhost:${PORTS[name]}/remoteEntry.js`, version: 'dev' }])),
  };
  return {
    name: 'reelmint-dev-runtime-documents',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const path = req.url?.split('?')[0];
        if (path !== '/remotes.json' && path !== '/config.json') return next();
        const body =
          path === '/remotes.json'
            ? pointer
            : { apiBase: process.env.VITE_API_BASE ?? `http://localhost:${PORTS.api}`, geoCountry: req.headers['cloudfront-viewer-country'] ?? null };
        res.setHeader('Content-Type', 'application/json');
        res.setHeader('Cache-Control', 'no-cache');
        res.end(JSON.stringify(body));
      });
    },
  };
}

/**
 * /take-over.js is a public file, copied as it is written (its comments say how a drawn page is taken over); the page
 * gets it minified, as the first script of every drawn page.
 */
function minifiedTakeOver(): Plugin {
  let outDir = '';
  return {
    name: 'reelmint-minified-take-over',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const file = join(outDir, 'take-over.js');
      const { code, errors } = await minify('take-over.js', await readFile(file, 'utf8'), { module: true });
      if (errors.length > 0) throw new Error(`take-over.js does not minify: ${errors.map((error) => error.message).join('; ')}`);
      await writeFile(file, code);
    },
  };
}

/** Radix's packages and the ones only they use (positioning, scroll lock, focus guards, hiding the page from screen readers). */
const RADIX_AND_ITS_HELPERS =
  /[\\/]node_modules[\\/](@radix-ui|@floating-ui|react-remove-scroll|react-remove-scroll-bar|react-style-singleton|use-callback-ref|use-sidecar|aria-hidden|get-nonce)[\\/]/;

/**
 * react-i18next's own files under a name the federation plugin does not share, for the trimmed module the shell
 * provides as 'react-i18next' (src/app/i18n-react-exports.ts), which cannot import the shared name it is itself.
 */
export const reactI18nextFiles = [{ find: /^react-i18next-files\/(.*)$/, replacement: `${dirname(fileURLToPath(import.meta.resolve('react-i18next')))}/$1` }];

/**
 * React Router's production files for the page: the package's exports name only its development build (the same code
 * with its warnings), and no export condition selects the other. The router is on every first page.
 */
const routerProductionBuild = {
  find: /^react-router$/,
  replacement: fileURLToPath(import.meta.resolve('react-router')).replace(/([\\/])development([\\/])index\.mjs$/, '$1production$2index.mjs'),
};

export default defineConfig({
  base: '/',
  resolve: { alias: [...reactI18nextFiles, routerProductionBuild] },
  plugins: [
    react(),
    federation(
      federationOptions(
        'shell',
        {},
        {
          provide: {
            'react-router-dom': fileURLToPath(new URL('./src/app/router-exports.ts', import.meta.url)),
            'react-i18next': fileURLToPath(new URL('./src/app/i18n-react-exports.ts', import.meta.url)),
          },
        },
      ),
    ),
    shareCacheHelpersOnce(),
    federationRuntimeVersionOnly(),
    devRuntimeDocuments(),
    sonnerStylesFromStylesheet(),
    minifiedTakeOver(),
  ],
  server: devServer('shell'),
  build: {
    target: 'es2022',
    // Radix (the header's menus, side sheet and tooltip, and the dialog every app shares) in a chunk of its own:
    // otherwise the bundler merges it into the chunk that holds React, and every first page downloads it although
    // only an open menu or dialog needs it (see chrome/deferred-chrome.tsx).
    rolldownOptions: { output: { chunkFileNames, codeSplitting: { groups: [{ name: 'radix', test: RADIX_AND_ITS_HELPERS }] } } },
  },
});
