// The smoke check after a swap: a real headless Chromium opens a page owned by the remote on the
// assembled site and checks that the region rendered the expected version, not the fallback.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { ROOT } from './config.mjs';

/** A page each remote owns, and what must be on it. */
export const SMOKE_PAGES = Object.freeze({ marketing: '/about-us', generator: '/generator', billing: '/pricing' });
const TIMEOUT_MS = 20_000;
/** How long a changed pointer may take to reach the shell's pages, and how often the page is opened again meanwhile. */
const PROPAGATION_MS = 10_000;
const RETRY_MS = 500;

/** `data-remote-billing` on <html>: the version the shell chose for this visitor. */
export const datasetAttribute = (remote) => `data-remote-${remote}`;

async function loadChromium() {
  // Playwright belongs to the e2e workspace; resolve it from there so hoisting does not matter.
  const require = createRequire(join(ROOT, 'e2e', 'package.json'));
  return require('@playwright/test').chromium;
}

async function reachable(url) {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(3000) });
    return response.ok;
  } catch {
    return false;
  }
}

/**
 * @param {{ shellOrigin: string, remote: string, version: string, viaOverride: boolean }} options
 *        viaOverride: load the version through a per-browser override (for a canary, which a fresh
 *        visitor may not be assigned to) instead of as the live version.
 * @returns {Promise<{ status: 'passed' | 'failed' | 'skipped', message: string }>}
 */
export async function smokeCheck({ shellOrigin, remote, version, viaOverride }) {
  if (!(await reachable(`${shellOrigin}/remotes.json`))) {
    return { status: 'skipped', message: `the site at ${shellOrigin} is not running` };
  }
  let chromium;
  try {
    chromium = await loadChromium();
  } catch {
    return { status: 'skipped', message: 'Playwright is not installed (npm install)' };
  }
  const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  let browser;
  try {
    browser = await chromium.launch({
      executablePath,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking'],
    });
  } catch (error) {
    // A machine without a usable browser says nothing about the release: skip, and say how to fix it.
    return { status: 'skipped', message: `Chromium could not start from ${executablePath} (${firstLine(error)}); set CHROMIUM_PATH to a working Chromium` };
  }
  const errors = [];
  const url = new URL(SMOKE_PAGES[remote], shellOrigin);
  if (viaOverride) url.searchParams.set('override', `${remote}@${version}`);
  try {
    const page = await browser.newPage();
    page.on('pageerror', (error) => errors.push(error.message));
    // Shell servers read the shared pointer at most once a second (PROPAGATION_MS in all, for a busy server): a page
    // that still names the previous version is opened again until the deadline; a fallback fails at once.
    const deadline = Date.now() + PROPAGATION_MS;
    for (;;) {
      try {
        await page.goto(url.toString(), { timeout: TIMEOUT_MS });
      } catch (error) {
        return { status: 'failed', message: `${url.pathname} could not be opened (${firstLine(error)})` };
      }
      const region = page.locator(`[data-remote-region="${remote}"]`);
      const fallback = page.locator(`[data-testid="remote-fallback"][data-remote="${remote}"]`);
      try {
        await region.or(fallback).first().waitFor({ state: 'visible', timeout: TIMEOUT_MS });
      } catch {
        return { status: 'failed', message: `nothing from ${remote} appeared on ${url.pathname} within ${TIMEOUT_MS / 1000} s` };
      }
      const chosen = await page.locator('html').getAttribute(datasetAttribute(remote));
      if (await fallback.isVisible()) {
        return {
          status: 'failed',
          message: `${url.pathname} showed the fallback instead of ${remote} ${version}${errors.length ? ` (${errors.slice(0, 3).join('; ')})` : ''}`,
        };
      }
      if (chosen === version) return { status: 'passed', message: `${url.pathname} rendered ${remote} ${version} in Chromium` };
      if (Date.now() >= deadline) {
        return { status: 'failed', message: `the page loaded ${remote} ${chosen ?? '(none)'} instead of ${version} for ${PROPAGATION_MS / 1000} s` };
      }
      await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
    }
  } catch (error) {
    // The browser went away mid-check (crash, killed): the page was not shown to work, so it failed.
    return { status: 'failed', message: `the check of ${url.pathname} broke off (${firstLine(error)})` };
  } finally {
    await browser.close().catch(() => {});
  }
}

/** Playwright errors carry a call log after the first line; the first line is the cause. */
function firstLine(error) {
  return (error instanceof Error ? error.message : String(error)).split('\n')[0].trim();
}
