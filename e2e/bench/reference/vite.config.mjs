// The bench's reference: the same shell and the same remote screens built as ONE ordinary Vite app,
// without module federation, to measure what composing the site at runtime costs. Only the bench
// builds it (npm run bench -w e2e); nothing deploys it. Same sources, same React plugin, same target
// and the same precompression as the site; screens are split per route with import(), as any
// single-page app of this size would be. Built twice: for the browser (the shell's own entry, main.tsx, with
// this folder's loader) and, with `--ssr server.tsx`, for the server that draws its pages as the site's shell does.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { exposes as billing } from 'mfe-billing/exposes';
import { exposes as generator } from 'mfe-generator/exposes';
import { exposes as marketing } from 'mfe-marketing/exposes';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..', '..');
const shell = join(root, 'shell');

/** Each remote's exposed modules (its exposes.ts), so the reference follows the remotes. */
function exposedScreens() {
  const lines = Object.entries({ marketing, generator, billing }).map(([name, exposes]) => {
    const imports = Object.entries(exposes).map(
      ([exposed, file]) => `${JSON.stringify(exposed)}: () => import(${JSON.stringify(join(root, `mfe-${name}`, file))})`,
    );
    return `  ${name}: { ${imports.join(', ')} },`;
  });
  return `export const screens = {\n${lines.join('\n')}\n};\n`;
}

/** Swaps the shell's federation loader for the reference's; everything else is the shell's own code. */
function reference() {
  const swaps = new Map([[join(shell, 'src', 'remotes', 'loader.ts'), join(here, 'loader.ts')]]);
  return {
    name: 'reelmint-reference',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (source === 'virtual:reference-screens') return '\0reference-screens';
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved && swaps.has(resolved.id) ? swaps.get(resolved.id) : null;
    },
    load(id) {
      return id === '\0reference-screens' ? exposedScreens() : null;
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  root: shell,
  base: '/',
  plugins: [reference(), react()],
  // The browser build's manifest is what the bench describes each screen's files from, as a remote's mf-manifest.json
  // does for the site (site.mjs).
  build: isSsrBuild
    ? { target: 'node20', outDir: join(here, 'dist-server'), emptyOutDir: true, copyPublicDir: false }
    : { target: 'es2022', outDir: join(here, 'dist'), emptyOutDir: true, manifest: true },
  // As the shell's server build: the shared package is TypeScript, bundled in; other packages load from node_modules.
  ssr: { noExternal: ['@reelmint/shared'] },
  logLevel: 'warn',
}));
