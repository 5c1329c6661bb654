import { execFile, spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '../support/test.ts';
import { request } from '@playwright/test';
import type { APIRequestContext, Browser, Page, Request } from '@playwright/test';
import { createOriginServer, listen } from '@reelmint/release/origin';
import { createShellServer, securityHeaders, shellDocuments, shellPages } from 'shell/server';
import { openPointerStore, pointerReader, releaseConfig } from '@reelmint/release';
import type { PointerStore } from '@reelmint/release';
import { keepSession, register } from '../support/accounts.ts';
import type { Account } from '../support/accounts.ts';
import { untilInteractive } from '../support/routes.ts';
import { screenshot, sectionScreenshot, textFits } from '../support/dashboard-pictures.ts';
import { startSilentServer } from '../support/servers.ts';

// A site of its own: two shell servers (5189 and 5191, as behind a balancer), a billing origin (5190) and
// an API (8797) that share a temporary releases folder and database. The pointer and its history live in
// that database (REMOTES_POINTER_STORE=database), so the CLI, both shell servers, the dashboard and the
// canary guard (looking every second) all read and change the one pointer. Only billing is in the pointer:
// the pages used here need no other remote. Browsers are real visitors; their reports are the only signal
// the guard gets.
const root = join(import.meta.dirname, '..', '..');
const SHELL = 'http://localhost:5189';
const SECOND_SHELL = 'http://localhost:5191';
const BILLING_ORIGIN = 'http://localhost:5190';
/** Where the last test puts a canary's files: a listener that accepts connections and never answers (a stalled CDN). */
const STALLED_ORIGIN = 'http://localhost:5206';
const API = 'http://localhost:8797';
const work = mkdtempSync(join(tmpdir(), 'reelmint-dashboard-e2e-'));
const env = {
  ...process.env,
  RELEASES_DIR: join(work, 'releases'),
  REMOTES_POINTER_STORE: 'database',
  // The embedded database in DATA_DIR, whatever the calling shell has set.
  DATABASE_URL: '',
  REMOTE_ORIGIN_BILLING: BILLING_ORIGIN,
  SHELL_ORIGIN: SHELL,
  RELEASE_ACTOR: 'e2e publisher',
  DATA_DIR: join(work, 'api-data'),
};
const servers: Server[] = [];
const stores: PointerStore[] = [];
let api: ChildProcess | null = null;
/** Requests to this site's own API (people sign up on its database, not the default API's). */
let ownApi: APIRequestContext | null = null;
const versions: Record<string, string> = {};

function release(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  return releaseWith({}, ...args);
}

/** The release CLI with some of its environment changed (a remote's origin, say). */
function releaseWith(changed: Record<string, string>, ...args: string[]): Promise<{ code: number; out: string; err: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [join(root, 'scripts', 'release', 'cli.mjs'), ...args], { env: { ...env, ...changed } }, (error, out, err) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, out, err }),
    );
  });
}

async function publish(key: string, version: string, change: (dir: string) => void = () => {}) {
  const dir = join(work, 'builds', key);
  cpSync(join(root, 'mfe-billing', 'dist'), dir, { recursive: true });
  change(dir);
  const result = await release('publish', 'billing', '--dist', dir, '--version', version, '--allow-dirty', '--reason', `e2e ${key}`);
  expect(result.err).toBe('');
  versions[key] = /Published billing (\S+)/.exec(result.out)![1]!;
}

async function startApi() {
  api = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: join(root, 'api'),
    env: {
      ...env,
      PORT: '8797',
      SITE_ORIGINS: `${SHELL},${SECOND_SHELL}`,
      SITE_ORIGIN: SHELL,
      CANARY_GUARD_INTERVAL_SECONDS: '1',
      RATE_LIMIT_AUTH: '1000',
      RATE_LIMIT_TELEMETRY: '1000',
      TEMPLATE_PREVIEWS: 'off',
      // Its people's passwords hashed at the low test cost, like the suite's own API (playwright.config.ts).
      TEST_ONLY_PASSWORD_HASHING: 'low',
      RUN_WORKER: 'false',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await expect
    .poll(
      async () => {
        try {
          return (await fetch(`${API}/api/config`)).status;
        } catch {
          return 0;
        }
      },
      { timeout: 150_000 },
    )
    .toBe(200);
}

/** A page in a fresh browser context, signed in as `who` the way the shell keeps a session. */
async function signedIn(browser: Browser, who: Account): Promise<Page> {
  const context = await browser.newContext();
  await keepSession(context, who);
  return context.newPage();
}

const isReport = (request: Request) => request.method() === 'POST' && request.url() === `${API}/api/telemetry/remotes`;

/** One visitor opens the pricing page and leaves it; returns the billing version it was shown. */
async function visit(browser: Browser, visitorId: string): Promise<string | null> {
  const context = await browser.newContext();
  await context.addInitScript((id) => localStorage.setItem('reelmint_visitor', id), visitorId);
  const page = await context.newPage();
  await page.goto(`${SHELL}/pricing`);
  await expect(page.locator('[data-remote-region="billing"] h1')).toBeVisible();
  // The page arrives drawn; the version chosen for this visitor is written once the shell's script has run.
  await untilInteractive(page);
  const shown = await page.locator('html').getAttribute('data-remote-billing');
  const sent = page.waitForResponse((response) => isReport(response.request()));
  // What the shell does when a visitor leaves: send what it saw.
  await page.evaluate(() => window.dispatchEvent(new Event('pagehide')));
  expect((await sent).status()).toBe(202);
  await context.close();
  return shown;
}

/** The billing version a shell server's next page would run, from the pointer its HTML carries (the boot data). */
async function billingInHtml(origin: string): Promise<string | null> {
  const html = await (await fetch(`${origin}/en/pricing`)).text();
  const boot = /<script id="reelmint-boot" type="application\/json">(.*?)<\/script>/s.exec(html)?.[1];
  if (!boot) return null;
  const data = JSON.parse(boot) as { pointer?: { remotes?: { billing?: { version?: string } } } | null };
  return data.pointer?.remotes?.billing?.version ?? null;
}

/** The billing canary a shell server's pointer names now (what its pages choose from), or null. */
async function canaryIn(origin: string): Promise<string | null> {
  const pointer = (await (await fetch(`${origin}/remotes.json`)).json()) as { remotes?: { billing?: { canary?: { version?: string } } } };
  return pointer.remotes?.billing?.canary?.version ?? null;
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  // Publishing copies builds and the API starts through tsx: minutes on a loaded machine.
  test.setTimeout(240_000);
  await publish('stable', '1.0.0');
  // Renders like the stable build, then throws from its own pricing chunk a moment later on every visit:
  // the smoke check sees a working page, visitors' browsers see the error.
  await publish('broken', '1.1.0', (dir) => {
    const chunk = readdirSync(join(dir, 'assets')).find((file) => /^pricing-page-[^/]+\.js$/.test(file));
    if (!chunk) throw new Error('No pricing-page chunk in the billing build');
    const file = join(dir, 'assets', chunk);
    writeFileSync(file, `setTimeout(() => { throw new TypeError('deliberately broken build'); }, 0);\n${readFileSync(file, 'utf8')}`);
    // Its compressed copies are made again when it is published (they would still be the old bytes).
    for (const copy of [`${file}.br`, `${file}.gz`]) rmSync(copy, { force: true });
  });
  // A plain next version, for a promote from the dashboard.
  await publish('next', '1.2.0');
  expect((await release('promote', 'billing', versions.stable!, '--reason', 'e2e stable', '--no-smoke')).code).toBe(0);
  await startApi();
  ownApi = await request.newContext({ baseURL: API });
  // Each shell server as `npm start` runs one: its own connection to the pointer's store, read at most once a second.
  for (const [origin, port] of [
    [SHELL, 5189],
    [SECOND_SHELL, 5191],
  ] as const) {
    const store = await openPointerStore(releaseConfig(env));
    stores.push(store);
    const documents = shellDocuments({ readPointer: pointerReader(store), apiBase: API, overrideOrigins: [] });
    const pages = await shellPages({ shellDir: join(root, 'shell'), siteOrigin: origin, documents });
    // The policies `npm start` would send here: the shell takes code from billing's origin and calls this API.
    const security = { codeOrigins: [BILLING_ORIGIN, STALLED_ORIGIN], apiOrigin: API };
    servers.push(await listen(createShellServer({ dir: join(root, 'shell', 'dist'), documents, pages, security }), port));
  }
  servers.push(
    await listen(
      createOriginServer({
        dir: join(root, 'mfe-billing', 'dist'),
        releasesDir: join(env.RELEASES_DIR, 'mfe-billing'),
        headers: securityHeaders({ apiOrigin: API }),
      }),
      5190,
    ),
  );
});

test.afterAll(async () => {
  await ownApi?.dispose();
  api?.kill('SIGTERM');
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  await Promise.all(stores.map((store) => store.close()));
  rmSync(work, { recursive: true, force: true });
});

test('an account without the release-manager role gets 403 from the dashboard API and a page that says so', async ({ browser }) => {
  const visitor = await register(ownApi!, 'Plain Visitor');
  for (const path of ['/api/release/overview', '/api/release/metrics?remote=billing']) {
    const response = await fetch(`${API}${path}`, { headers: { authorization: `Bearer ${visitor.token}` } });
    expect(response.status).toBe(403);
    expect(((await response.json()) as { error: string }).error).toBe('FORBIDDEN');
  }
  const action = await fetch(`${API}/api/release/actions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${visitor.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ remote: 'billing', action: 'rollback', reason: 'not mine to do' }),
  });
  expect(action.status).toBe(403);
  const page = await signedIn(browser, visitor);
  // The shell reads the account (with its roles) on load; the menu is judged once it has.
  const accountRead = page.waitForResponse((response) => response.url() === `${API}/api/auth/me` && response.ok());
  await page.goto(`${SHELL}/release`);
  await accountRead;
  await expect(page.getByTestId('release-dashboard')).toBeVisible();
  await expect(page.getByTestId('release-forbidden')).toContainText('Your account does not have the release-manager role');
  // The account menu offers no way in to someone who cannot use it.
  await page.getByTestId('site-header').getByRole('button', { name: 'Account menu for Plain Visitor' }).click();
  await expect(page.getByRole('menuitem', { name: 'Account settings' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Release dashboard' })).toHaveCount(0);
});

test('a release manager starts a guarded canary of a broken build from the dashboard and watches it stop itself on visitors’ error reports', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const manager = await register(ownApi!, 'Release Manager');
  const granted = await release('grant-release-manager', manager.email);
  expect(granted.code, granted.err).toBe(0);
  expect(granted.out).toContain(`${manager.email} is now a release manager`);

  const page = await signedIn(browser, manager);
  await page.setViewportSize({ width: 1280, height: 900 });
  // The account menu leads a release manager to the dashboard (the role arrives with the account on load).
  await page.goto(`${SHELL}/pricing`);
  await untilInteractive(page);
  await page.getByTestId('site-header').getByRole('button', { name: 'Account menu for Release Manager' }).click();
  await page.getByRole('menuitem', { name: 'Release dashboard' }).click();
  await expect(page).toHaveURL(`${SHELL}/en/release`);
  const billing = page.getByTestId('release-remote-billing');
  await expect(billing.getByTestId('release-live')).toHaveText(versions.stable!);
  await expect(billing.getByTestId('release-canary')).toHaveText('No canary running');

  await billing.getByLabel('Change').selectOption('canary');
  await billing.getByLabel('Version', { exact: true }).selectOption(versions.broken!);
  await billing.getByLabel('Share of visitors (%)').fill('50');
  await expect(billing.getByLabel('Stop it automatically if it does worse than the live version')).toBeChecked();
  await billing.getByLabel('Minimum visits before judging').fill('3');
  await billing.getByLabel('Allowed extra load time at p75 (%)').fill('1000');
  await billing.getByLabel('Reason (kept in the history)').fill('trial the new plan cards');
  await billing.getByRole('button', { name: 'Review the change' }).click();
  await expect(billing.getByTestId('release-confirm')).toContainText(`Show ${versions.broken} of billing to 50% of visitors?`);
  await billing.getByRole('button', { name: 'Yes, make the change' }).click();
  // The same smoke check as the command line: the broken build still renders, so it passes.
  await expect(billing.getByTestId('release-outcome')).toContainText('The smoke check passed', { timeout: 90_000 });
  await expect(billing.getByTestId('release-canary')).toContainText(`${versions.broken} for 50% of visitors`);

  // Twelve visitors with fixed ids (seven fall in the canary's half); each visit reports what it saw.
  const shown: string[] = [];
  for (let i = 0; i < 12; i += 1) shown.push((await visit(browser, `e2e-visitor-${i}`)) ?? '');
  expect(shown.filter((version) => version === versions.broken).length).toBeGreaterThanOrEqual(3);

  // The guard sees the canary's errors against a clean stable version and stops it: the dashboard
  // (refreshing on its own) shows the canary gone and the figures that stopped it.
  await expect(billing.getByTestId('release-canary')).toHaveText('No canary running', { timeout: 120_000 });
  await expect(billing.getByTestId('release-live')).toHaveText(versions.stable!);
  const history = page.getByTestId('release-history');
  const stop = history.locator('li').filter({ hasText: 'Canary stopped by its guard' });
  // Each canary visit reports its error unless the visitor left before it was thrown: the rate is high, never zero.
  await expect(stop).toContainText(/By canary guard\. Reason: canary guard: error rate [1-9]\d*(\.\d)?% against 0%/);
  await expect(stop.getByTestId('release-history-figures')).toContainText(/error rate [1-9]\d*(\.\d)?% against 0%/);
  await expect(history.locator('li').filter({ hasText: 'Canary started or changed' })).toContainText('trial the new plan cards');
  await expect(billing.getByTestId('release-figures').filter({ hasText: versions.broken! })).toBeVisible();

  // The change form's action names are whole sentences: the select is wide enough to show the chosen one.
  const action = billing.getByLabel('Change');
  await action.selectOption('promote');
  expect(await action.evaluate(textFits)).toBe(true);

  await page.setViewportSize({ width: 375, height: 812 });
  await expect(billing.getByTestId('release-canary')).toHaveText('No canary running');
  // On a phone the page keeps its width and the figures table scrolls sideways inside its box.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  const table = billing.getByTestId('release-figures-table');
  expect(await table.evaluate((box) => box.scrollWidth > box.clientWidth)).toBe(true);
  await table.evaluate((box) => box.scrollBy({ left: 200 }));
  expect(await table.evaluate((box) => box.scrollLeft)).toBeGreaterThan(0);

  // A visitor who was in the canary now gets the stable build.
  const wasInCanary = shown.indexOf(versions.broken!);
  expect(await visit(browser, `e2e-visitor-${wasInCanary}`)).toBe(versions.stable);
});

test('a promote made from the dashboard reaches the pages of both shell servers within seconds, without a restart', async ({ browser }) => {
  // A test budget, not a wait: the promote runs the real release CLI, whose smoke check opens Chromium, and two shell
  // servers are started and stopped.
  test.setTimeout(180_000);
  const manager = await register(ownApi!, 'Second Manager');
  expect((await release('grant-release-manager', manager.email)).code).toBe(0);
  // Both servers serve what the shared pointer says now.
  for (const origin of [SHELL, SECOND_SHELL]) expect(await billingInHtml(origin)).toBe(versions.stable);

  const page = await signedIn(browser, manager);
  await page.goto(`${SHELL}/en/release`);
  const billing = page.getByTestId('release-remote-billing');
  await expect(billing.getByTestId('release-live')).toHaveText(versions.stable!);
  await billing.getByLabel('Change').selectOption('promote');
  await billing.getByLabel('Version', { exact: true }).selectOption(versions.next!);
  await billing.getByLabel('Reason (kept in the history)').fill('ship the next plan cards');
  await billing.getByRole('button', { name: 'Review the change' }).click();
  await billing.getByRole('button', { name: 'Yes, make the change' }).click();
  // "Done." whether its smoke check passed or could not reach a busy site in time; a refusal or a failed check says otherwise.
  await expect(billing.getByTestId('release-outcome')).toContainText('Done.', { timeout: 90_000 });
  await expect(billing.getByTestId('release-live')).toHaveText(versions.next!);

  // Each server reads the pointer at most once a second: both have the new version within a few seconds.
  for (const origin of [SHELL, SECOND_SHELL]) await expect.poll(() => billingInHtml(origin), { timeout: 5_000 }).toBe(versions.next);
  // A visitor of the second server, which nobody restarted, is shown the new version.
  const visitor = await browser.newPage();
  await visitor.goto(`${SECOND_SHELL}/pricing`);
  await expect(visitor.locator('[data-remote-region="billing"] h1')).toBeVisible();
  await untilInteractive(visitor);
  await expect(visitor.locator('html')).toHaveAttribute('data-remote-billing', versions.next!);
  await visitor.close();
});

test('a healthy guarded canary started from the dashboard with steps keeps running on visitors’ reports, its steps and figures on the page', async ({
  browser,
}) => {
  // A test budget, not a wait: the canary runs the real release CLI, whose smoke check opens Chromium, and eight browsers visit.
  test.setTimeout(180_000);
  const manager = await register(ownApi!, 'Step Manager');
  expect((await release('grant-release-manager', manager.email)).code).toBe(0);
  const page = await signedIn(browser, manager);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`${SHELL}/en/release`);
  const billing = page.getByTestId('release-remote-billing');
  // The version the previous test promoted is live; the first stable build comes back as a canary.
  await expect(billing.getByTestId('release-live')).toHaveText(versions.next!);
  await billing.getByLabel('Change').selectOption('canary');
  await billing.getByLabel('Version', { exact: true }).selectOption(versions.stable!);
  await billing.getByLabel('Share of visitors (%)').fill('25');
  await billing.getByLabel('Minimum visits before judging').fill('3');
  await billing.getByLabel('Allowed extra load time at p75 (%)').fill('1000');
  await billing.getByLabel('Widen step by step while healthy (shares in %, e.g. 25, 50, 100; empty: stay)').fill('50, 100');
  await billing.getByLabel('Minimum minutes per step').fill('30');
  await billing.getByLabel('Reason (kept in the history)').fill('bring the first plan cards back, step by step');
  await billing.getByRole('button', { name: 'Review the change' }).click();
  await billing.getByRole('button', { name: 'Yes, make the change' }).click();
  await expect(billing.getByTestId('release-outcome')).toContainText('Done.', { timeout: 90_000 });
  await expect(billing.getByTestId('release-canary')).toContainText(`${versions.stable} for 25% of visitors`);
  await expect(billing.getByTestId('release-canary-steps')).toHaveText(
    'Widens itself while healthy: 50% → 100%, each step after at least 3 visits and 30 minutes. At 100% it becomes the live version.',
  );

  for (let i = 0; i < 8; i += 1) await visit(browser, `e2e-step-visitor-${i}`);
  // The dashboard (refreshing on its own) shows the live version's figures from these visits; the guard, looking
  // every second, has seen them too and leaves a canary that does no worse running at its share.
  await expect(billing.getByTestId('release-figures').filter({ hasText: versions.next! })).toBeVisible({ timeout: 30_000 });
  await expect(billing.getByTestId('release-canary')).toContainText(`${versions.stable} for 25% of visitors`);
  await expect(page.getByTestId('release-history').locator('li').first()).toContainText('bring the first plan cards back, step by step');

  // What the page looks like at this point, kept with the run's results (RELEASING.md shows them).
  await billing.getByLabel('Change').selectOption('promote');
  await screenshot(page, 1280, 'release-dashboard-1280.png');
  await screenshot(page, 375, 'release-dashboard-375.png');
  // On a phone, billing's part alone (the other remotes' parts are the same form without figures).
  await sectionScreenshot(page, billing, 375, 'release-dashboard-billing-375.png');
});

/**
 * One visitor of the pricing page (the same id in local storage and the cookie, so the server and the browser make the
 * same canary choice), left once its billing region ended: with the live screen, or with the fallback.
 */
/** The page's root attributes and its billing region's state, for a failure's report. */
async function pageState(page: Page): Promise<string> {
  return page
    .evaluate(() => {
      const root = document.documentElement;
      const attributes = root
        .getAttributeNames()
        .map((name) => `${name}=${root.getAttribute(name) ?? ''}`)
        .join(' ');
      const region = document.querySelector('[data-remote-region="billing"]');
      return `${attributes} | region: ${region ? (region.getAttribute('data-state') ?? 'present') : 'absent'}`;
    })
    .catch((error: unknown) => `unreadable (${String(error)})`);
}

async function stalledVisit(browser: Browser, visitorId: string): Promise<'live' | 'fallback'> {
  const context = await browser.newContext();
  await context.addInitScript((id) => localStorage.setItem('reelmint_visitor', id), visitorId);
  await context.addCookies([{ name: 'reelmint_visitor', value: visitorId, url: SHELL }]);
  const page = await context.newPage();
  // Every report the page sends (after a few seconds, or when it is left), with how many events it carried.
  let reported = 0;
  const answers: Promise<number | undefined>[] = [];
  page.on('request', (sent) => {
    if (!isReport(sent)) return;
    reported += (JSON.parse(sent.postData() ?? '{}') as { events?: unknown[] }).events?.length ?? 0;
    answers.push(sent.response().then((response) => response?.status()));
  });
  // Not 'load': the stalled origin's preloads would hold it.
  await page.goto(`${SHELL}/en/pricing`, { waitUntil: 'commit' });
  const fallback = page.getByTestId('remote-fallback');
  const live = page.locator(`html[data-interactive="true"][data-remote-billing="${versions.next}"]`);
  // The region's 8 s timeout after the shell has started, on a machine shared with other browsers (a ceiling, not a wait).
  await expect(fallback.or(live).first())
    .toBeAttached({ timeout: 40_000 })
    .catch(async (error: Error) => {
      // Which state the page was left in, for the report: its root's attributes and what its billing region shows.
      throw new Error(`${error.message}\n${visitorId} ended at: ${await pageState(page)}`);
    });
  const seen = (await fallback.count()) > 0 ? 'fallback' : 'live';
  await page.evaluate(() => window.dispatchEvent(new Event('pagehide')));
  // What the visitor saw has gone: the live screen's load, or the canary's failed load and the fallback.
  await expect.poll(() => reported, { timeout: 10_000 }).toBeGreaterThanOrEqual(seen === 'live' ? 1 : 2);
  expect(await Promise.all(answers)).toEqual(answers.map(() => 202));
  await context.close();
  return seen;
}

test('a guarded canary whose origin accepts connections and never answers is stopped by its guard on the timeouts visitors report', async ({ browser }) => {
  // A test budget, not a wait: visitors in the canary wait out the region's timeout, and the guard's stop smoke-checks
  // the live version in Chromium.
  test.setTimeout(180_000);
  await publish('stalled', '1.3.0');
  const stalled = await startSilentServer(5206);
  try {
    // The canary's files live on another origin (a new CDN, say), which stalls: the command names the origin it is given.
    const canary = await releaseWith(
      { REMOTE_ORIGIN_BILLING: STALLED_ORIGIN },
      ...['canary', 'billing', versions.stalled!, '50', '--reason', 'try the new CDN', '--guard', '--min-visits', '3', '--p75-margin', '1000', '--no-smoke'],
    );
    expect(canary.code, canary.err).toBe(0);
    // The shell reads the shared pointer at most once a second: visitors come once it serves this canary, not the
    // one the previous test left running.
    await expect.poll(() => canaryIn(SHELL), { timeout: 10_000 }).toBe(versions.stalled);
    // Six visitors at once: three of these ids fall in the canary's half, whose region falls back when its load times out.
    const seen = await Promise.all(Array.from({ length: 6 }, (_, i) => stalledVisit(browser, `e2e-stall-visitor-${i}`)));
    expect(seen.filter((ending) => ending === 'fallback')).toHaveLength(3);
    expect(seen.filter((ending) => ending === 'live')).toHaveLength(3);

    // The guard, looking every second, sees the canary's loads all time out against a live version without errors, and
    // stops it; the dashboard says so, with the figures, and shows the stalled version's loads as errors and fallbacks.
    const manager = await register(ownApi!, 'Stall Manager');
    expect((await release('grant-release-manager', manager.email)).code).toBe(0);
    const page = await signedIn(browser, manager);
    await page.goto(`${SHELL}/en/release`);
    const billing = page.getByTestId('release-remote-billing');
    await expect(billing.getByTestId('release-canary')).toHaveText('No canary running', { timeout: 90_000 });
    await expect(billing.getByTestId('release-live')).toHaveText(versions.next!);
    const stop = page.getByTestId('release-history').locator('li').filter({ hasText: 'Canary stopped by its guard' }).first();
    await expect(stop).toContainText(`${versions.stalled}`);
    await expect(stop).toContainText(/error rate 100% against 0%/);
    const row = billing.getByTestId('release-figures').filter({ hasText: versions.stalled! });
    // Three visits, three errors (100%), three fallbacks, no load time: every load timed out.
    await expect(row.locator('td')).toHaveText(['3', '3', '100%', '3', '– / – / –']);
  } finally {
    await stalled.stop();
  }
});
