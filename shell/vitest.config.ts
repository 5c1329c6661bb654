import { defineConfig } from 'vitest/config';
import { reactI18nextFiles } from './vite.config.ts';

export default defineConfig({
  resolve: { alias: reactI18nextFiles },
  test: { environment: 'jsdom', setupFiles: ['../shared/test/setup.ts'] },
});
