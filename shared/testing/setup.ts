import { afterEach, vi } from 'vitest';

// A screen's first render imports its strings (and a dialog its code) through Vite's transform, and
// userEvent types key by key: on a busy two-core machine (CI runs the whole gate on one, the apps' suites
// beside the API's) a first German render of the subscription modal took 5.4 s, and an isolated file's first test,
// which pays for its own jsdom and imports, took 20.9 s under heavy load. These are ceilings, not delays: a passing
// wait returns at once.
vi.setConfig({ testTimeout: 60_000 });

// Test files that draw nothing run in Node (`// @vitest-environment node` at their top): without a
// document they load neither Testing Library nor jsdom, and there is no storage to clear.
if (typeof document !== 'undefined') {
  await import('@testing-library/jest-dom/vitest');
  const { cleanup, configure } = await import('@testing-library/react');
  configure({ asyncUtilTimeout: 15_000 });
  afterEach(() => {
    cleanup();
    localStorage.clear();
  });
}
