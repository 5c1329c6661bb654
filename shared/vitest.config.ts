import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  // The contract, build and testing packages inside this folder run their own tests.
  test: { environment: 'jsdom', setupFiles: ['@reelmint/testing/setup'], exclude: [...configDefaults.exclude, 'contract/**', 'build/**', 'testing/**'] },
});
