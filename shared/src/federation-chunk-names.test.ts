// @vitest-environment node
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from 'vite';
import type { Rolldown } from 'vite';
import { federation } from '@module-federation/vite';
import { chunkFileNames } from '../federation.mjs';

/**
 * A host built in `root` that shares mitt and offers its own module under the name 'zustand/vanilla', given by its
 * absolute path as the shell gives its trimmed router: the federation plugin's scope key then depends on the folder.
 */
async function buildHost(root: string): Promise<string[]> {
  mkdirSync(join(root, 'src'));
  writeFileSync(join(root, 'index.html'), '<!doctype html><script type="module" src="/src/main.js"></script>');
  writeFileSync(join(root, 'src', 'store.js'), 'export const createStore = () => ({});\n');
  writeFileSync(
    join(root, 'src', 'main.js'),
    "import mitt from 'mitt';\nimport { createStore } from 'zustand/vanilla';\nexport const bus = mitt();\nexport const store = createStore();\n",
  );
  const result = await build({
    root,
    logLevel: 'silent',
    configFile: false,
    plugins: [
      federation({
        name: 'host',
        filename: 'remoteEntry.js',
        dts: false,
        exposes: {},
        remotes: {},
        shared: { mitt: { singleton: true }, 'zustand/vanilla': { singleton: true, import: join(root, 'src', 'store.js'), version: '5.0.0' } },
      }),
    ],
    build: { write: false, outDir: join(root, 'dist'), minify: false, rolldownOptions: { output: { chunkFileNames } } },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
  return outputs
    .flatMap((output) => output.output)
    .filter((file) => file.type === 'chunk')
    .map((chunk) => chunk.fileName)
    .sort();
}

describe("chunkFileNames: the federation plugin's chunks under short names", () => {
  const roots: string[] = [];
  let first: string[];
  let second: string[];

  beforeAll(async () => {
    // Inside the workspace, so the fixtures resolve the packages they share from node_modules.
    const workspace = fileURLToPath(new URL('..', import.meta.url));
    roots.push(mkdtempSync(join(workspace, '.chunk-names-a-')), mkdtempSync(join(workspace, '.chunk-names-fixture-b-')));
    // The federation plugin stands aside in test runners unless told not to.
    process.env.MFE_VITE_NO_TEST_ENV_CHECK = 'true';
    first = await buildHost(roots[0]!);
    second = await buildHost(roots[1]!);
  }, 120_000);

  afterAll(() => {
    delete process.env.MFE_VITE_NO_TEST_ENV_CHECK;
    for (const root of roots) rmSync(root, { recursive: true, force: true });
  });

  it("leaves the plugin's long scope key out of every file name", () => {
    expect(first.length).toBeGreaterThan(0);
    for (const file of first) expect(file).not.toMatch(/_virtual_mf|__mf_owner__/);
  });

  it("keeps '__loadShare__' in each shared package's wrapper, which the shell's preload looks for", () => {
    expect(first.filter((file) => file.startsWith('assets/mf__loadShare__'))).toHaveLength(2);
  });

  it('names the files alike whatever folder the site is built in, but for the hashes of their contents', () => {
    const withoutHash = (files: string[]) => files.map((file) => file.replace(/-[\w-]{8}\.js$/, '.js'));
    expect(withoutHash(second)).toEqual(withoutHash(first));
  });
});
