// One shell server of the cluster (scripts/cluster/start.mjs runs two) and of the shell's image
// (deploy/shell.Dockerfile): the shell's build, its runtime documents and its pages, on PORT, behind the proxy. The
// pointer is the database's (REMOTES_POINTER_STORE=database), read at most once a second, so every shell server
// follows a promote within seconds. REMOTES_LOCAL_DEFAULTS=true points each remote nothing was promoted for at the
// build at its origin's root before serving, as start.mjs does for the cluster (deploy/compose.yaml's servers do).
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { REMOTE_NAMES, ensureLocalDefaults, openPointerStore, pointerReader, releaseConfig } from '@reelmint/release';
import { listen } from '@reelmint/release/origin';
import { closeGracefully, createOperations, createShellServer, operationsSettings, shellDocuments, shellPages } from 'shell/server';

const required = (name) => {
  const value = process.env[name];
  if (!value) {
    console.error(`${name} must be set for a cluster shell server`);
    process.exit(1);
  }
  return value;
};
const port = Number(required('PORT'));
const siteOrigin = required('SITE_ORIGIN');
const apiBase = process.env.API_BASE ?? siteOrigin;

const release = releaseConfig();
const pointerStore = await openPointerStore(release);
if (process.env.REMOTES_LOCAL_DEFAULTS === 'true') await ensureLocalDefaults(release, pointerStore);
const documents = shellDocuments({
  readPointer: pointerReader(pointerStore),
  apiBase,
  geoHeader: process.env.GEO_COUNTRY_HEADER,
  overrideOrigins: release.overrideOrigins,
});
// /healthz, /readyz (the pointer reads) and /metrics on this server's own port (README "Operating").
const { metricsAccess, graceMs } = operationsSettings();
const operations = createOperations({ documents, metricsAccess });
const shellDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'shell');
const server = createShellServer({
  dir: join(shellDir, 'dist'),
  documents,
  security: {
    codeOrigins: [...REMOTE_NAMES.map((name) => release.remoteOrigin(name)), ...release.overrideOrigins],
    apiOrigin: apiBase,
    google: Boolean(process.env.GOOGLE_CLIENT_ID),
  },
  pages: await shellPages({ shellDir, siteOrigin, documents }),
  operations,
});
await listen(server, port, process.env.HOST ?? '127.0.0.1');
console.log(`Shell server listening on port ${port} (site ${siteOrigin})`);

// Unready at once, no new connections, requests in flight finish within SHUTDOWN_GRACE_MS (README "Operating").
let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  const clean = await closeGracefully([server], { operations: [operations], graceMs });
  await pointerStore.close();
  process.exit(clean ? 0 : 1);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
