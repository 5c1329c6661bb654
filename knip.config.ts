// Unused files, exports and types across the workspaces (part of `npm run lint`). Entries are what runs
// on its own: each app's and script's main module (found by knip's plugins from package.json, Vite and
// Vitest; a workspace package's "exports"), and each remote's federation exposes (its exposes.ts), since the
// shell loads those at runtime.
import { existsSync } from 'node:fs';
import type { KnipConfig } from 'knip';
import { exposes as billing } from 'mfe-billing/exposes';
import { exposes as generator } from 'mfe-generator/exposes';
import { exposes as marketing } from 'mfe-marketing/exposes';

const REMOTES = { 'mfe-marketing': marketing, 'mfe-generator': generator, 'mfe-billing': billing };

const config: KnipConfig = {
  include: ['files', 'exports', 'types', 'duplicates'],
  // An export the module itself uses is part of that module's face, not dead code.
  ignoreExportsUsedInFile: true,
  workspaces: {
    // scripts/cluster: start.mjs runs the shell and s3 servers as processes of their own, by path.
    '.': { entry: ['scripts/*.mjs', 'scripts/cluster/*.mjs'] },
    // Declarations beside plain modules are for the TypeScript callers (the API, e2e), not imports of their own.
    'scripts/release': { ignore: ['*.d.mts'] },
    shared: {},
    shell: { entry: ['vite.server.config.ts', 'public/*.js'], ignore: ['server/*.d.mts'] },
    // A remote with server-drawn screens has a server entry too (`vite build --ssr src/ssr-entry.ts`).
    ...Object.fromEntries(
      Object.entries(REMOTES).map(([remote, exposes]) => [
        remote,
        { entry: [...Object.values(exposes), ...(existsSync(new URL(`./${remote}/src/ssr-entry.ts`, import.meta.url)) ? ['src/ssr-entry.ts'] : [])] },
      ]),
    ),
    api: { entry: ['bench/server.ts'] },
    e2e: { entry: ['bench/reference/*.{ts,tsx,mjs}'] },
  },
};

export default config;
