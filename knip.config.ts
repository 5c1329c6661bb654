// Unused files, exports and types across the workspaces (part of `npm run lint`). Entries are what runs
// on its own: each app's and script's main module (found by knip's plugins from package.json, Vite and
// Vitest), the commands the release CLI starts, and each remote's federation exposes, read from its
// vite.config.ts the way the bench's reference build reads them, since the shell loads those at runtime.
import { existsSync, readFileSync } from 'node:fs';
import type { KnipConfig } from 'knip';

const REMOTES = ['mfe-marketing', 'mfe-generator', 'mfe-billing'];

function exposedModules(workspace: string): string[] {
  const config = readFileSync(new URL(`./${workspace}/vite.config.ts`, import.meta.url), 'utf8');
  const files = [...config.matchAll(/'\.\/[A-Za-z]+':\s*'\.\/(src\/[^']+)'/g)].map(([, file]) => file!);
  if (files.length === 0) throw new Error(`No exposed modules found in ${workspace}/vite.config.ts`);
  return files;
}

const config: KnipConfig = {
  include: ['files', 'exports', 'types', 'duplicates'],
  // An export the module itself uses is part of that module's face, not dead code.
  ignoreExportsUsedInFile: true,
  workspaces: {
    '.': { entry: ['scripts/*.mjs'], ignore: ['scripts/*.d.mts', 'scripts/release/*.d.mts'] },
    shared: {},
    shell: { entry: ['vite.server.config.ts', 'src/server/first-html.ts', 'public/*.js'] },
    // A remote with server-drawn screens has a server entry too (`vite build --ssr src/ssr-entry.ts`).
    ...Object.fromEntries(
      REMOTES.map((remote) => [
        remote,
        { entry: [...exposedModules(remote), ...(existsSync(new URL(`./${remote}/src/ssr-entry.ts`, import.meta.url)) ? ['src/ssr-entry.ts'] : [])] },
      ]),
    ),
    api: { entry: ['src/release/*-command.ts', 'bench/server.ts'] },
    e2e: { entry: ['bench/reference/*.{ts,tsx,mjs}'] },
  },
};

export default config;
