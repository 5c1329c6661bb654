// `npm start`: builds every app (unless --no-build), starts the API and serves each app from its
// own origin, exactly as production does with one origin per deployable.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createAppServer, listen, shellDocuments } from './serve-static.mjs';
import { shellPages } from './shell-pages.mjs';
import { PORTS } from '@reelmint/contract/remotes';
import { REMOTES, REMOTE_NAMES, releaseConfig, remoteReleasesDir } from './release/config.mjs';
import { ensureLocalDefaults } from './release/local-defaults.mjs';
import { openPointerStore, pointerReader } from './release/pointer-store.mjs';
import { compressPublished } from './release/releases.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = new Set(process.argv.slice(2));
const host = process.env.HOST ?? '127.0.0.1';
const publicHost = process.env.PUBLIC_HOST ?? 'localhost';
const origin = (port) => `http://${publicHost}:${port}`;

function run(command, commandArgs) {
  const result = spawnSync(command, commandArgs, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (!args.has('--no-build')) run('npm', ['run', 'build']);

// The remotes pointer: which version of each remote the shell loads (the release CLI changes it).
// A remote nothing has been promoted for runs its fresh local build, so a newcomer needs no release step.
const release = releaseConfig();
const pointerStore = await openPointerStore(release);
const site = await ensureLocalDefaults(release, pointerStore);
compressPublished(release);
const children = [];
const apiBase = process.env.API_BASE ?? origin(PORTS.api);
if (existsSync(join(root, 'api', 'src', 'main.ts')) && !args.has('--no-api')) {
  // Its own process group, so stopping this script stops npm, tsx and the server under them together.
  const api = spawn('npm', ['start', '-w', 'api'], {
    cwd: root,
    stdio: 'inherit',
    detached: true,
    env: { ...process.env, PORT: String(PORTS.api), HOST: host, SITE_ORIGIN: origin(PORTS.shell) },
  });
  api.on('exit', (code) => {
    if (code !== null && code !== 0) console.error(`The API exited with code ${code}`);
  });
  children.push(api);
}

const documents = shellDocuments({
  readPointer: pointerReader(pointerStore),
  apiBase,
  geoHeader: process.env.GEO_COUNTRY_HEADER,
  overrideOrigins: release.overrideOrigins,
});
// The shell's pages run code from the remotes' origins (every version the pointer can name lives there) and
// from the origins an override may point at; nothing else. The API's own sign-in check uses the same variable.
const shellSecurity = {
  codeOrigins: [...REMOTE_NAMES.map((name) => release.remoteOrigin(name)), ...release.overrideOrigins],
  apiOrigin: apiBase,
  google: Boolean(process.env.GOOGLE_CLIENT_ID),
};
const apps = [
  // The shell's pages carry this request's config, pointer and preload hints (scripts/shell-pages.mjs).
  {
    name: 'shell',
    dir: 'shell/dist',
    spa: true,
    documents,
    security: shellSecurity,
    pages: await shellPages({ shellDir: join(root, 'shell'), siteOrigin: origin(PORTS.shell), documents }),
  },
  // Each remote's origin serves its local build at / and every published version under /releases/<version>/;
  // its only page is the remote's standalone harness, which calls the API.
  ...Object.entries(REMOTES).map(([name, workspace]) => ({
    name,
    dir: `${workspace}/dist`,
    releasesDir: remoteReleasesDir(release, name),
    security: { apiOrigin: apiBase },
  })),
];

const servers = await Promise.all(
  apps.map(({ name, dir, spa, documents, releasesDir, pages, security }) =>
    listen(createAppServer({ dir: join(root, dir), spa, documents, releasesDir, pages, security }), PORTS[name], host),
  ),
);
for (const { name } of apps) console.log(`  ${name.padEnd(10)} ${origin(PORTS[name])}${site[name] ? `  live: ${site[name]}` : ''}`);
console.log(`  ${'api'.padEnd(10)} ${apiBase}`);
if (Object.values(site).some((live) => live !== 'local build')) {
  console.log('\n  Published versions are live (see RELEASING.md). To run a fresh build instead: npm run release -- promote <remote> local --reason "..."');
}
console.log(`\nReelmint is running at ${origin(PORTS.shell)}\n`);

function stop() {
  for (const server of servers) server.close();
  for (const child of children) {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // Already gone.
    }
  }
  process.exit(0);
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
