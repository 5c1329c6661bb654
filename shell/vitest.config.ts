import { configDefaults, defineConfig } from 'vitest/config';
import { reactI18nextFiles } from './vite.config.ts';

export default defineConfig({
  resolve: { alias: reactI18nextFiles },
  // server/ is the shell's HTTP server in plain Node, tested with node --test (npm run test:server).
  test: {
    environment: 'jsdom',
    setupFiles: ['@reelmint/testing/setup', './src/test/forget-queries.ts'],
    exclude: [...configDefaults.exclude, 'server/**'],
  },
});
