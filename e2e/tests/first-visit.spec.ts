import { expect, test } from '../support/test.ts';
import { LANGUAGES } from '@reelmint/contract/languages';
import { localized, shipped, untilInteractive } from '../support/routes.ts';
import { originOf } from '../support/origins.ts';

const BILLING = originOf('billing');
const MARKETING = originOf('marketing');
/** A hashed chunk of the marketing remote's local build, by its name. */
const marketingChunk = (name: string) => new RegExp(`^${MARKETING}/assets/${name}-[\\w-]{8}\\.js$`);

interface Manifest {
  exposes: { path: string; assets: { js: { sync: string[]; async: string[] }; css: { sync: string[] } } }[];
}

/** The boot data the shell's server wrote into a page. */
function bootData(html: string): { config: { apiBase: string }; pointer: unknown; start?: unknown } {
  const match = /<script id="reelmint-boot" type="application\/json">(.*?)<\/script>/s.exec(html);
  if (!match) throw new Error('The page carries no boot data');
  return JSON.parse(match[1]!);
}

test.describe('the first HTML cuts the waterfall', () => {
  test('carries the runtime config, the pointer and hints for the route’s remote entry, chunks, CSS and strings', async ({ request }) => {
    const manifest = (await (await request.get(`${BILLING}/mf-manifest.json`)).json()) as Manifest;
    const pricing = manifest.exposes.find(({ path }) => path === './PricingPage')!;
    const response = await request.get('/fr/pricing');
    expect(response.headers()['content-type']).toContain('text/html');
    const html = await response.text();

    const boot = bootData(html);
    expect(boot.pointer).toEqual(await (await request.get('/remotes.json')).json());
    expect(boot.config).toEqual(await (await request.get('/config.json')).json());

    // The page arrives drawn: it is painted before any script, so its scripts and strings wait in the boot data,
    // all named at once, for /take-over.js to fetch them together right after the first paint.
    expect(html).toContain('<script type="module" src="/take-over.js"></script>');
    expect(html).not.toContain('rel="modulepreload"');
    const start = boot.start as { entry: string; modules: string[]; fetches: string[] };
    expect(start.entry).toMatch(/^\/assets\/mf-entry-bootstrap-[\w-]+\.js$/);
    const remoteFile = (file: string) => new URL(file, `${BILLING}/`).href;
    expect(start.modules).toContain(remoteFile('remoteEntry.js'));
    for (const file of pricing.assets.js.sync) expect(start.modules).toContain(remoteFile(file));
    // Its screen's stylesheets are in the page itself, under the response's nonce, so the first paint waits on no
    // remote origin; each file's address stays as a disabled link, which the browser does not fetch.
    for (const file of pricing.assets.css.sync) {
      expect(html).toContain(`<link rel="stylesheet" crossorigin href="${BILLING}/${file}" disabled>`);
      expect(html).toMatch(new RegExp(`<style nonce="[^"]+" data-remote-style="${BILLING}/${file}">[^<]{100}`));
    }
    expect(html).not.toMatch(/<link rel="stylesheet" crossorigin href="http:\/\/[^"]+"(?! disabled)>/);
    const strings = pricing.assets.js.async.filter((file) => /^assets\/(fr|en)-[\w-]{8}\.js$/.test(file));
    expect(strings).toHaveLength(2);
    for (const file of strings) expect(start.modules).toContain(remoteFile(file));
    expect(start.fetches).toContain('/locales/fr/translation.json');
    for (const origin of [MARKETING, originOf('generator'), BILLING, new URL(boot.config.apiBase).origin]) {
      expect(html).toContain(`<link rel="preconnect" href="${origin}" crossorigin>`);
    }
  });

  test('the browser draws from the written data: no request for the pointer or the config, strings fetched with the code, each file once', async ({
    page,
    request,
  }) => {
    const manifest = (await (await request.get(`${MARKETING}/mf-manifest.json`)).json()) as Manifest;
    const faqsStyles = manifest.exposes.find(({ path }) => path === './FaqsPage')!.assets.css.sync.map((file) => `${MARKETING}/${file}`);
    const requested: string[] = [];
    const warnings: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    page.on('console', (message) => message.type() === 'warning' && warnings.push(message.text()));
    await page.goto('/de/faqs');
    await expect(page.locator('[data-remote-region="marketing"] h1')).toBeVisible();
    await page.waitForLoadState('load');
    // The page arrives drawn; its screen's code is fetched as the browser takes it over, which may end after 'load'.
    await untilInteractive(page);

    expect(requested.filter((url) => /\/(remotes|config)\.json/.test(url))).toEqual([]);
    // Once the page is idle, the studio's and pricing's read-ahead each read the API's public config into their own
    // remote's cache; how far the idle preload has got by now depends on the machine. That is a read of each remote,
    // not a file fetched twice.
    const duplicates = requested.filter((url, index) => requested.indexOf(url) !== index && new URL(url).pathname !== '/api/config');
    expect(duplicates).toEqual([]);
    // The marketing remote's German strings are asked for before its FAQs screen's own chunk, not after it ran.
    const strings = requested.findIndex((url) => marketingChunk('de').test(url));
    const screen = requested.findIndex((url) => marketingChunk('faqs-page').test(url));
    expect(strings).toBeGreaterThanOrEqual(0);
    expect(screen).toBeGreaterThan(strings);
    expect(warnings.filter((text) => /preload/i.test(text))).toEqual([]);
    // The page carried its screen's stylesheets: neither the page nor the remote's code, taking it over, fetches them.
    expect(faqsStyles.length).toBeGreaterThan(0);
    expect(requested.filter((url) => faqsStyles.includes(url))).toEqual([]);
  });
});

test('once the first page is idle, the other remotes’ entries and likely next screens are fetched, so a move to one draws from the cache', async ({
  page,
  request,
}) => {
  const manifest = (await (await request.get(`${BILLING}/mf-manifest.json`)).json()) as Manifest;
  const pricing = manifest.exposes.find(({ path }) => path === './PricingPage')!;
  const requested: string[] = [];
  page.on('request', (sent) => requested.push(sent.url()));
  await page.goto('/fr/faqs');
  await expect(page.locator('[data-remote-region="marketing"] h1')).toBeVisible();
  // Nothing of billing's is needed on the FAQs page: these arrive only through the idle preload.
  await expect(page.locator(`link[rel="modulepreload"][href="${BILLING}/${pricing.assets.js.sync.at(-1)}"]`)).toHaveCount(1);
  await expect.poll(() => requested).toContain(`${BILLING}/remoteEntry.js`);
  const frenchStrings = pricing.assets.js.async.find((file) => /^assets\/fr-[\w-]{8}\.js$/.test(file))!;
  await expect.poll(() => requested).toContain(`${BILLING}/${frenchStrings}`);
  for (const file of pricing.assets.js.sync) await expect.poll(() => requested).toContain(`${BILLING}/${file}`);
  await expect.poll(() => requested).toContain(`${originOf('generator')}/remoteEntry.js`);

  // The page says when the preload is done: the screens' modules have run and their strings are in.
  await expect(page.locator('html')).toHaveAttribute('data-next-screens', 'ready');
  // The likely next screens are drawn by then, outside the page: it still holds one heading, its own.
  await expect(page.locator('h1')).toHaveCount(1);
  await page.evaluate(() => {
    const seen = { outline: false };
    (window as Window & { moveSaw?: typeof seen }).moveSaw = seen;
    new MutationObserver(() => {
      if (document.querySelector('[data-testid="region-loading"]')) seen.outline = true;
    }).observe(document.body, { childList: true, subtree: true });
  });

  const before = requested.length;
  await page.getByTestId('site-header').getByRole('link', { name: 'Tarifs' }).click();
  await expect(page.locator('[data-remote-region="billing"] h1')).toBeVisible();
  // The move asks the network for none of the files that were preloaded, and goes straight to the screen.
  const preloaded = new Set([`${BILLING}/remoteEntry.js`, `${BILLING}/${frenchStrings}`, ...pricing.assets.js.sync.map((file) => `${BILLING}/${file}`)]);
  expect(requested.slice(before).filter((url) => preloaded.has(url))).toEqual([]);
  // Pricing read its plans ahead (its `preload`): they are drawn with the screen, not asked for after the move.
  await expect(page.locator('[data-remote-region="billing"] [data-testid="plan-card-pro"]')).toBeVisible();
  expect(requested.slice(0, before).filter((url) => url.endsWith('/api/subscription/plans'))).toHaveLength(1);
  expect(requested.slice(before).filter((url) => url.endsWith('/api/subscription/plans'))).toEqual([]);
  expect(await page.evaluate(() => (window as Window & { moveSaw?: { outline: boolean } }).moveSaw?.outline)).toBe(false);
  await expect(page.locator('h1')).toHaveCount(1);
});

test.describe('the first HTML says what the page is, before any script runs', () => {
  const PUBLIC_PAGES = [
    { path: '/', page: 'home' },
    { path: '/text-to-video', page: 'textToVideo' },
    { path: '/image-to-video', page: 'imageToVideo' },
    { path: '/free-video-templates', page: 'templates' },
    { path: '/about-us', page: 'about' },
    { path: '/faqs', page: 'faqs' },
    { path: '/contact', page: 'contact' },
    { path: '/privacy-policy', page: 'privacy' },
    { path: '/terms-of-service', page: 'terms' },
    { path: '/pricing', page: 'pricing' },
  ];
  const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  for (const lng of ['en', 'de', 'zh-TW']) {
    test(`every public page in ${lng}: language, title, description, alternates, canonical and structured data`, async ({ request, baseURL }) => {
      const origin = new URL(baseURL!).origin;
      for (const { path, page } of PUBLIC_PAGES) {
        const html = await (await request.get(localized(lng, path))).text();
        expect(html, path).toContain(`<html lang="${lng}"`);
        expect(html, path).toContain(`<title>${escape(shipped('shell', lng, `meta.${page}.title`))} | Reelmint</title>`);
        expect(html, path).toContain(
          `<meta name="description" content="${escape(shipped('shell', lng, `meta.${page}.description`)).replace(/"/g, '&quot;')}" />`,
        );
        expect(html, path).toContain(`<link rel="canonical" href="${origin}${localized(lng, path)}" data-head>`);
        for (const language of LANGUAGES)
          expect(html, path).toContain(`<link rel="alternate" hreflang="${language}" href="${origin}${localized(language, path)}" data-head>`);
        expect(html, path).toContain(`<link rel="alternate" hreflang="x-default" href="${origin}${path}" data-head>`);
        const data = JSON.parse(/<script type="application\/ld\+json" data-head>(.*?)<\/script>/.exec(html)?.[1] ?? '{}');
        expect(data, path).toMatchObject({ '@type': 'WebSite', inLanguage: lng, potentialAction: { '@type': 'SearchAction' } });
      }
    });
  }

  test('the browser takes the head over without a second set of tags', async ({ page }) => {
    await page.goto('/de/pricing');
    await expect(page.locator('[data-remote-region="billing"] h1')).toBeVisible();
    await expect(page.locator('link[rel="canonical"]')).toHaveCount(1);
    await expect(page.locator('link[rel="alternate"]')).toHaveCount(LANGUAGES.length + 1);
    await expect(page.locator('script[type="application/ld+json"]')).toHaveCount(1);
    await expect(page.locator('meta[name="description"]')).toHaveCount(1);
  });
});
