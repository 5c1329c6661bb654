// @vitest-environment node
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chunkFileNames, chunkFileNamesWithPartStrings, versionNote } from '../generated-code.mjs';
import { buildHost, hostFolder } from './host.fixture.ts';

/**
 * A host built in a new folder that shares mitt and offers its own module under the name 'zustand/vanilla', given by
 * its absolute path as the shell gives its trimmed router: the federation plugin's scope key then depends on the
 * folder. Its chunks' file names.
 */
async function buildInFolder(prefix: string, roots: string[]): Promise<string[]> {
  const root = hostFolder(prefix, {
    'store.js': 'export const createStore = () => ({});\n',
    'main.js': "import mitt from 'mitt';\nimport { createStore } from 'zustand/vanilla';\nexport const bus = mitt();\nexport const store = createStore();\n",
  });
  roots.push(root);
  const chunks = await buildHost(root, {
    shared: { mitt: { singleton: true }, 'zustand/vanilla': { singleton: true, import: join(root, 'src', 'store.js'), version: '5.0.0' } },
    output: { chunkFileNames },
  });
  return chunks.map((chunk) => chunk.fileName).sort();
}

describe("chunkFileNames: the federation plugin's chunks under short names", () => {
  const roots: string[] = [];
  let first: string[];
  let second: string[];

  beforeAll(async () => {
    // The federation plugin stands aside in test runners unless told not to.
    process.env.MFE_VITE_NO_TEST_ENV_CHECK = 'true';
    first = await buildInFolder('.chunk-names-a-', roots);
    second = await buildInFolder('.chunk-names-fixture-b-', roots);
  }, 120_000);

  afterAll(() => {
    delete process.env.MFE_VITE_NO_TEST_ENV_CHECK;
    for (const root of roots) rmSync(root, { recursive: true, force: true });
  });

  it("leaves the plugin's long scope key out of every file name", () => {
    expect(first.length).toBeGreaterThan(0);
    for (const file of first) expect(file, versionNote('@module-federation/vite')).not.toMatch(/_virtual_mf|__mf_owner__/);
  });

  it("keeps '__loadShare__' in each shared package's wrapper, which the shell's preload looks for", () => {
    expect(
      first.filter((file) => file.startsWith('assets/mf__loadShare__')),
      versionNote('@module-federation/vite'),
    ).toHaveLength(2);
  });

  it('names the files alike whatever folder the site is built in, but for the hashes of their contents', () => {
    const withoutHash = (files: string[]) => files.map((file) => file.replace(/-[\w-]{8}\.js$/, '.js'));
    expect(withoutHash(second)).toEqual(withoutHash(first));
  });
});

describe('chunkFileNamesWithPartStrings: the strings of parts loaded on first use, named apart', () => {
  const names = chunkFileNamesWithPartStrings(['controls']);

  it("names a listed part's strings '<part>.<lng>', which the first HTML's hints for '<lng>-' files leave out", () => {
    expect(names({ name: 'en', facadeModuleId: '/app/src/locales/controls/en.json' })).toBe('assets/controls.en-[hash].js');
    expect(names({ name: 'zh-TW', facadeModuleId: '/app/src/locales/controls/zh-TW.json' })).toBe('assets/controls.zh-TW-[hash].js');
  });

  it("keeps the screens' strings and any other namespace (a screen's second one) under the language's name", () => {
    expect(names({ name: 'en', facadeModuleId: '/app/src/locales/en.json' })).toBe('assets/en-[hash].js');
    expect(names({ name: 'en', facadeModuleId: '/app/src/locales/legal/en.json' })).toBe('assets/en-[hash].js');
    expect(names({ name: 'screens', facadeModuleId: null })).toBe('assets/screens-[hash].js');
  });
});
