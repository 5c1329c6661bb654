import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { environment: 'jsdom', setupFiles: ['@reelmint/testing/setup', './src/test/forget-queries.ts'] },
});
