// What the bench measures in Chromium: cold loads of each page (the owning remote's heading, LCP, requests), moves
// between remotes, what each load transfers, and Lighthouse on each page.
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { PORTS } from '@reelmint/contract/remotes';
// The e2e launch options, so the benchmark's browser is the tests' browser (tsx lets this .mjs load the .ts config).
import { chromiumLaunch } from '../playwright.config.ts';
import { medianFigures, startLighthouse } from './lighthouse.mjs';
import { PHONE_RUNS, phoneInteractions, phoneScript } from './phone.mjs';

export const here = dirname(fileURLToPath(import.meta.url));
export const root = join(here, '..', '..');
export const SHELL = `http://localhost:${PORTS.shell}`;
export const API = `http://localhost:${PORTS.api}`;
export const RUNS = Number(process.env.BENCH_RUNS) || 5;
export const LIGHTHOUSE_RUNS = Number(process.env.LIGHTHOUSE_RUNS) || 5;
/** Issue #12's budget for the home page's JavaScript, compressed as sent. */
export const HOME_JS_BUDGET = 170 * 1024;
/** Issue #41's target for the script the home page fetches before it is interactive on the phone profile, as sent. */
export const PHONE_SCRIPT_TARGET = 150 * 1024;
export const REFERENCE_DIST = join(here, 'reference', 'dist');
export const LIGHTHOUSE_VERSION = JSON.parse(readFileSync(join(root, 'node_modules', 'lighthouse', 'package.json'), 'utf8')).version;
/** Port to the deployable it serves, to name where each byte came from. */
export const ORIGINS = Object.fromEntries(Object.entries(PORTS).map(([name, port]) => [port, name]));
export const APPS = { shell: 'shell', 'mfe-marketing': 'marketing', 'mfe-generator': 'generator', 'mfe-billing': 'billing' };
export const PAGES = [
  { path: '/en', remote: 'marketing' },
  { path: '/en/text-to-video/generator', remote: 'generator' },
  { path: '/en/pricing', remote: 'billing' },
  { path: '/en/free-video-templates', remote: 'marketing' },
];

/** Nearest-rank percentile: with 5 samples the median is the 3rd, p75 the 4th and p90 the slowest. */
export function percentile(values, p) {
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
export const MOVES = [
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
export const downloaded = new Set();

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
/** The machine's load averages (1, 5 and 15 minutes) at a moment of the run, to say what else was running. */
function loadNow(moment) {
  return { moment, load: loadavg() };
}

/** The home page's script on the phone profile, before and after it is interactive, over PHONE_RUNS cold loads. */
async function phoneHomeScript(browser, label) {
  const runs = [];
  for (let run = 0; run < PHONE_RUNS; run += 1) {
    const result = await phoneScript(browser, `${SHELL}/en`);
    if (result) runs.push(result);
  }
  if (runs.length === 0) return null;
  const summary = (values) => ({ median: percentile(values, 50), min: Math.min(...values), max: Math.max(...values) });
  const figures = {
    before: summary(runs.map((run) => run.before)),
    after: summary(runs.map((run) => run.after)),
    interactiveAt: summary(runs.map((run) => run.interactiveAt).filter((value) => value !== null)),
    runs: runs.length,
  };
  console.log(
    `${label} phone /en: ${(figures.before.median / 1024).toFixed(1)} KiB of script before interactive, ${(figures.after.median / 1024).toFixed(1)} KiB after`,
  );
  return figures;
}

/**
 * Cold loads of every page (heading time, LCP), moves, the phone profile (script, interactions), then Lighthouse on
 * each page; `transfers` only for the site. The machine's load is noted before and after each part.
 */
export async function measure(label, { transfers: withTransfers, preloads }) {
  const loads = [loadNow(`${label}: start`)];
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
        min: Math.min(...headings),
        max: Math.max(...headings),
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
        min: contents.length ? Math.min(...contents) : null,
        max: contents.length ? Math.max(...contents) : null,
        missing: samples.length - contents.length,
      });
      console.log(
        `${label} ${move.from} -> ${move.link}: heading median ${moves.at(-1).heading.toFixed(0)} ms, content median ${moves.at(-1).median?.toFixed(0) ?? 'n/a'} ms`,
      );
    }
  } finally {
    await browser.close();
  }
  loads.push(loadNow(`${label}: after the desktop loads and moves`));
  // The phone profile in a browser of its own (its contexts slow their own CPU; nothing else shares it).
  const phoneBrowser = await chromium.launch(chromiumLaunch);
  let phone;
  try {
    phone = { script: await phoneHomeScript(phoneBrowser, label), interactions: await phoneInteractions(phoneBrowser, { shell: SHELL, api: API }) };
  } finally {
    await phoneBrowser.close();
  }
  loads.push(loadNow(`${label}: after the phone profile`));
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
  loads.push(loadNow(`${label}: after Lighthouse`));
  return { browserVersion, timings, transfers, audits, moves, phone, loads };
}
