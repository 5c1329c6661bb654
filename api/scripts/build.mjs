// `npm run build -w api`: the API and the job worker as built JavaScript, what the cluster and production run (`npm
// start` keeps running the sources through tsx). esbuild compiles src/main.ts and src/worker.ts with the monorepo's
// own code they import (the API's TypeScript, @reelmint/contract, @reelmint/release) into dist/server/main.mjs and
// dist/server/worker.mjs. Every npm package stays an import of its own: native modules (better-sqlite3, argon2) must
// be installed for the Node that runs them, and the rest load as their authors ship them.
//
// dist/package.json names those packages at the versions installed here: a deploy copies dist/ and assets/ and runs
// `npm install --omit=dev` in dist/ on the Node of the machine (README "Deploying"). dist/server sits two folders
// below api/ like the sources do, so a path a module takes from its own place (the data folder's default,
// assets/fonts) names the same file from the build.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { builtinModules, createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const API = join(dirname(fileURLToPath(import.meta.url)), '..');
const DIST = join(API, 'dist');

/** A bare import that resolves into node_modules stays an import; a workspace package (a link to the monorepo) is compiled in. */
const npmPackagesExternal = {
  name: 'npm-packages-external',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, async (args) => {
      if (args.pluginData?.resolving) return undefined;
      if (args.path.startsWith('node:') || builtinModules.includes(args.path)) return { path: args.path, external: true };
      const resolved = await builder.resolve(args.path, {
        kind: args.kind,
        resolveDir: args.resolveDir,
        importer: args.importer,
        pluginData: { resolving: true },
      });
      if (resolved.errors.length > 0) return { errors: resolved.errors };
      return resolved.path.includes('/node_modules/') ? { path: args.path, external: true } : resolved;
    });
  },
};

const packageName = (specifier) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

rmSync(DIST, { recursive: true, force: true });
const result = await build({
  absWorkingDir: API,
  entryPoints: { main: 'src/main.ts', worker: 'src/worker.ts' },
  outdir: join(DIST, 'server'),
  outExtension: { '.js': '.mjs' },
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  sourcemap: true,
  metafile: true,
  logLevel: 'warning',
  plugins: [npmPackagesExternal],
});

const require = createRequire(join(API, 'package.json'));
const external = new Set();
for (const output of Object.values(result.metafile.outputs)) {
  for (const { path, external: isExternal } of output.imports) {
    if (isExternal && !path.startsWith('node:') && !builtinModules.includes(path)) external.add(packageName(path));
  }
}
const versionOf = (name) => {
  // A package's manifest is not always among its exports: find it from the resolved entry.
  let dir = dirname(require.resolve(name));
  while (!dir.endsWith(`/node_modules/${name}`)) dir = dirname(dir);
  return JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).version;
};
const dependencies = Object.fromEntries([...external].sort().map((name) => [name, versionOf(name)]));
const manifest = {
  name: 'reelmint-api-server',
  private: true,
  description: 'The built API (server/main.mjs) and job worker (server/worker.mjs) and the npm packages they import (api/scripts/build.mjs)',
  type: 'module',
  engines: { node: '>=20.19' },
  dependencies,
};
writeFileSync(join(DIST, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
console.log(`api/dist/server: main.mjs and worker.mjs, ${Object.keys(dependencies).length} npm packages in api/dist/package.json`);
