import { defineConfig } from 'vitest/config';

// The apps' unit suites as one run (`npm run test:unit:apps`): each workspace keeps its own
// vitest.config.ts (environment, setup) and still runs alone with `npm test -w <workspace>`, while
// here their files share one pool, so a long file of one app runs beside the files of another
// instead of the apps taking turns on one worker.
export default defineConfig({
  test: {
    projects: ['shared', 'shell', 'mfe-marketing', 'mfe-generator', 'mfe-billing'],
    // Vitest's default on two cores is one worker.
    maxWorkers: 2,
  },
});
