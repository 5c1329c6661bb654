// npm run bench -w e2e: what a visitor gets from the assembled site. Starts the built apps and the API
// exactly as `npm start --no-build` does, loads each page cold in Chromium, runs Lighthouse (mobile) on
// it, then does the same with the reference build (the same screens as one Vite app without federation,
// bench/reference/) and writes bench/results.md. Speed and size live here, never as timing assertions in tests.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { PORTS } from '@reelmint/contract/remotes';
// The e2e launch options, so the benchmark's browser is the tests' browser (tsx lets this .mjs load the .ts config).
import { chromiumLaunch } from '../playwright.config.ts';
import { createAppServer, listen } from '../../scripts/serve-static.mjs';
import { precompressDir } from '../../scripts/precompress.mjs';
import { medianFigures, startLighthouse } from './lighthouse.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
const SHELL = `http://localhost:${PORTS.shell}`;
const API = `http://localhost:${PORTS.api}`;
const RUNS = Number(process.env.BENCH_RUNS) || 7;
const LIGHTHOUSE_RUNS = Number(process.env.LIGHTHOUSE_RUNS) || 5;
/** Issue #12's budget for the home page's JavaScript, compressed as sent. */
const HOME_JS_BUDGET = 170 * 1024;
const REFERENCE_DIST = join(here, 'reference', 'dist');
const LIGHTHOUSE_VERSION = JSON.parse(readFileSync(join(root, 'node_modules', 'lighthouse', 'package.json'), 'utf8')).version;
/** Port to the deployable it serves, to name where each byte came from. */
const ORIGINS = Object.fromEntries(Object.entries(PORTS).map(([name, port]) => [port, name]));
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

// The reference is built fresh each run from the same sources (a build is not measured: it happens
// before any server starts), and compressed like the site's builds.
console.log('Building the reference (one Vite app, no federation)...');
// Vite's module runner loads the config: it imports the remotes' exposes.ts, TypeScript in linked workspaces, which
// the default loader would hand to Node as they are.
const referenceBuild = spawnSync('npx', ['vite', 'build', '--configLoader', 'runner', '--config', join(here, 'reference', 'vite.config.mjs')], {
  cwd: root,
  stdio: 'inherit',
});
if (referenceBuild.status !== 0) {
  console.error('The reference build failed.');
  process.exit(1);
}
precompressDir(REFERENCE_DIST);

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

const dataDirs = [];
const running = new Set();

/** A server in its own process group, so one signal stops it and everything under it. */
function startGroup(command, args, extraEnv) {
  const dataDir = mkdtempSync(join(tmpdir(), 'reelmint-bench-api-'));
  dataDirs.push(dataDir);
  const child = spawn(command, args, {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, DATA_DIR: dataDir, TEMPLATE_PREVIEWS: 'off', LOG_LEVEL: 'warn', ...extraEnv },
  });
  const group = { child, exited: false, name: [command, ...args].join(' ') };
  child.on('exit', () => {
    group.exited = true;
    running.delete(group);
  });
  running.add(group);
  return group;
}

async function stopGroup(group) {
  if (group.exited) return;
  const exited = new Promise((resolve) => group.child.once('exit', resolve));
  try {
    process.kill(-group.child.pid, 'SIGTERM');
  } catch {
    return;
  }
  await exited;
}

function stopAll() {
  for (const group of running) {
    try {
      process.kill(-group.child.pid, 'SIGTERM');
    } catch {
      // Already gone.
    }
  }
}
process.on('SIGINT', () => {
  stopAll();
  process.exit(130);
});

async function waitForUrl(url, timeoutMs, group) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (group?.exited) throw new Error(`${group.name} exited before ${url} answered`);
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

// The browser's data-saving signal, which the shell honours by skipping the idle preload of the next screens.
function saveData() {
  if (navigator.connection) Object.defineProperty(navigator.connection, 'saveData', { get: () => true });
}

async function coldLoad(browser, page, onResponse, { withoutPreload = false } = {}) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const tab = await context.newPage();
    await tab.addInitScript(installProbes, page.remote);
    if (withoutPreload) await tab.addInitScript(saveData);
    // What the caller reads from each response (its body, its sizes) must be read before the context closes.
    const reads = [];
    if (onResponse) tab.on('response', (response) => reads.push(onResponse(response)));
    // Every request the page made until the heading was seen (the document included); the poll that sees it comes a
    // frame later at most, so this can only count too many, never too few.
    let requested = 0;
    tab.on('request', () => (requested += 1));
    await tab.goto(`${SHELL}${page.path}`, { waitUntil: 'commit' });
    const headingAt = await (await tab.waitForFunction(() => window.__bench.headingAt, undefined, { timeout: 30_000 })).jsonValue();
    const requestsBefore = requested;
    // LCP is final once the page stops loading; networkidle is the page settling, not a fixed wait.
    await tab.waitForLoadState('networkidle');
    const lcp = await tab.evaluate(() => window.__bench.lcp);
    await Promise.all(reads);
    return { headingAt, lcp, requestsBefore };
  } finally {
    await context.close();
  }
}

/**
 * Moves inside the site through the header's links, each to another remote's screen (issue #12, item 6), and what
 * shows the screen's content: the plans' cards, the studio's prompt (the studio stays invisible until it knows the
 * video engine), the templates' cards.
 */
const MOVES = [
  { from: '/en', link: '/en/pricing', remote: 'billing', content: '[data-testid^="plan-card-"]' },
  { from: '/en/pricing', link: '/en/text-to-video/generator', remote: 'generator', content: 'textarea' },
  { from: '/en/text-to-video/generator', link: '/en/free-video-templates', remote: 'marketing', content: '[data-testid="template-card"]' },
];

/**
 * One move: a cold load of `from`, left until its network is quiet and the idle preload is done, then a click on the
 * header's link; the times from the click to the new screen's heading and to its content, on the page's own clock.
 */
async function timedMove(browser, move, { preloads }) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const tab = await context.newPage();
    await tab.goto(`${SHELL}${move.from}`);
    await tab.locator('html[data-interactive="true"]').waitFor({ state: 'attached' });
    await tab.waitForLoadState('networkidle');
    // The site's idle preload says when it is done (its last step, loading the screens' modules, makes no request);
    // the reference has none and loads a screen's chunk when it is visited.
    if (preloads) await tab.locator('html[data-next-screens="ready"]').waitFor({ state: 'attached', timeout: 30_000 });
    const link = tab.locator(`header a[href="${move.link}"]`).first();
    await link.waitFor();
    await tab.evaluate(
      ([heading, content]) => {
        const state = { clickedAt: null, headingAt: null, contentAt: null };
        window.__move = state;
        const shown = (selector) => document.querySelector(selector)?.checkVisibility({ visibilityProperty: true }) === true;
        const check = () => {
          if (state.headingAt === null && shown(heading)) state.headingAt = performance.now();
          if (state.contentAt === null && shown(content)) state.contentAt = performance.now();
        };
        new MutationObserver(check).observe(document, { childList: true, subtree: true, attributes: true });
        document.addEventListener('click', () => (state.clickedAt = performance.now()), { capture: true, once: true });
      },
      [`[data-remote-region="${move.remote}"] h1`, `[data-remote-region="${move.remote}"] ${move.content}`],
    );
    await link.click();
    await tab.waitForFunction(() => window.__move.headingAt !== null, undefined, { timeout: 30_000 });
    // A screen whose content does not come (its read failed, say) is reported without it rather than stopping the bench.
    const content = await tab
      .waitForFunction(() => window.__move.contentAt !== null, undefined, { timeout: 10_000 })
      .then(
        () => true,
        () => false,
      );
    if (!content) console.warn(`${move.link}: ${move.content} was not shown within 10 s of the click`);
    return await tab.evaluate((withContent) => {
      const { clickedAt, headingAt, contentAt } = window.__move;
      return { heading: headingAt - clickedAt, content: withContent ? contentAt - clickedAt : null };
    }, content);
  } finally {
    await context.close();
  }
}

/** Every file any measured page downloaded, as "<origin> <path>", to tell shipped chunks from loaded ones. */
const downloaded = new Set();

async function transferOf(browser, page) {
  const byOrigin = {};
  const onResponse = (response) => {
    const url = new URL(response.url());
    const origin = ORIGINS[url.port] ?? url.host;
    const row = (byOrigin[origin] ??= { requests: 0, files: 0, raw: 0, sent: 0 });
    row.requests += 1;
    downloaded.add(`${origin} ${url.pathname}`);
    const type = response.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return undefined;
    // The decoded body, and the body as it crossed the network (compressed when the server compressed it).
    return Promise.all([response.body(), response.request().sizes()]).then(
      ([body, sizes]) => {
        row.files += 1;
        row.raw += body.length;
        row.sent += sizes.responseBodySize;
      },
      () => undefined,
    );
  };
  await coldLoad(browser, page, onResponse);
  return byOrigin;
}

/**
 * JavaScript the page itself needs, as sent: one cold load with the idle preload off, so the files fetched ahead
 * for the next screens (issue #12, item 6) are not counted; Lighthouse's figure above includes them.
 */
async function ownScriptBytes(browser, page) {
  let total = 0;
  const unread = [];
  const onResponse = (response) => {
    if (response.request().resourceType() !== 'script') return undefined;
    return response
      .request()
      .sizes()
      .then(
        (sized) => (total += sized.responseBodySize),
        () => unread.push(response.url()),
      );
  };
  await coldLoad(browser, page, onResponse, { withoutPreload: true });
  // A script whose size could not be read makes the sum too small to report as the page's weight.
  if (unread.length) {
    console.warn(`${page.path}: the sizes of ${unread.join(', ')} could not be read`);
    return null;
  }
  return total;
}

function filesUnder(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)]));
}

function distSizes(app) {
  const dist = join(root, app, 'dist');
  const sized = (file) => {
    const body = readFileSync(file);
    return { file: relative(dist, file), raw: body.length, gzip: gzipSync(body, { level: 9 }).length };
  };
  const code = filesUnder(dist).filter((file) => /\.(m?js|css)$/.test(file));
  const largest = code
    .map(sized)
    .sort((a, b) => b.gzip - a.gzip)
    .slice(0, 3);
  const total = code.reduce((sum, file) => sum + statSync(file).size, 0);
  return { entry: sized(join(dist, 'remoteEntry.js')), largest, total, count: code.length };
}

const kb = (bytes) => (bytes === null ? 'not measured' : (bytes / 1024).toFixed(1));
const shortName = (file) => (file.length > 60 ? `${file.slice(0, 28)}…${file.slice(-28)}` : file);

/** Cold loads of every page (heading time, LCP), then Lighthouse on each; `transfers` only for the site. */
async function measure(label, { transfers: withTransfers, preloads }) {
  const browser = await chromium.launch(chromiumLaunch);
  const browserVersion = browser.version();
  const timings = [];
  const transfers = [];
  const moves = [];
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
        requestsBefore: percentile(
          samples.map((sample) => sample.requestsBefore),
          50,
        ),
      };
      row.ownJs = await ownScriptBytes(browser, page);
      timings.push(row);
      console.log(`${label} ${page.path}: heading median ${row.median.toFixed(0)} ms, p90 ${row.p90.toFixed(0)} ms`);
      if (withTransfers) transfers.push({ page, byOrigin: await transferOf(browser, page) });
    }
    for (const move of MOVES) {
      const samples = [];
      for (let run = 0; run < RUNS; run += 1) samples.push(await timedMove(browser, move, { preloads }));
      const headings = samples.map((sample) => sample.heading);
      const contents = samples.map((sample) => sample.content).filter((value) => value !== null);
      moves.push({
        move,
        heading: percentile(headings, 50),
        median: contents.length ? percentile(contents, 50) : null,
        p90: contents.length ? percentile(contents, 90) : null,
        missing: samples.length - contents.length,
      });
      console.log(
        `${label} ${move.from} -> ${move.link}: heading median ${moves.at(-1).heading.toFixed(0)} ms, content median ${moves.at(-1).median?.toFixed(0) ?? 'n/a'} ms`,
      );
    }
  } finally {
    await browser.close();
  }
  const lighthouse = await startLighthouse();
  const audits = [];
  try {
    for (const page of PAGES) {
      const runs = [];
      for (let run = 0; run < LIGHTHOUSE_RUNS; run += 1) runs.push(await lighthouse.run(`${SHELL}${page.path}`));
      const chosen = medianFigures(runs);
      audits.push({ page, ...chosen });
      console.log(
        `${label} ${page.path}: Lighthouse ${chosen.score}, LCP ${(chosen.lcp / 1000).toFixed(2)} s, CLS ${chosen.cls.toFixed(3)}, TBT ${chosen.tbt.toFixed(0)} ms`,
      );
    }
  } finally {
    await lighthouse.close();
  }
  return { browserVersion, timings, transfers, audits, moves };
}

let report;
try {
  const site = startGroup(process.execPath, ['scripts/start.mjs', '--no-build']);
  await waitForUrl(`${SHELL}/remotes.json`, 60_000, site);
  await waitForUrl(`${API}/api/config`, 120_000, site);
  const pointer = await (await fetch(`${SHELL}/remotes.json`)).json();
  const federated = await measure('site', { transfers: true, preloads: true });
  await stopGroup(site);
  // start.mjs stops the API's group as it exits; wait until both ports are really free again.
  for (const port of [PORTS.shell, PORTS.api]) {
    const deadline = Date.now() + 30_000;
    while (!(await portIsFree(port))) {
      if (Date.now() > deadline) throw new Error(`Port ${port} is still in use after the site stopped`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }

  // The reference on the shell's origin (the API allows it) with an API of its own on a fresh database.
  const api = startGroup('npm', ['start', '-w', 'api'], { PORT: String(PORTS.api) });
  // Its pages may call that API, as the shell's may (start.mjs): without it the policy blocks every read and the
  // reference draws its screens from the stand-ins an unreachable server leaves.
  const referenceServer = await listen(createAppServer({ dir: REFERENCE_DIST, spa: true, security: { apiOrigin: API } }), PORTS.shell);
  let reference;
  try {
    await waitForUrl(`${API}/api/config`, 120_000, api);
    reference = await measure('reference', { transfers: false, preloads: false });
  } finally {
    referenceServer.close();
    await stopGroup(api);
  }
  const { browserVersion, timings, transfers } = federated;

  const seconds = (ms) => (ms / 1000).toFixed(2);
  const ratio = (site, ref) => (site !== null && ref ? `${(site / ref).toFixed(2)}x` : 'n/a');
  const target = (ok) => (ok ? 'yes' : '**no**');
  const home = federated.audits.find((row) => row.page.path === '/en');
  const homeOwnJs = timings.find((row) => row.page.path === '/en').ownJs;
  const lines = [
    '# Site benchmark',
    '',
    `Run by \`npm run bench -w e2e\` (bench/site.mjs) on ${new Date().toISOString().slice(0, 10)}. Machine: ${cpus().length} x ${cpus()[0]?.model.trim() ?? 'unknown CPU'}, Node ${process.version}, load average at the end ${loadavg()
      .map((value) => value.toFixed(1))
      .join(' / ')} (other work on the machine slows every figure; compare the site with the reference of the same run).`,
    `The built apps and the API started as \`node scripts/start.mjs --no-build\` (fresh SQLite, template previews off), all on this machine.`,
    '',
    '## Lighthouse (mobile): the site beside the reference build',
    '',
    `Lighthouse ${LIGHTHOUSE_VERSION}, mobile form factor at 375x667 (DPR 2), simulated throttling (slow 4G, 4x CPU slowdown), performance only,`,
    `in headless Chromium ${browserVersion}. Each page is run ${LIGHTHOUSE_RUNS} times; each figure is its median over the runs, for the site and the reference alike (every run's score and TBT in the last two columns).`,
    'The **reference** is the same shell and the same screens built as one Vite app without module federation (bench/reference/: one build, screens split per route),',
    'compressed the same way and served from the same origin with its own API on a fresh database. It exists only for this comparison.',
    'JS KiB is JavaScript as sent (compressed); requests count every request of the load. Ratios are site / reference.',
    '',
    '| page | build | score | FCP s | LCP s | CLS | TBT ms | requests | JS KiB | scores | TBT ms of each run |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---|---|',
  ];
  for (const row of federated.audits) {
    const ref = reference.audits.find((candidate) => candidate.page.path === row.page.path);
    for (const [build, figures] of [
      ['site', row],
      ['reference', ref],
    ]) {
      lines.push(
        `| ${row.page.path} | ${build} | ${figures.score} | ${seconds(figures.fcp)} | ${seconds(figures.lcp)} | ${figures.cls.toFixed(3)} | ${figures.tbt.toFixed(0)} | ${figures.requests} | ${kb(figures.jsBytes)} | ${figures.scores.join(', ')} | ${figures.tbts.map((tbt) => tbt.toFixed(0)).join(', ')} |`,
      );
    }
  }
  lines.push(
    '',
    '| page | LCP site / reference | JS bytes site / reference | requests site / reference | score >= 90 | LCP <= 2.5 s | CLS <= 0.05 | TBT <= 200 ms | LCP within 1.25x |',
    '|---|---:|---:|---:|---|---|---|---|---|',
  );
  for (const row of federated.audits) {
    const ref = reference.audits.find((candidate) => candidate.page.path === row.page.path);
    lines.push(
      `| ${row.page.path} | ${ratio(row.lcp, ref.lcp)} | ${ratio(row.jsBytes, ref.jsBytes)} | ${ratio(row.requests, ref.requests)} | ${target(row.score >= 90)} | ${target(row.lcp <= 2500)} | ${target(row.cls <= 0.05)} | ${target(row.tbt <= 200)} | ${target(row.lcp <= 1.25 * ref.lcp)} |`,
    );
  }
  lines.push(
    '',
    // The budget is the home page's own script. Once the page is idle the shell also fetches the other remotes' entries
    // and likely next screens (issue #12, item 6); Lighthouse counts those too, so they are shown apart, not judged.
    `Home page JavaScript as sent, without the idle preload (Chromium with Save-Data on, which the shell honours by skipping it; response bodies as sent): **${kb(homeOwnJs)} KiB** against a budget of ${kb(HOME_JS_BUDGET)} KiB: ${homeOwnJs === null ? 'not measured' : homeOwnJs <= HOME_JS_BUDGET ? 'within' : '**over**'} (reference: ${kb(reference.timings.find((row) => row.page.path === '/en').ownJs)} KiB).`,
    `With the idle preload of the other remotes' next screens, fetched once the page is idle and counted by Lighthouse: ${kb(home.jsBytes)} KiB (shown in the JS KiB column above; not the page's own script, so not held to the budget).`,
    '',
    '| page | site JS KiB without the idle preload | reference JS KiB | site / reference |',
    '|---|---:|---:|---:|',
    ...timings.map((row) => {
      const ref = reference.timings.find((candidate) => candidate.page.path === row.page.path);
      return `| ${row.page.path} | ${kb(row.ownJs)} | ${kb(ref.ownJs)} | ${ratio(row.ownJs, ref.ownJs)} |`;
    }),
    '',
    "## Time to the owning remote's heading (desktop, no throttling)",
    '',
    `Headless Chromium, 1280x800, a new browser context for every load (empty cache, no cookies), no network throttling.`,
    `Each page is loaded once unmeasured, then ${RUNS} times. Times are on the page's own clock from navigation start.`,
    `"Heading" is when \`[data-remote-region="<remote>"] h1\` first becomes visible. Percentiles are nearest-rank over ${RUNS} loads${RUNS === 7 ? ' (p90 is the slowest load)' : ''}.`,
    'LCP is the last largest-contentful-paint candidate once the network is idle. Requests before the heading count the document and every resource the page had started to fetch when the heading appeared (issue #12: at most 25).',
    '',
    '| page | remote | build | heading median ms | heading p90 ms | LCP median ms | LCP p90 ms | requests before the heading (median) |',
    '|---|---|---|---:|---:|---:|---:|---:|',
  );
  for (const row of timings) {
    const ref = reference.timings.find((candidate) => candidate.page.path === row.page.path);
    for (const [build, figures] of [
      ['site', row],
      ['reference', ref],
    ]) {
      lines.push(
        `| ${row.page.path} | ${row.page.remote} | ${build} | ${figures.median.toFixed(0)} | ${figures.p90.toFixed(0)} | ${figures.lcpMedian?.toFixed(0) ?? 'n/a'} | ${figures.lcpP90?.toFixed(0) ?? 'n/a'} | ${figures.requestsBefore} |`,
      );
    }
  }
  lines.push(
    '',
    '## Moves to another remote (desktop, no throttling)',
    '',
    `A cold load of the first page, left until its network is quiet and (on the site) the idle preload of the next screens is done (\`<html data-next-screens="ready">\`), then a click on the header's link; the time from the click to the new screen's heading, and to its content (the plans' cards, the studio's prompt, the templates' cards). ${RUNS} moves each. Issue #12 asks for content under 100 ms.`,
    '',
    '| from | to | remote | build | heading median ms | content median ms | content p90 ms |',
    '|---|---|---|---|---:|---:|---:|',
    ...federated.moves.flatMap((site) => {
      const ref = reference.moves.find((candidate) => candidate.move === site.move);
      const { from, link, remote } = site.move;
      // A move whose content never showed in some runs says how many; its figures are from the runs that showed it.
      const row = (build, { heading, median, p90, missing }) =>
        `| ${from} | ${link} | ${remote} | ${build} | ${heading.toFixed(0)} | ${median?.toFixed(0) ?? 'n/a'} | ${p90?.toFixed(0) ?? 'n/a'}${missing ? ` (${missing} of ${RUNS} without content)` : ''} |`;
      return [row('site', site), row('reference', ref)];
    }),
    '',
    '## What one cold load of the site transfers',
    '',
    'JS and CSS by origin: "raw" is the decoded size, "sent" the bytes on the network (the servers send the build\'s brotli copies).',
    'Requests counts every request to that origin, documents, JSON and API calls included.',
    '',
    '| page | origin | requests | JS+CSS files | raw KiB | sent KiB |',
    '|---|---|---:|---:|---:|---:|',
  );
  for (const { page, byOrigin } of transfers) {
    const names = Object.keys(byOrigin).sort();
    const total = { requests: 0, files: 0, raw: 0, sent: 0 };
    for (const name of names) {
      const row = byOrigin[name];
      for (const key of Object.keys(total)) total[key] += row[key];
      lines.push(`| ${page.path} | ${name} | ${row.requests} | ${row.files} | ${kb(row.raw)} | ${kb(row.sent)} |`);
    }
    lines.push(`| ${page.path} | **all** | **${total.requests}** | **${total.files}** | **${kb(total.raw)}** | **${kb(total.sent)}** |`);
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
  stopAll();
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
}

writeFileSync(join(here, 'results.md'), report);
console.log(`\n${report}`);
