import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '../support/test.ts';
import type { Browser, Page } from '@playwright/test';
import { createOriginServer, listen } from '@reelmint/release/origin';
import { createShellServer, securityHeaders, shellDocuments, shellPages } from 'shell/server';
import { untilInteractive } from '../support/routes.ts';
import { API, originOf } from '../support/origins.ts';

// A whole release cycle of the billing remote against a separate shell (5187) and billing origin
// (5188) reading a temporary pointer and releases folder, so the default servers stay as they are.
const root = join(import.meta.dirname, '..', '..');
const SHELL = 'http://localhost:5187';
const BILLING_ORIGIN = 'http://localhost:5188';
// Billing's own origin stands in for its team's dev server (the default override allow list names it).
const DEV_SERVER = originOf('billing');
const work = mkdtempSync(join(tmpdir(), 'reelmint-release-e2e-'));
const env = {
  ...process.env,
  RELEASES_DIR: join(work, 'releases'),
  REMOTES_POINTER: join(work, 'remotes.json'),
  REMOTE_ORIGIN_BILLING: BILLING_ORIGIN,
  SHELL_ORIGIN: SHELL,
  RELEASE_ACTOR: 'e2e release manager',
};
const title: string = JSON.parse(readFileSync(join(root, 'mfe-billing', 'src', 'locales', 'en.json'), 'utf8')).pricing.title;
const secondTitle = `${title} · v2`;

function release(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [join(root, 'scripts', 'release', 'cli.mjs'), ...args], { env }, (error, out, err) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, out, err }),
    );
  });
}

/** A copy of billing's real build, changed the way a new version would be. */
function buildCopy(name: string, change: (dir: string) => void = () => {}): string {
  const dir = join(work, 'builds', name);
  cpSync(join(root, 'mfe-billing', 'dist'), dir, { recursive: true });
  change(dir);
  return dir;
}

const assetsOf = (dir: string) => readdirSync(join(dir, 'assets')).map((file) => join(dir, 'assets', file));
const versions: Record<string, string> = {};
const servers: Server[] = [];

async function publish(key: string, version: string, dist: string) {
  const result = await release('publish', 'billing', '--dist', dist, '--version', version, '--allow-dirty', '--reason', `e2e ${key}`);
  expect(result.err).toBe('');
  versions[key] = /Published billing (\S+)/.exec(result.out)![1]!;
}

async function visit(browser: Browser, visitorId?: string): Promise<Page> {
  const context = await browser.newContext();
  if (visitorId) await context.addInitScript((id) => localStorage.setItem('reelmint_visitor', id), visitorId);
  const page = await context.newPage();
  await page.goto(`${SHELL}/pricing`);
  return page;
}

/** The heading of billing's region as the shell's server drew it into a page's HTML. */
const drawnHeading = (html: string) => /data-remote-region="billing"[\s\S]*?<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1];
const pricingTitle = (page: Page) => page.locator('[data-remote-region="billing"] h1');
// The page arrives drawn; the build chosen for this visitor is written on <html> once the shell's script has run.
const chosenBilling = async (page: Page) => {
  await untilInteractive(page);
  return page.locator('html').getAttribute('data-remote-billing');
};

/** The scripts the page loaded from the shell's own origin: its tags and what /take-over.js imported. */
const shellScriptsOf = (page: Page) =>
  page.evaluate((shell) => {
    const loaded = performance.getEntriesByType('resource').map((entry) => entry.name);
    return [...new Set(loaded.filter((url) => url.startsWith(`${shell}/`) && new URL(url).pathname.endsWith('.js')))].sort();
  }, SHELL);

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  await publish('v1', '1.0.0', buildCopy('v1'));
  await publish(
    'v2',
    '1.1.0',
    buildCopy('v2', (dir) => {
      const chunk = assetsOf(dir).find((file) => file.endsWith('.js') && readFileSync(file, 'utf8').includes(`\`${title}\``));
      if (!chunk) throw new Error(`No chunk of the billing build holds the pricing title "${title}"`);
      writeFileSync(chunk, readFileSync(chunk, 'utf8').replaceAll(`\`${title}\``, `\`${secondTitle}\``));
      // The same change in the server build (ssr-assets/, its strings as JSON), which the shell's server draws pages with.
      const serverChunk = readdirSync(join(dir, 'ssr-assets'))
        .map((file) => join(dir, 'ssr-assets', file))
        .find((file) => file.endsWith('.js') && readFileSync(file, 'utf8').includes(JSON.stringify(title)));
      if (!serverChunk) throw new Error(`No chunk of the billing server build holds the pricing title "${title}"`);
      writeFileSync(serverChunk, readFileSync(serverChunk, 'utf8').replaceAll(JSON.stringify(title), JSON.stringify(secondTitle)));
    }),
  );
  // A build made against a newer contract than the shell provides.
  await publish(
    'incompatible',
    '2.0.0',
    buildCopy('incompatible', (dir) => {
      const file = join(dir, 'mf-manifest.json');
      const manifest = JSON.parse(readFileSync(file, 'utf8'));
      for (const shared of manifest.shared) if (shared.name === '@reelmint/shared') shared.requiredVersion = '^2.0.0';
      writeFileSync(file, JSON.stringify(manifest));
    }),
  );
  // A build whose pricing screen cannot load in the browser (its chunk is missing).
  await publish(
    'broken',
    '1.2.0',
    buildCopy('broken', (dir) => {
      for (const file of assetsOf(dir)) if (/[/\\]pricing-page-[^/\\]+\.js$/.test(file)) rmSync(file);
    }),
  );
  // The other two remotes run their local builds from the default origins.
  for (const remote of ['marketing', 'generator']) {
    const local = await release('promote', remote, 'local', '--reason', 'e2e site', '--no-smoke');
    expect(local.code, local.err).toBe(0);
  }
  const documents = shellDocuments({ pointerFile: env.REMOTES_POINTER, apiBase: API, overrideOrigins: [DEV_SERVER] });
  const pages = await shellPages({ shellDir: join(root, 'shell'), siteOrigin: SHELL, documents });
  // The shell's policy as `npm start` builds it for this environment: code from each remote's origin (billing's
  // is REMOTE_ORIGIN_BILLING, the others their defaults) and from the allowed override origin.
  const security = { codeOrigins: [BILLING_ORIGIN, originOf('marketing'), originOf('generator'), DEV_SERVER], apiOrigin: API };
  servers.push(
    await listen(createShellServer({ dir: join(root, 'shell', 'dist'), documents, pages, security }), 5187),
    await listen(
      createOriginServer({
        dir: join(root, 'mfe-billing', 'dist'),
        releasesDir: join(env.RELEASES_DIR, 'mfe-billing'),
        headers: securityHeaders({ apiOrigin: API }),
      }),
      5188,
    ),
  );
});

test.afterAll(async () => {
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  rmSync(work, { recursive: true, force: true });
});

test('publishing the same version twice is refused', async () => {
  const again = await release('publish', 'billing', '--dist', buildCopy('again'), '--version', '1.0.0', '--allow-dirty');
  expect(again.code).toBe(1);
  expect(again.err).toContain('is already published; published versions never change');
  const list = await release('list', 'billing');
  for (const key of ['v1', 'v2', 'incompatible', 'broken']) expect(list.out).toContain(versions[key]);
});

test('published versions are sent compressed as Accept-Encoding asks, each copy matching its own version', async ({ request }) => {
  for (const key of ['v1', 'v2']) {
    const base = `${BILLING_ORIGIN}/releases/${encodeURIComponent(versions[key]!)}`;
    const manifest = await (await request.get(`${base}/mf-manifest.json`)).json();
    const pricing = manifest.exposes.find((exposed: { name: string }) => exposed.name === 'PricingPage');
    for (const path of ['remoteEntry.js', ...pricing.assets.js.sync, ...pricing.assets.js.async, ...pricing.assets.css.sync]) {
      const plain = await request.get(`${base}/${path}`, { headers: { 'Accept-Encoding': 'identity' } });
      const body = await plain.body();
      if (body.length < 1024) continue;
      expect(plain.headers()['content-encoding']).toBeUndefined();
      for (const [accept, encoding] of [
        ['gzip, deflate, br', 'br'],
        ['gzip', 'gzip'],
      ] as const) {
        const response = await request.get(`${base}/${path}`, { headers: { 'Accept-Encoding': accept } });
        expect(response.headers()['content-encoding'], `${key} ${path} for ${accept}`).toBe(encoding);
        expect(response.headers()['vary']).toBe('Accept-Encoding');
        // v2 changed a chunk after it was built: its compressed copies were made again when it was published.
        expect((await response.body()).equals(body), `${key} ${path}`).toBe(true);
      }
    }
  }
});

test('promote v1, then v2 (a reload shows it, the shell untouched), then roll back to v1', async ({ page, request }) => {
  const first = await release('promote', 'billing', versions.v1!, '--reason', 'first release');
  expect(first.code, first.err).toBe(0);
  expect(first.out).toContain(`billing: live (none) -> ${versions.v1}`);
  expect(first.out).toContain('Smoke check passed');

  await page.goto(`${SHELL}/en/pricing`);
  await expect(pricingTitle(page)).toHaveText(title);
  expect(await chosenBilling(page)).toBe(versions.v1);
  const shellScripts = await shellScriptsOf(page);
  expect(shellScripts).toContain(`${SHELL}/take-over.js`);
  expect(shellScripts.some((url) => url.includes('/assets/mf-entry-bootstrap'))).toBe(true);

  const second = await release('promote', 'billing', versions.v2!, '--reason', 'new prices');
  expect(second.out).toContain(`billing: live ${versions.v1} -> ${versions.v2}`);
  expect(second.out).toContain('Smoke check passed');
  // The next page's HTML already names the new version's files, with no shell rebuild.
  const html = await (await request.get(`${SHELL}/pricing`)).text();
  expect(html).toContain(`<link rel="modulepreload" crossorigin href="${BILLING_ORIGIN}/releases/${versions.v2}/remoteEntry.js">`);
  expect(html).not.toContain(`${BILLING_ORIGIN}/releases/${versions.v1}/`);
  // And it is drawn with the new version's screen: the page arrives with v2's heading before any script runs.
  expect(drawnHeading(await (await request.get(`${SHELL}/en/pricing`)).text())).toBe(secondTitle);
  await page.reload();
  await expect(pricingTitle(page)).toHaveText(secondTitle);
  expect(await chosenBilling(page)).toBe(versions.v2);
  // The same shell build: a file loaded on both visits has the same name and hash (which files load depends on when
  // the page went idle, so the two lists may differ by the idle loads), and the entry is the one the first visit ran.
  const fileName = (url: string) => url.replace(/-[\w-]{8}\.js$/, '');
  const before = new Map(shellScripts.map((url) => [fileName(url), url]));
  const after = await shellScriptsOf(page);
  expect(after.filter((url) => before.has(fileName(url)) && before.get(fileName(url)) !== url)).toEqual([]);
  expect(after.filter((url) => url.includes('/assets/mf-entry-bootstrap'))).toEqual(shellScripts.filter((url) => url.includes('/assets/mf-entry-bootstrap')));

  const back = await release('rollback', 'billing', '--reason', 'prices wrong', '--no-smoke');
  expect(back.out).toContain(`billing: live ${versions.v2} -> ${versions.v1} (rolled back)`);
  await page.reload();
  await expect(pricingTitle(page)).toHaveText(title);
  expect(drawnHeading(await (await request.get(`${SHELL}/en/pricing`)).text())).toBe(title);
});

test('a version that fails in the browser: the smoke check says so and names the rollback, the region falls back, the site keeps working', async ({ page }) => {
  // Two smoke checks, each in a Chromium of its own, one of them waiting out a broken remote: it gets triple time.
  test.slow();
  const promote = await release('promote', 'billing', versions.broken!, '--reason', 'risky');
  expect(promote.code).toBe(3);
  expect(promote.err).toContain('Smoke check FAILED');
  expect(promote.err).toContain('npm run release -- rollback billing');

  await page.goto(`${SHELL}/pricing`);
  await expect(page.getByTestId('remote-fallback')).toHaveAttribute('data-remote', 'billing');
  await page.getByTestId('site-header').getByRole('link', { name: 'Text to video' }).first().click();
  await expect(page.locator('[data-remote-region="marketing"] h1')).toBeVisible();

  const back = await release('rollback', 'billing', '--reason', 'smoke check failed');
  expect(back.code, back.err).toBe(0);
  await page.goto(`${SHELL}/pricing`);
  await expect(pricingTitle(page)).toHaveText(title);
});

test('a 50% canary shows each version to its share of visitors, and the same version to a returning visitor', async ({ browser }) => {
  // Twenty browser contexts and a smoke check: slow by nature on a two-core machine, so it gets triple time.
  test.slow();
  const canary = await release('canary', 'billing', versions.v2!, '50', '--reason', 'trial new prices');
  expect(canary.out).toContain(`billing: canary (none) -> ${versions.v2} for 50% of visitors`);
  expect(canary.out).toContain('Smoke check passed');

  const versionOf = async (page: Page) => {
    await expect(pricingTitle(page)).toBeVisible();
    const chosen = await chosenBilling(page);
    // What the page says it chose is what the remote really rendered.
    await expect(pricingTitle(page)).toHaveText(chosen === versions.v2 ? secondTitle : title);
    return chosen;
  };
  // Fixed visitor ids make the split deterministic (these twelve fall 7 to the canary, 5 to live).
  const ids = Array.from({ length: 12 }, (_, i) => `e2e-visitor-${i}`);
  const shown = new Map<string, string | null>();
  for (const id of ids) {
    const page = await visit(browser, id);
    shown.set(id, await versionOf(page));
    await page.context().close();
  }
  const canaryShare = [...shown.values()].filter((version) => version === versions.v2).length;
  expect(canaryShare).toBeGreaterThanOrEqual(4);
  expect(ids.length - canaryShare).toBeGreaterThanOrEqual(4);
  expect([...shown.values()].every((version) => version === versions.v1 || version === versions.v2)).toBe(true);

  // Returning visitors (a later visit in a new tab) see the same version as before.
  for (const id of ids.slice(0, 4)) {
    const page = await visit(browser, id);
    expect(await versionOf(page)).toBe(shown.get(id));
    await page.context().close();
  }

  // A fresh visitor gets an id on the first visit and keeps its version on every later one.
  const fresh = await visit(browser);
  const firstChoice = await versionOf(fresh);
  expect(await fresh.evaluate(() => localStorage.getItem('reelmint_visitor'))).toBeTruthy();
  for (let again = 0; again < 3; again += 1) {
    await fresh.reload();
    expect(await versionOf(fresh)).toBe(firstChoice);
  }
  await fresh.context().close();

  const off = await release('canary', 'billing', 'off', '--reason', 'trial over');
  expect(off.out).toContain('stopped; everyone gets');
});

test('an allowed override shows the other version with a banner that clears it; a disallowed one is refused and never loaded', async ({ page }) => {
  await page.goto(`${SHELL}/pricing?override=${encodeURIComponent(`billing@${versions.v2}`)}`);
  await expect(pricingTitle(page)).toHaveText(secondTitle);
  const banner = page.getByRole('region', { name: 'Testing overrides are active in this browser' });
  await expect(banner).toContainText(`billing runs version ${versions.v2}`);
  expect(new URL(page.url()).search).toBe('');
  await page.reload();
  await expect(pricingTitle(page)).toHaveText(secondTitle);
  await page.getByRole('button', { name: 'Clear overrides' }).click();
  await expect(pricingTitle(page)).toHaveText(title);
  await expect(banner).toBeHidden();
  // The reloaded page arrives drawn with the live version; the browser then says which build it runs.
  await expect(page.locator('html')).toHaveAttribute('data-remote-billing', versions.v1!);

  // A team's dev server on the allow list.
  await page.goto(`${SHELL}/pricing?override=${encodeURIComponent(`billing@${DEV_SERVER}`)}`);
  await expect(pricingTitle(page)).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-remote-billing', `${DEV_SERVER}/remoteEntry.js`);
  await expect(page.locator('html')).toHaveAttribute('data-remote-billing-source', 'override');
  await page.getByRole('button', { name: 'Clear overrides' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-remote-billing-source', 'live');

  const requested: string[] = [];
  page.on('request', (request) => requested.push(request.url()));
  await page.goto(`${SHELL}/pricing?override=${encodeURIComponent('billing@http://127.0.0.1:5188')}`);
  await expect(page.getByRole('alert')).toContainText('billing cannot be loaded from http://127.0.0.1:5188: that origin is not on the allowed list.');
  await expect(pricingTitle(page)).toHaveText(title);
  expect(requested.filter((url) => url.startsWith('http://127.0.0.1:5188'))).toEqual([]);

  await page.goto(`${SHELL}/pricing?override=${encodeURIComponent('billing@9.9.9')}`);
  await expect(page.getByRole('alert')).toContainText('billing 9.9.9 is not a published version.');
  await expect(pricingTitle(page)).toHaveText(title);
});

test('a promote of a build that requires an incompatible shared contract is refused, saying what does not match', async ({ page }) => {
  const refused = await release('promote', 'billing', versions.incompatible!, '--reason', 'needs the new contract');
  expect(refused.code).toBe(2);
  expect(refused.err).toContain(`Refused: billing ${versions.incompatible} is not compatible with the live shell`);
  expect(refused.err).toMatch(/@reelmint\/shared: the build requires \^2\.0\.0, but the live shell provides \d+\.\d+\.\d+/);
  await page.goto(`${SHELL}/pricing`);
  await expect(pricingTitle(page)).toHaveText(title);
  await expect(page.locator('html')).toHaveAttribute('data-remote-billing', versions.v1!);
  const status = await release('status');
  expect(status.out).toContain(`billing    live ${versions.v1}`);
});
