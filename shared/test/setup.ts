import '@testing-library/jest-dom/vitest';
import { afterEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// A screen's first render imports its strings through Vite's transform, and userEvent types key by
// key: on a busy two-core machine (CI runs the whole gate on one) both outlast the defaults of 1 s
// per wait and 5 s per test. These are ceilings, not delays: a passing wait returns at once.
configure({ asyncUtilTimeout: 5_000 });
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
});
