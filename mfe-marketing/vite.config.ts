import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { federation } from '@module-federation/vite';
import { fileURLToPath } from 'node:url';
import { exposes } from './exposes.ts';
import { devServer, federationOptions, remoteBuildOptions, ssrBuild } from '@reelmint/build/federation';

/**
 * The screens other than the home page and what only they use, in chunks of their own: the home page is where most
 * visits start, and it then downloads only its own code (see remoteBuildOptions). The legal documents are apart from
 * the rest, and so are the about and contact pages, so that their strings (legal/legal-text.ts, company/company-text.ts)
 * come only with them.
 */
const APART = {
  'more-screens': ['landings/', String.raw`templates/(?:templates-page|template-skeletons|filter-templates|templates-queries)\.`],
  // The FAQ page too (it shares the about page's stylesheet); the home page's questions stay with the home page.
  company: [String.raw`company/(?!faq-items\.)`],
  legal: ['legal/'],
};
/**
 * The catalogue's query cache (templates/templates-queries.tsx), TanStack Query under it and the shared helpers that
 * make the cache go with the screens that use them: the home page's first load carries no query library (issue #12).
 */
const LIBRARIES = { 'more-screens': ['/node_modules/@tanstack/', '/shared/src/query-client.', '/shared/src/queries/'] };

// Each exposed module (exposes.ts) is one screen or slot: this remote's public API (see README.md).
export default defineConfig(({ command, isSsrBuild }) => ({
  base: './',
  plugins: [react(), federation(federationOptions('marketing', exposes, { command, ssr: Boolean(isSsrBuild) }))],
  server: devServer('marketing'),
  // The server build keeps its own chunking (it is read from disk by the shell's server, not fetched).
  build: {
    target: 'es2022',
    ...(isSsrBuild ? ssrBuild : { rolldownOptions: remoteBuildOptions(fileURLToPath(new URL('.', import.meta.url)), { apart: APART, libraries: LIBRARIES }) }),
  },
}));
