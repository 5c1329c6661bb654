import { PORTS, REMOTE_NAMES } from '@reelmint/contract/remotes';
import { expect, test } from '../support/test.ts';
import { originOf } from '../support/origins.ts';

// How the site reaches a visitor: compressed bytes from every origin (the shell's and each remote's).
const SITE_PORTS = new Set(['shell' as const, ...REMOTE_NAMES].map((name) => String(PORTS[name])));
/** Below this, a compressed copy is not smaller than its source (the build writes none). */
const WORTH_COMPRESSING = 1024;

test('every script, stylesheet and JSON file a page loads from the site arrives brotli-compressed', async ({ browser }) => {
  const files: { url: string; encoding: string | undefined; vary: string | undefined }[] = [];
  for (const path of ['/en', '/en/pricing', '/en/text-to-video/generator']) {
    // A new context each time: an empty cache, so every file comes from the server and not from a revalidation.
    const context = await browser.newContext();
    const page = await context.newPage();
    const checked: Promise<void>[] = [];
    // The idle preload keeps fetching after the network first goes quiet: a body read once the context is
    // closing would fail, so the files checked are those that arrived by then (the other pages load the rest).
    let collecting = true;
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (!collecting || !SITE_PORTS.has(url.port) || response.status() !== 200 || !/\.(?:m?js|css|json)$/.test(url.pathname)) return;
      checked.push(
        Promise.all([response.allHeaders(), response.body()]).then(([headers, body]) => {
          if (body.length >= WORTH_COMPRESSING) files.push({ url: url.href, encoding: headers['content-encoding'], vary: headers['vary'] });
        }),
      );
    });
    await page.goto(path);
    await expect(page.locator('[data-remote-region] h1')).toBeVisible();
    await page.waitForLoadState('networkidle');
    collecting = false;
    await Promise.all(checked);
    await context.close();
  }
  // The shell, its translations and each of the three remotes.
  for (const port of SITE_PORTS)
    expect(
      files.some((file) => new URL(file.url).port === port),
      `a file from :${port}`,
    ).toBe(true);
  expect(files.filter((file) => file.encoding !== 'br' || file.vary !== 'Accept-Encoding')).toEqual([]);
});

test('each origin sends brotli, gzip or the plain file as Accept-Encoding asks, and says it varies by it', async ({ request }) => {
  const manifest = await (await request.get(`${originOf('marketing')}/mf-manifest.json`)).json();
  const css: string = manifest.exposes.find((exposed: { name: string }) => exposed.name === 'HomePage').assets.css.sync[0];
  const urls = [
    `${originOf('shell')}/en/pricing`,
    `${originOf('shell')}/locales/en/translation.json`,
    `${originOf('marketing')}/${css}`,
    `${originOf('generator')}/mf-manifest.json`,
    `${originOf('billing')}/remoteEntry.js`,
  ];
  for (const url of urls) {
    const plain = await request.get(url, { headers: { 'Accept-Encoding': 'identity' } });
    expect(plain.headers()['content-encoding'], url).toBeUndefined();
    expect(plain.headers()['vary']).toBe('Accept-Encoding');
    // A page carries a fresh style nonce in each response (its content security policy's), in its boot data and on the
    // screen's stylesheets written into it; the rest is the same.
    const comparable = (bytes: Buffer) =>
      bytes
        .toString('latin1')
        .replace(/"styleNonce":"[^"]*"/, '"styleNonce":""')
        .replace(/<style nonce="[^"]*"/g, '<style nonce=""');
    const body = await plain.body();
    for (const [accept, encoding] of [
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip, deflate', 'gzip'],
      ['br;q=0, gzip', 'gzip'],
    ] as const) {
      const response = await request.get(url, { headers: { 'Accept-Encoding': accept } });
      expect(response.headers()['content-encoding'], `${url} for ${accept}`).toBe(encoding);
      expect(response.headers()['vary']).toBe('Accept-Encoding');
      expect(Number(response.headers()['content-length'])).toBeLessThan(body.length);
      // The client decodes it: the same bytes as the plain file.
      expect(comparable(await response.body())).toBe(comparable(body));
    }
  }
});

// Spec: the page holds still while the remotes arrive. Lighthouse's budget is 0.05; the sum of every
// shift (not only the worst window) is held to it here.
const LAYOUT_SHIFT_BUDGET = 0.05;
const STILL_ROUTES = [
  { path: '/en', remote: 'marketing' },
  { path: '/en/pricing', remote: 'billing' },
  { path: '/en/text-to-video/generator', remote: 'generator' },
  { path: '/en/free-video-templates', remote: 'marketing' },
];

for (const width of [375, 1280]) {
  for (const route of STILL_ROUTES) {
    test(`${route.path} at ${width} px does not shift while it loads`, async ({ browser }) => {
      const context = await browser.newContext({ viewport: { width, height: width < 600 ? 740 : 800 } });
      const page = await context.newPage();
      await page.addInitScript(() => {
        const record = { sum: 0, shifts: [] as { value: number; sources: string[] }[] };
        (window as unknown as { __layoutShift: typeof record }).__layoutShift = record;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean; sources?: { node?: Node }[] }[]) {
            if (entry.hadRecentInput) continue;
            record.sum += entry.value;
            const describe = (node?: Node) =>
              node instanceof Element
                ? `${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ''}.${Array.from(node.classList).join('.')}`
                : String(node?.nodeName);
            record.shifts.push({ value: entry.value, sources: (entry.sources ?? []).map((source) => describe(source.node)) });
          }
        }).observe({ type: 'layout-shift', buffered: true });
      });
      await page.goto(route.path);
      await expect(page.locator(`[data-remote-region="${route.remote}"] h1`)).toBeVisible();
      // Everything the page asks for has arrived (data, images, posters), so every shift it causes is counted.
      await page.waitForLoadState('networkidle');
      const measured = await page.evaluate(() => (window as unknown as { __layoutShift: { sum: number; shifts: unknown[] } }).__layoutShift);
      expect(measured.sum, JSON.stringify(measured.shifts)).toBeLessThanOrEqual(LAYOUT_SHIFT_BUDGET);
      await context.close();
    });
  }
}
