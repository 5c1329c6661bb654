import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * The shell's server-side module (the first HTML of each page, with public pages drawn in it), built for Node
 * next to the browser build. Packages from node_modules stay external, so the remotes' server builds import the
 * very same React, router and i18n files; the shared contract is TypeScript, so it is bundled in and handed to
 * the remotes as their singleton.
 */
export default defineConfig({
  plugins: [react()],
  build: {
    ssr: 'src/server/first-html.ts',
    outDir: 'dist-server',
    emptyOutDir: true,
    target: 'node20',
    copyPublicDir: false,
  },
  ssr: { noExternal: ['@reelmint/shared'] },
});
