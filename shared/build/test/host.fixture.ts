import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import type { PluginOption, Rolldown } from 'vite';
import { federation } from '@module-federation/vite';

type Output = Rolldown.RolldownOutput['output'][number];
export type Chunk = Extract<Output, { type: 'chunk' }>;

type SharedConfig = Record<string, { singleton: true; import?: string; version?: string }>;

/**
 * A folder for a host built in a test: inside the workspace, so it resolves the packages it shares from
 * node_modules, with an index.html and the given files under src/ (main.js is the page's script).
 */
export function hostFolder(prefix: string, files: Record<string, string>): string {
  const root = mkdtempSync(join(fileURLToPath(new URL('..', import.meta.url)), prefix));
  mkdirSync(join(root, 'src'));
  writeFileSync(join(root, 'index.html'), '<!doctype html><script type="module" src="/src/main.js"></script>');
  for (const [name, text] of Object.entries(files)) writeFileSync(join(root, 'src', name), text);
  return root;
}

/**
 * A host that provides `shared`, built by Vite with the federation plugin (and `plugins` after it), not written to
 * disk; its chunks. The plugin stands aside in test runners unless MFE_VITE_NO_TEST_ENV_CHECK is set.
 */
export async function buildHost(
  root: string,
  { shared, plugins = [], output = {} }: { shared: SharedConfig; plugins?: PluginOption[]; output?: Rolldown.OutputOptions },
): Promise<Chunk[]> {
  const result = await build({
    root,
    logLevel: 'silent',
    configFile: false,
    plugins: [federation({ name: 'host', filename: 'remoteEntry.js', dts: false, exposes: {}, remotes: {}, shared }), ...plugins],
    build: { write: false, outDir: join(root, 'dist'), minify: false, rolldownOptions: { output } },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
  return outputs.flatMap((bundle) => bundle.output).filter((file): file is Chunk => file.type === 'chunk');
}
