// npm run bench -w e2e: what a visitor gets from the assembled site. Starts the built apps and the API
// exactly as `npm start --no-build` does, loads each page cold in Chromium and writes bench/results.md.
// Speed and size live here, never as timing assertions in tests.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { cpus, tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
// The e2e launch options, so the benchmark's browser is the tests' browser (tsx lets this .mjs load the .ts config).
import { chromiumLaunch } from '../playwright.config.ts';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
const SHELL = 'http://localhost:5173';
const API = 'http://localhost:8787';
const RUNS = Number(process.env.BENCH_RUNS) || 7;
const ORIGINS = { 5173: 'shell', 5174: 'marketing', 5175: 'generator', 5176: 'billing', 8787: 'api' };
const APPS = { shell: 'shell', 'mfe-marketing': 'marketing', 'mfe-generator': 'generator', 'mfe-billing': 'billing' };
const PAGES = [
  { path: '/en', remote: 'marketing' },
  { path: '/en/text-to-video/generator', remote: 'generator' },
  { path: '/en/pricing', remote: 'billing' },
  { path: '/en/free-video-templates', remote: 'marketing' },
];

const missing = Object.keys(APPS).filter((app) => !existsSync(join(root, app, 'dist', 'index.html')));
if (missing.length > 0) {
  console.error(`No build for ${missing.join(', ')}: run \`npm run build\` first (the benchmark measures the built site and builds nothing).`);
  process.exit(1);
}

function portIsFree(port) {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

// Measuring someone else's servers (an older build, another checkout) would report the wrong site.
const busy = [];
for (const port of Object.keys(ORIGINS)) if (!(await portIsFree(Number(port)))) busy.push(port);
if (busy.length > 0) {
  console.error(`Port(s) ${busy.join(', ')} already in use: stop that server (or wait for /tmp/reelmint-e2e.lock) and run again.`);
  process.exit(1);
}

const dataDir = mkdtempSync(join(tmpdir(), 'reelmint-bench-api-'));
// Its own process group: one signal reaches start.mjs, which then stops the API's group itself.
const site = spawn(process.execPath, ['scripts/start.mjs', '--no-build'], {
  cwd: root,
  detached: true,
  stdio: ['ignore', 'ignore', 'inherit'],
  env: { ...process.env, DATA_DIR: dataDir, TEMPLATE_PREVIEWS: 'off', LOG_LEVEL: 'warn' },
});
let siteExited = false;
site.on('exit', () => {
  siteExited = true;
});

function stopSite() {
  if (!siteExited) {
    try {
      process.kill(-site.pid, 'SIGTERM');
    } catch {
      // Already gone.
    }
  }
}
process.on('SIGINT', () => {
  stopSite();
  process.exit(130);
});

async function waitForUrl(url, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (siteExited) throw new Error(`scripts/start.mjs exited before ${url} answered`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

/** Nearest-rank percentile: with 7 samples the median is the 4th and p90 the slowest. */
function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)];
}

// Runs in the page before any of its scripts: records when the owning remote's heading first becomes
// visible (on the page's own clock, whose zero is the navigation start) and the latest LCP candidate.
function installProbes(remote) {
  const selector = `[data-remote-region="${remote}"] h1`;
  const state = { headingAt: null, lcp: null };
  window.__bench = state;
  const check = () => {
    if (state.headingAt !== null) return;
    const heading = document.querySelector(selector);
    if (heading && heading.getClientRects().length > 0 && heading.checkVisibility({ visibilityProperty: true })) {
      state.headingAt = performance.now();
    }
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true, attributes: true });
  new PerformanceObserver((list) => {
    const entries = list.getEntries();
    state.lcp = entries[entries.length - 1].startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
}

async function coldLoad(browser, page, onResponse) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const tab = await context.newPage();
    await tab.addInitScript(installProbes, page.remote);
    if (onResponse) tab.on('response', onResponse);
    await tab.goto(`${SHELL}${page.path}`, { waitUntil: 'commit' });
    const headingAt = await (await tab.waitForFunction(() => window.__bench.headingAt, undefined, { timeout: 30_000 })).jsonValue();
    // LCP is final once the page stops loading; networkidle is the page settling, not a fixed wait.
    await tab.waitForLoadState('networkidle');
    const lcp = await tab.evaluate(() => window.__bench.lcp);
    return { headingAt, lcp };
  } finally {
    await context.close();
  }
}

/** Every file any measured page downloaded, as "<origin> <path>", to tell shipped chunks from loaded ones. */
const downloaded = new Set();

async function transferOf(browser, page) {
  const byOrigin = {};
  const bodies = [];
  const onResponse = (response) => {
    const url = new URL(response.url());
    const origin = ORIGINS[url.port] ?? url.host;
    const row = (byOrigin[origin] ??= { requests: 0, files: 0, raw: 0, gzip: 0 });
    row.requests += 1;
    downloaded.add(`${origin} ${url.pathname}`);
    const type = response.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    bodies.push(
      response.body().then(
        (body) => {
          row.files += 1;
          row.raw += body.length;
          row.gzip += gzipSync(body, { level: 9 }).length;
        },
        () => undefined,
      ),
    );
  };
  await coldLoad(browser, page, onResponse);
  await Promise.all(bodies);
  return byOrigin;
}

function filesUnder(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

function distSizes(app) {
  const dist = join(root, app, 'dist');
  const sized = (file) => {
    const body = readFileSync(file);
    return { file: relative(dist, file), raw: body.length, gzip: gzipSync(body, { level: 9 }).length };
  };
  const code = filesUnder(dist).filter((file) => /\.(m?js|css)$/.test(file));
  const largest = code.map(sized).sort((a, b) => b.gzip - a.gzip).slice(0, 3);
  const total = code.reduce((sum, file) => sum + statSync(file).size, 0);
  return { entry: sized(join(dist, 'remoteEntry.js')), largest, total, count: code.length };
}

const kb = (bytes) => (bytes / 1024).toFixed(1);
const shortName = (file) => (file.length > 60 ? `${file.slice(0, 28)}…${file.slice(-28)}` : file);

let report;
try {
  await waitForUrl(`${SHELL}/remotes.json`, 60_000);
  await waitForUrl(`${API}/api/config`, 120_000);
  const pointer = await (await fetch(`${SHELL}/remotes.json`)).json();

  const browser = await chromium.launch(chromiumLaunch);
  const browserVersion = browser.version();
  const timings = [];
  const transfers = [];
  try {
    for (const page of PAGES) {
      // One unmeasured load first, so the servers' first read of each file is not charged to a visitor.
      await coldLoad(browser, page);
      const samples = [];
      for (let run = 0; run < RUNS; run += 1) samples.push(await coldLoad(browser, page));
      const headings = samples.map((sample) => sample.headingAt);
      const lcps = samples.map((sample) => sample.lcp).filter((value) => value !== null);
      const row = {
        page,
        median: percentile(headings, 50),
        p90: percentile(headings, 90),
        lcpMedian: lcps.length ? percentile(lcps, 50) : null,
        lcpP90: lcps.length ? percentile(lcps, 90) : null,
      };
      timings.push(row);
      console.log(`${page.path}: heading median ${row.median.toFixed(0)} ms, p90 ${row.p90.toFixed(0)} ms`);
      transfers.push({ page, byOrigin: await transferOf(browser, page) });
    }
  } finally {
    await browser.close();
  }

  const lines = [
    '# Site benchmark',
    '',
    `Run by \`npm run bench -w e2e\` (bench/site.mjs) on ${new Date().toISOString().slice(0, 10)}. Machine: ${cpus().length} x ${cpus()[0]?.model.trim() ?? 'unknown CPU'}, Node ${process.version}.`,
    `The built apps and the API started as \`node scripts/start.mjs --no-build\` (fresh SQLite, template previews off), all on this machine;`,
    `headless Chromium ${browserVersion}, 1280x800, a new browser context for every load (empty cache, no cookies), no network throttling.`,
    `Each page is loaded once unmeasured, then ${RUNS} times. Times are on the page's own clock from navigation start.`,
    '',
    '## Time to the owning remote\'s heading',
    '',
    `"Heading" is when \`[data-remote-region="<remote>"] h1\` first becomes visible. Percentiles are nearest-rank over ${RUNS} loads${RUNS === 7 ? ' (p90 is the slowest load)' : ''}.`,
    'LCP is the last largest-contentful-paint candidate once the network is idle.',
    '',
    '| page | remote | heading median ms | heading p90 ms | LCP median ms | LCP p90 ms |',
    '|---|---|---:|---:|---:|---:|',
    ...timings.map(
      (row) =>
        `| ${row.page.path} | ${row.page.remote} | ${row.median.toFixed(0)} | ${row.p90.toFixed(0)} | ${row.lcpMedian?.toFixed(0) ?? 'n/a'} | ${row.lcpP90?.toFixed(0) ?? 'n/a'} |`,
    ),
    '',
    '## What one cold load transfers',
    '',
    'JS and CSS by origin, from the response bodies (the static servers send them uncompressed; the gzip column is',
    'what a CDN with gzip level 9 would send). Requests counts every request to that origin, documents, JSON and API calls included.',
    '',
    '| page | origin | requests | JS+CSS files | raw KiB | gzip KiB |',
    '|---|---|---:|---:|---:|---:|',
  ];
  for (const { page, byOrigin } of transfers) {
    const names = Object.keys(byOrigin).sort();
    const total = { requests: 0, files: 0, raw: 0, gzip: 0 };
    for (const name of names) {
      const row = byOrigin[name];
      for (const key of Object.keys(total)) total[key] += row[key];
      lines.push(`| ${page.path} | ${name} | ${row.requests} | ${row.files} | ${kb(row.raw)} | ${kb(row.gzip)} |`);
    }
    lines.push(`| ${page.path} | **all** | **${total.requests}** | **${total.files}** | **${kb(total.raw)}** | **${kb(total.gzip)}** |`);
  }

  const remotes = Object.entries(pointer.remotes ?? {}).map(([name, { entry, version }]) => `${name} ${version} (${entry})`);
  lines.push(
    '',
    '## Built output',
    '',
    `The site served: ${remotes.join('; ') || 'no remotes pointer'}. Sizes below are of each workspace's dist/ (JS and CSS only).`,
    '"(loaded)" marks a file one of the pages above downloaded; the others ship for a remote running alone or for routes not measured here.',
    '',
    '| app | remoteEntry.js raw KiB | gzip KiB | JS+CSS files | all JS+CSS raw KiB | largest (gzip KiB) |',
    '|---|---:|---:|---:|---:|---|',
  );
  for (const [app, origin] of Object.entries(APPS)) {
    const sizes = distSizes(app);
    const largest = sizes.largest
      .map((file) => `\`${shortName(file.file)}\` ${kb(file.gzip)}${downloaded.has(`${origin} /${file.file}`) ? ' (loaded)' : ''}`)
      .join(', ');
    lines.push(`| ${app} | ${kb(sizes.entry.raw)} | ${kb(sizes.entry.gzip)} | ${sizes.count} | ${kb(sizes.total)} | ${largest} |`);
  }
  report = `${lines.join('\n')}\n`;
} finally {
  stopSite();
  rmSync(dataDir, { recursive: true, force: true });
}

writeFileSync(join(here, 'results.md'), report);
console.log(`\n${report}`);
