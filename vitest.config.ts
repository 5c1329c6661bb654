import { configDefaults, defineConfig } from 'vitest/config';
import type { TestProjectInlineConfiguration } from 'vitest/config';

/**
 * One workspace's suite as two projects. Most of its files share their worker's modules and jsdom window
 * (`isolate: false`): starting jsdom and importing React, Testing Library and the app's modules again for each file
 * was most of the suite's CPU. Every file still gets its own setup (`setupFiles` run per file), Testing Library's
 * cleanup, cleared storage and forgotten query caches, and vitest restores spies after each file. The files named
 * here keep a fresh worker each: they replace modules with `vi.mock`, replace a global without putting it back, or
 * time a module-level cache from its first load.
 */
function workspace(dir: string, name: string, isolated: string[] = [], nested: string[] = []): TestProjectInlineConfiguration[] {
  const base = { extends: `./${dir}/vitest.config.ts`, root: `./${dir}` };
  return [
    { ...base, test: { name, isolate: false, exclude: [...configDefaults.exclude, ...isolated, ...nested] } },
    ...(isolated.length ? [{ ...base, test: { name: `${name} (isolated)`, include: isolated } }] : []),
  ];
}

// The apps' unit suites as one run (`npm run test:unit:apps`): each workspace keeps its own
// vitest.config.ts (environment, setup) and still runs alone, isolated, with `npm test -w <workspace>`, while
// here their files share one pool, so a long file of one app runs beside the files of another
// instead of the apps taking turns on one worker.
export default defineConfig({
  test: {
    projects: [
      ...workspace('shared/contract', '@reelmint/contract'),
      ...workspace('shared/build', '@reelmint/build'),
      ...workspace('shared/testing', '@reelmint/testing'),
      // The contract, build and testing packages sit inside shared/ and are projects of their own.
      ...workspace('shared', '@reelmint/shared', ['src/stores/subscription.test.ts', 'src/stores/credits.test.ts'], ['contract/**', 'build/**', 'testing/**']),
      ...workspace('shell', 'shell', [
        'src/chrome/deferred-menu.test.tsx',
        'src/chrome/deferred-menu-focus.test.tsx',
        'src/remotes/loader.test.ts',
        'src/remotes/drawn-region.test.tsx',
      ]),
      ...workspace('mfe-marketing', 'mfe-marketing'),
      ...workspace('mfe-generator', 'mfe-generator', ['src/generator/picture.test.tsx']),
      ...workspace('mfe-billing', 'mfe-billing', ['src/ui/dialog.test.tsx']),
    ],
    // Vitest's default on two cores is one worker.
    maxWorkers: 2,
  },
});
