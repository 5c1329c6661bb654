import { defineConfig } from 'vite';

/**
 * The shell's server-side module (the first HTML of each page), built for Node next to the browser build.
 * Packages from node_modules stay external; the shared contract is TypeScript, so it is bundled in.
 */
export default defineConfig({
  build: {
    ssr: 'src/server/first-html.ts',
    outDir: 'dist-server',
    emptyOutDir: true,
    target: 'node20',
    copyPublicDir: false,
  },
  ssr: { noExternal: ['@reelmint/shared'] },
});
