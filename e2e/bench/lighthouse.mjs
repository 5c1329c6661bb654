// Lighthouse (mobile, simulated throttling, 375 px wide) for the bench: one page at a time in Debian's
// Chromium, reporting the figures the targets name. Lighthouse 13 declares Node 22 in its
// package.json; its Node API runs on this machine's Node 20.
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { chromiumLaunch } from '../playwright.config.ts';

/** Lighthouse's mobile defaults (Moto G Power class CPU, slow 4G), on the 375 px screen the design is checked at. */
const SETTINGS = {
  formFactor: 'mobile',
  throttlingMethod: 'simulate',
  screenEmulation: { mobile: true, width: 375, height: 667, deviceScaleFactor: 2, disabled: false },
  onlyCategories: ['performance'],
};

/** Starts one Chromium for all runs; each run still gets a cold cache (Lighthouse clears storage itself). */
export async function startLighthouse() {
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumLaunch.executablePath,
    // chrome-launcher adds its own defaults; these are the tests' flags (headless, no sandbox in a container).
    chromeFlags: chromiumLaunch.args,
  });
  return {
    async run(url) {
      const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error' }, { extends: 'lighthouse:default', settings: SETTINGS });
      if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
      return figures(result.lhr);
    },
    close: () => chrome.kill(),
  };
}

function figures(lhr) {
  if (lhr.runtimeError) throw new Error(`Lighthouse could not measure ${lhr.finalDisplayedUrl}: ${lhr.runtimeError.message}`);
  const audit = (id) => lhr.audits[id]?.numericValue ?? null;
  const requests = lhr.audits['network-requests']?.details?.items ?? [];
  const scripts = requests.filter((item) => item.resourceType === 'Script');
  return {
    score: Math.round((lhr.categories.performance.score ?? 0) * 100),
    fcp: audit('first-contentful-paint'),
    lcp: audit('largest-contentful-paint'),
    cls: audit('cumulative-layout-shift'),
    tbt: audit('total-blocking-time'),
    requests: requests.length,
    // Bytes over the wire (compressed as sent), as Lighthouse recorded them.
    jsBytes: scripts.reduce((sum, item) => sum + (item.transferSize ?? 0), 0),
    totalBytes: audit('total-byte-weight'),
  };
}

/** The median of a list of numbers (the mean of the middle two for an even count). */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/**
 * Each figure's median over several runs, for the site and the reference alike, with its spread (the lowest and
 * highest run). On a shared two-core machine one run's blocking time follows whatever else ran at that moment (its
 * tasks are timed by the wall clock and multiplied by the 4x CPU slowdown), so a single run, even the one with the
 * median score, can carry another run's outlier; the median of each figure does not. Every run's score and
 * blocking time are kept as well.
 */
export function medianFigures(runs) {
  const keys = Object.keys(runs[0]).filter((key) => runs.every((run) => typeof run[key] === 'number'));
  return {
    ...Object.fromEntries(keys.map((key) => [key, median(runs.map((run) => run[key]))])),
    spread: Object.fromEntries(keys.map((key) => [key, [Math.min(...runs.map((run) => run[key])), Math.max(...runs.map((run) => run[key]))]])),
    scores: runs.map((run) => run.score),
    tbts: runs.map((run) => run.tbt),
  };
}
