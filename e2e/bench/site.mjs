// npm run bench -w e2e: what a visitor gets from the assembled site. Starts the built apps and the API
// exactly as `npm start --no-build` does (template previews on), loads each page cold in Chromium, on a desktop and
// on a phone profile, times a signed-in person's interactions on the phone, runs Lighthouse (mobile) on each page,
// then does the same with the reference (the same screens as one server-drawn Vite build without federation,
// bench/reference/) and writes bench/results.md. Speed and size live here, never as timing assertions in tests.
// The parts: measure.mjs and phone.mjs (what is measured), reference-site.mjs (the reference), processes.mjs (the
// servers), report.mjs (results.md).
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PORTS } from '@reelmint/contract/remotes';
import { listen } from '@reelmint/release/origin';
import { API, APPS, here, measure, ORIGINS, root, SHELL } from './measure.mjs';
import { cleanUp, portIsFree, startGroup, stopAll, stopGroup, waitForUrl } from './processes.mjs';
import { buildReference, referenceServer } from './reference-site.mjs';
import { renderReport } from './report.mjs';

/** Stops with a message a person can act on. */
function fail(message) {
  console.error(message);
  process.exit(1);
}

/** How long the API may take to render its template previews at start (it does so in the background). */
const PREVIEWS_WAIT_MS = 10 * 60_000;

/**
 * Waits until the API has rendered every template preview, as a visitor some minutes after a start finds it (the
 * gallery then shows the clips), so its rendering is not charged to the pages measured. Returns how long that took, or
 * null when the API did not finish within the wait (the figures then ran beside it, and the report says so).
 */
async function previewsReady() {
  const started = Date.now();
  while (Date.now() - started < PREVIEWS_WAIT_MS) {
    try {
      const response = await fetch(`${API}/api/video/templates`);
      const body = await response.json();
      const templates = Array.isArray(body.data) ? body.data : (body.data?.templates ?? []);
      if (templates.length > 0 && templates.every((template) => template.previewReady)) return Date.now() - started;
    } catch {
      // Not answering yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  console.warn(`The API had not rendered every template preview after ${PREVIEWS_WAIT_MS / 60_000} minutes: measuring beside it.`);
  return null;
}

/** The site as `npm start --no-build` runs it, measured; then stopped, with its ports free again. */
async function measureSite() {
  const site = startGroup(process.execPath, ['scripts/start.mjs', '--no-build']);
  await waitForUrl(`${SHELL}/remotes.json`, 60_000, site);
  await waitForUrl(`${API}/api/config`, 120_000, site);
  const previewsMs = await previewsReady();
  const pointer = await (await fetch(`${SHELL}/remotes.json`)).json();
  const federated = { ...(await measure('site', { transfers: true, preloads: true })), previewsMs };
  await stopGroup(site);
  // start.mjs stops the API's group as it exits; wait until both ports are really free again.
  for (const port of [PORTS.shell, PORTS.api]) {
    const deadline = Date.now() + 30_000;
    while (!(await portIsFree(port))) {
      if (Date.now() > deadline) throw new Error(`Port ${port} is still in use after the site stopped`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  return { federated, pointer };
}

/**
 * The reference on the shell's origin (the API allows it) with an API of its own on a fresh database, started as
 * `npm start` starts the site's (template previews on, rendered before anything is measured).
 */
async function measureReference() {
  const api = startGroup('npm', ['start', '-w', 'api'], { PORT: String(PORTS.api), SITE_ORIGIN: SHELL });
  // Its pages call that API, as the shell's do (start.mjs), and its server draws them with the API's public reads.
  const server = await listen(await referenceServer(), PORTS.shell);
  let reference;
  try {
    await waitForUrl(`${API}/api/config`, 120_000, api);
    const previewsMs = await previewsReady();
    reference = { ...(await measure('reference', { transfers: false, preloads: true })), previewsMs };
  } finally {
    server.close();
    await stopGroup(api);
  }
  return reference;
}

async function main() {
  const missing = Object.keys(APPS).filter((app) => !existsSync(join(root, app, 'dist', 'index.html')));
  if (missing.length > 0) fail(`No build for ${missing.join(', ')}: run \`npm run build\` first (the benchmark measures the built site and builds nothing).`);
  try {
    buildReference();
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
  }
  // Measuring someone else's servers (an older build, another checkout) would report the wrong site.
  const busy = [];
  for (const port of Object.keys(ORIGINS)) if (!(await portIsFree(Number(port)))) busy.push(port);
  if (busy.length > 0) fail(`Port(s) ${busy.join(', ')} already in use: stop that server (or wait for /tmp/reelmint-e2e.lock) and run again.`);
  process.on('SIGINT', () => {
    stopAll();
    process.exit(130);
  });
  let report;
  try {
    const { federated, pointer } = await measureSite();
    const reference = await measureReference();
    report = renderReport({ federated, reference, pointer });
  } finally {
    cleanUp();
  }
  writeFileSync(join(here, 'results.md'), report);
  console.log(`\n${report}`);
}

await main();
