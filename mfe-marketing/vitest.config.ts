import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { environment: 'jsdom', setupFiles: ['../shared/test/setup.ts', './src/test/forget-templates.ts'] },
});
