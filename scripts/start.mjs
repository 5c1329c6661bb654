// `npm start`: builds every app (unless --no-build), starts the API and serves each app from its
// own origin, exactly as production does with one origin per deployable.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PORTS } from '@reelmint/contract/remotes';
import {
  REMOTES,
  REMOTE_NAMES,
  compressPublished,
  ensureLocalDefaults,
  openPointerStore,
  pointerReader,
  releaseConfig,
  remoteReleasesDir,
} from '@reelmint/release';
import { createOriginServer, listen } from '@reelmint/release/origin';
import { closeGracefully, createOperations, createShellServer, operationsSettings, securityHeaders, shellDocuments, shellPages } from 'shell/server';

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
// The shell server's /healthz, /readyz and /metrics (README "Operating"; the API reads the same variables).
const { metricsAccess, graceMs } = operationsSettings();
const shellOperations = createOperations({ documents, metricsAccess });
const apps = [
  // The shell's pages carry this request's config, pointer and preload hints (shell/server).
  {
    name: 'shell',
    server: createShellServer({
      dir: join(root, 'shell', 'dist'),
      documents,
      security: shellSecurity,
      operations: shellOperations,
      pages: await shellPages({ shellDir: join(root, 'shell'), siteOrigin: origin(PORTS.shell), documents }),
    }),
  },
  // Each remote's origin serves its local build at / and every published version under /releases/<version>/;
  // its only page is the remote's standalone harness, which calls the API.
  ...Object.entries(REMOTES).map(([name, workspace]) => ({
    name,
    server: createOriginServer({
      dir: join(root, workspace, 'dist'),
      releasesDir: remoteReleasesDir(release, name),
      headers: securityHeaders({ apiOrigin: apiBase }),
    }),
  })),
];

const servers = await Promise.all(apps.map(({ name, server }) => listen(server, PORTS[name], host)));
for (const { name } of apps) console.log(`  ${name.padEnd(10)} ${origin(PORTS[name])}${site[name] ? `  live: ${site[name]}` : ''}`);
console.log(`  ${'api'.padEnd(10)} ${apiBase}`);
if (Object.values(site).some((live) => live !== 'local build')) {
  console.log('\n  Published versions are live (see RELEASING.md). To run a fresh build instead: npm run release -- promote <remote> local --reason "..."');
}
console.log(`\nReelmint is running at ${origin(PORTS.shell)}\n`);

let stopping = false;
async function stop() {
  if (stopping) process.exit(1);
  stopping = true;
  // The API gets the same signal and finishes its own requests in flight (README "Operating").
  for (const child of children) {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // Already gone.
    }
  }
  const clean = await closeGracefully(servers, { operations: [shellOperations], graceMs });
  process.exit(clean ? 0 : 1);
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
