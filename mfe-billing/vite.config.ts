import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { federation } from '@module-federation/vite';
import { fileURLToPath } from 'node:url';
import { exposes } from './exposes.ts';
import { devServer, federationOptions, remoteBuildOptions, ssrBuild } from '@reelmint/build/federation';

// Each exposed module (exposes.ts) is one screen or slot: this remote's public API (see README.md).
export default defineConfig(({ command, isSsrBuild }) => ({
  base: './',
  plugins: [react(), federation(federationOptions('billing', exposes, { command, ssr: Boolean(isSsrBuild) }))],
  // The server build carries its own copy of the query library: the shell's server, which imports it, provides only
  // the shared singletons (see shared/build/federation.mjs on why this one is not among them).
  ssr: { noExternal: ['@tanstack/react-query', '@tanstack/query-core'] },
  server: devServer('billing'),
  // The server build keeps its own chunking (it is read from disk by the shell's server, not fetched).
  build: { target: 'es2022', ...(isSsrBuild ? ssrBuild : { rolldownOptions: remoteBuildOptions(fileURLToPath(new URL('.', import.meta.url))) }) },
}));
