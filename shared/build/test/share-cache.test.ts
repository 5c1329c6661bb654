// @vitest-environment node
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shareCacheHelpersOnce, versionNote } from '../generated-code.mjs';
import { buildHost, hostFolder } from './host.fixture.ts';
import type { Chunk } from './host.fixture.ts';

const LISTENERS_KEY = 'module-federation.shared-cache-listeners';
/** The loop that gives each entry of the shared-module cache its name with and without the default scope. */
const ALIASING_LOOP = /for \(const \w+ of Object\.keys\(\w+\.share\)\)/;

/** A host that provides two shared packages, with or without this plugin. */
const buildWith = (root: string, withPlugin: boolean) =>
  buildHost(root, { shared: { mitt: { singleton: true }, zustand: { singleton: true } }, plugins: withPlugin ? [shareCacheHelpersOnce()] : [] });

describe('shareCacheHelpersOnce', () => {
  let root: string;
  let before: Chunk[];
  let after: Chunk[];

  beforeAll(async () => {
    root = hostFolder('.share-cache-fixture-', {
      'main.js':
        "import mitt from 'mitt';\nimport { createStore } from 'zustand/vanilla';\nexport const bus = mitt();\nexport const store = createStore(() => ({}));\n",
    });
    // The federation plugin stands aside in test runners unless told not to.
    process.env.MFE_VITE_NO_TEST_ENV_CHECK = 'true';
    before = await buildWith(root, false);
    after = await buildWith(root, true);
  }, 120_000);

  afterAll(() => {
    delete process.env.MFE_VITE_NO_TEST_ENV_CHECK;
    if (root) rmSync(root, { recursive: true, force: true });
  });

  const wrappers = (chunks: Chunk[]) => chunks.filter((chunk) => chunk.fileName.includes('__loadShare__') && !chunk.fileName.includes('__loadShare__shared'));

  it('starts from the federation plugin writing the helpers and the cache’s opening into each shared package’s wrapper chunk', () => {
    // Read first when this fails: the plugin writes its output differently, and shareCacheHelpersOnce must be reviewed.
    const plugin = versionNote('@module-federation/vite');
    expect(wrappers(before).length, plugin).toBeGreaterThanOrEqual(2);
    for (const chunk of wrappers(before)) {
      expect(chunk.code, plugin).toContain(LISTENERS_KEY);
      expect(chunk.code, plugin).toMatch(ALIASING_LOOP);
    }
  });

  it('builds the helpers and the cache’s opening once, into a chunk of their own that every wrapper chunk imports', () => {
    const helpers = after.find((chunk) => chunk.name === 'share-cache-helpers');
    expect(helpers?.code).toContain(LISTENERS_KEY);
    expect(helpers?.code).toMatch(ALIASING_LOOP);
    expect(wrappers(after).length).toBe(wrappers(before).length);
    for (const chunk of wrappers(after)) {
      expect(chunk.code).not.toContain(LISTENERS_KEY);
      expect(chunk.code).not.toMatch(ALIASING_LOOP);
      expect(chunk.imports).toContain(helpers!.fileName);
    }
    // Nothing in it waits on a wrapper or on the federation runtime.
    expect(helpers!.moduleIds.every((id) => id.startsWith('\0reelmint-share-cache-helpers:'))).toBe(true);
    expect(helpers!.dynamicImports).toEqual([]);
  });

  it('keeps every package in the wrapper chunk of its own, as the federation plugin placed it', () => {
    const packagesOf = (chunks: Chunk[]) =>
      Object.fromEntries(wrappers(chunks).map((chunk) => [chunk.name, chunk.moduleIds.filter((id) => id.includes('node_modules')).sort()]));
    expect(packagesOf(after)).toEqual(packagesOf(before));
  });
});
