// @vitest-environment node
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it, vi } from 'vitest';
import { BOOT_DATA_ID } from '../boot/boot-data.ts';
import { inCanary } from '../release/canary.ts';
import type { ComponentType } from 'react';
import { createFirstHtml } from './first-html.ts';
import type { PageRendering } from './first-html.ts';
import type { RenderedHtml, RenderRequest } from './render-page.tsx';
import type { StyleSheet } from './remote-styles.ts';
import type { RemoteManifest } from '../remotes/manifest-files.ts';

const TEMPLATE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>Reelmint</title>
    <meta name="description" content="Turn a prompt into a video." />
    <script type="module" crossorigin src="/assets/main.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>`;

const BILLING = 'http://localhost:5176/remoteEntry.js';
const SITE = 'https://reelmint.example';
const STRINGS: Record<string, Record<string, unknown>> = {
  en: { meta: { pricing: { title: 'Pricing', description: 'Plans & credits' }, home: { title: 'Home', description: 'AI video' } } },
  fr: { meta: { pricing: { title: 'Tarifs $& <b>', description: 'Les "forfaits"' } } },
};
const strings = (lng: string) => STRINGS[lng];
const CANARY = 'http://localhost:5176/releases/1.5.0+abc/remoteEntry.js';
const MARKETING = 'http://localhost:5174/releases/1.0.0+def/remoteEntry.js';

const manifest = (...pages: string[]): RemoteManifest => ({
  exposes: pages.map((page) => ({
    path: `./${page}`,
    assets: {
      js: {
        sync: [`assets/${page}-AAAAAAAA.js`],
        async: [
          'assets/en-Bb4aQQk9.js',
          'assets/fr-CDEpiKim.js',
          'assets/language-B8ugThtj.js',
          'assets/x__loadShare__shared-BWngEhCs.js',
          'assets/react-CaKr0epQ.js',
        ],
      },
      css: { sync: [`assets/${page}-AAAAAAAA.css`], async: [] },
    },
  })),
});

const pointer = {
  remotes: {
    marketing: { entry: MARKETING, version: '1.0.0+def' },
    billing: { entry: BILLING, version: 'local', canary: { entry: CANARY, version: '1.5.0+abc', percent: 50 } },
  },
  overrides: { allowedOrigins: [] },
};

function render(path: string, headers: Record<string, string> = {}, manifests: Record<string, RemoteManifest | undefined> = {}) {
  const firstHtml = createFirstHtml({
    template: TEMPLATE,
    siteOrigin: SITE,
    strings,
    randomId: () => 'new-visitor',
    manifests: { get: (entry) => Promise.resolve(manifests[entry]) },
  });
  return firstHtml({ url: new URL(path, 'http://localhost:5173'), headers, config: { apiBase: 'http://localhost:8787', geoCountry: null }, pointer });
}

function bootData(html: string): unknown {
  const match = new RegExp(`<script id="${BOOT_DATA_ID}" type="application/json">(.*?)</script>`).exec(html);
  return match ? JSON.parse(match[1]!) : undefined;
}

const visitorIn = (percent: number, inside: boolean) =>
  Array.from({ length: 500 }, (_, i) => `v${i}`).find((id) => inCanary(id, 'billing', percent) === inside)!;

describe('the first HTML of a page', () => {
  it('carries the runtime config and the pointer, so the browser fetches neither before drawing', async () => {
    const { html } = await render('/fr/pricing');
    expect(bootData(html)).toEqual({ config: { apiBase: 'http://localhost:8787', geoCountry: null }, pointer, rendered: null });
  });

  it('leaves out a runtime config that does not fit its declaration, so the browser uses the same-origin API', async () => {
    const firstHtml = createFirstHtml({ template: TEMPLATE, siteOrigin: SITE, strings, manifests: { get: () => Promise.resolve(undefined) } });
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { html } = await firstHtml({
      url: new URL('http://localhost:5173/'),
      headers: {},
      config: { apiBase: 'javascript:alert(1)', geoCountry: 'fr' },
      pointer,
    });
    expect(bootData(html)).toEqual({ config: {}, pointer, rendered: null });
    expect(html).not.toContain('javascript:');
    expect(errors).toHaveBeenCalledWith(expect.stringContaining('/config.json does not fit the runtime config'));
    errors.mockRestore();
  });

  it('keeps a pointer that would close the script element inert', async () => {
    const firstHtml = createFirstHtml({ template: TEMPLATE, siteOrigin: SITE, strings, manifests: { get: () => Promise.resolve(undefined) } });
    const hostile = { remotes: { billing: { entry: BILLING, version: '</script><script>alert(1)</script>' } } };
    const { html } = await firstHtml({ url: new URL('http://localhost:5173/'), headers: {}, config: {}, pointer: hostile });
    expect(html).not.toContain('</script><script>alert(1)');
    expect(bootData(html)).toEqual({ config: {}, pointer: hostile, rendered: null });
  });

  it('carries the nonce its response allows run-time styles with, and no script the content security policy would refuse', async () => {
    const firstHtml = createFirstHtml({ template: TEMPLATE, siteOrigin: SITE, strings, manifests: { get: () => Promise.resolve(undefined) } });
    const { html } = await firstHtml({ url: new URL('http://localhost:5173/fr/pricing'), headers: {}, config: {}, pointer, styleNonce: 'bm9uY2U+Lw==' });
    expect(bootData(html)).toEqual({ config: {}, pointer, rendered: null, styleNonce: 'bm9uY2U+Lw==' });
    // Scripts run only from files; inline ones are data the page reads (boot data, structured data).
    const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map((match) => match[1]!);
    expect(scripts.length).toBeGreaterThan(1);
    for (const attributes of scripts) expect(attributes).toMatch(/\bsrc="|type="application\/(?:ld\+)?json"/);
    expect(html).not.toMatch(/\sstyle="|\son[a-z]+="/);
  });

  it("names the route's remote entry, its chunks, CSS and strings in the page's language and English", async () => {
    const { html } = await render('/fr/pricing', { cookie: `reelmint_visitor=${visitorIn(50, false)}` }, { [BILLING]: manifest('PricingPage') });
    expect(html).toContain(`<link rel="modulepreload" crossorigin href="${BILLING}">`);
    expect(html).toContain('<link rel="modulepreload" crossorigin href="http://localhost:5176/assets/PricingPage-AAAAAAAA.js">');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="http://localhost:5176/assets/x__loadShare__shared-BWngEhCs.js">');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="http://localhost:5176/assets/fr-CDEpiKim.js">');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="http://localhost:5176/assets/en-Bb4aQQk9.js">');
    expect(html).toContain('<link rel="preload" as="style" crossorigin href="http://localhost:5176/assets/PricingPage-AAAAAAAA.css">');
    expect(html).toContain('<link rel="preload" as="fetch" crossorigin href="/locales/fr/translation.json">');
    expect(html).not.toContain('react-CaKr0epQ.js');
    expect(html).not.toContain('language-B8ugThtj.js');
    expect(html).toContain('<html lang="fr"');
  });

  it('preconnects to every remote origin and the API', async () => {
    const { html } = await render('/');
    for (const origin of ['http://localhost:5174', 'http://localhost:5176', 'http://localhost:8787']) {
      expect(html).toContain(`<link rel="preconnect" href="${origin}" crossorigin>`);
    }
  });

  it("follows the visitor's canary: the canary build's files for a visitor in its share, the live build's otherwise", async () => {
    const manifests = { [BILLING]: manifest('PricingPage'), [CANARY]: manifest('PricingPage') };
    const inside = await render('/pricing', { cookie: `reelmint_visitor=${visitorIn(50, true)}` }, manifests);
    expect(inside.html).toContain(`href="${CANARY}"`);
    expect(inside.html).not.toContain(`href="${BILLING}"`);
    expect(inside.cookies).toEqual([]);
    const outside = await render('/pricing', { cookie: `reelmint_visitor=${visitorIn(50, false)}` }, manifests);
    expect(outside.html).toContain(`href="${BILLING}"`);
  });

  it('gives a first visitor an id while a canary runs, so the browser makes the same choice', async () => {
    const { cookies } = await render('/pricing');
    expect(cookies).toEqual([expect.stringMatching(/^reelmint_visitor=new-visitor; Path=\/;/)]);
  });

  it('leaves a remote the address overrides to the browser', async () => {
    const { html } = await render('/pricing?override=billing@1.4.0%2Bold', {}, { [BILLING]: manifest('PricingPage') });
    expect(html).not.toContain('modulepreload crossorigin href="http://localhost:5176');
  });

  it('still goes out, with the entry hint only, when the remote manifest is unavailable', async () => {
    const { html } = await render('/pricing', {}, {});
    expect(html).toContain(`<link rel="modulepreload" crossorigin href="${BILLING}">`);
    expect(html).not.toContain('as="style"');
  });

  it('lets the browser ask for the pointer when the server could not read it', async () => {
    const firstHtml = createFirstHtml({ template: TEMPLATE, siteOrigin: SITE, strings, manifests: { get: () => Promise.resolve(undefined) } });
    const { html } = await firstHtml({ url: new URL('http://localhost:5173/pricing'), headers: {}, config: {}, pointer: null });
    expect(bootData(html)).toEqual({ config: {}, pointer: null, rendered: null });
  });

  it("says the page's language, title, description, alternates, canonical and structured data, as the browser's head would", async () => {
    const { html } = await render('/fr/pricing');
    expect(html).toContain('<html lang="fr"');
    expect(html).toContain('<title>Tarifs $&amp; &lt;b&gt; | Reelmint</title>');
    expect(html).toContain('<meta name="description" content="Les &quot;forfaits&quot;" />');
    expect(html).toContain(`<link rel="canonical" href="${SITE}/fr/pricing" data-head>`);
    expect(html).toContain(`<link rel="alternate" hreflang="zh-TW" href="${SITE}/zh-TW/pricing" data-head>`);
    expect(html).toContain(`<link rel="alternate" hreflang="x-default" href="${SITE}/pricing" data-head>`);
    const data = JSON.parse(/<script type="application\/ld\+json" data-head>(.*?)<\/script>/.exec(html)![1]!);
    expect(data).toMatchObject({ '@type': 'WebSite', inLanguage: 'fr', url: `${SITE}/fr` });
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/name="description"/g)).toHaveLength(1);
  });

  it('answers 404 for an address that is no page, in any language, and 200 for every screen of the site', async () => {
    for (const path of ['/no-such-page', '/fr/no-such-page', '/about', '/de/pricing/extra', '/account/x']) {
      const { status, html } = await render(path);
      expect(status, path).toBe(404);
      // No canonical form and no translations of an address that is no page.
      expect(html, path).not.toContain('rel="canonical"');
      expect(html, path).not.toContain('rel="alternate"');
    }
    for (const path of ['/', '/fr', '/pricing', '/fr/pricing/', '/de/about-us', '/auth', '/ja/reset-password', '/zh-cn/pricing', '/payment/success']) {
      expect((await render(path)).status, path).toBe(200);
    }
  });

  it('falls back to the English title when a language lacks one', async () => {
    const { html } = await render('/fr');
    expect(html).toContain('<title>Home | Reelmint</title>');
    expect(html).toContain(`<link rel="canonical" href="${SITE}/fr" data-head>`);
  });
});

describe('public pages drawn into the first HTML', () => {
  const sheetsOf = (hrefs: readonly string[]): StyleSheet[] => hrefs.map((href) => ({ href, css: `.from{background:url(${href}#x)}` }));

  function drawing({
    load,
    draw,
    manifests = true,
    styles = (hrefs) => Promise.resolve(sheetsOf(hrefs)),
    apiBase,
  }: {
    load?: (entry: string) => Promise<ComponentType>;
    draw?: (request: RenderRequest) => Promise<string | RenderedHtml>;
    manifests?: boolean;
    styles?: (hrefs: readonly string[]) => Promise<StyleSheet[] | undefined>;
    apiBase?: string;
  } = {}) {
    const loads: string[] = [];
    const modules: string[] = [];
    const draws: RenderRequest[] = [];
    const Screen: ComponentType = () => null;
    const rendering: PageRendering = {
      screens: {
        load: (remote, entry, module) => {
          loads.push(entry);
          modules.push(`${remote} ${module} ${entry}`);
          return load ? load(entry) : Promise.resolve(Screen);
        },
      },
      renderPage: async (request) => {
        draws.push(request);
        const drawn = draw ? await draw(request) : `<main><h1>${request.screen ? request.screen.module : 'outline'}</h1></main>`;
        return typeof drawn === 'string' ? { html: drawn, complete: true } : drawn;
      },
    };
    const firstHtml = createFirstHtml({
      template: TEMPLATE,
      siteOrigin: SITE,
      strings,
      randomId: () => 'new-visitor',
      manifests: { get: () => Promise.resolve(manifests ? manifest('FaqsPage', 'AboutPage', 'HomePage', 'TemplatesPage') : undefined) },
      styles: { get: styles },
      render: rendering,
    });
    const page = (path: string) =>
      firstHtml({ url: new URL(path, 'http://localhost:5173'), headers: {}, config: apiBase ? { apiBase } : {}, pointer, styleNonce: 'cGFnZQ==' });
    return { page, loads, modules, draws, prepare: firstHtml.prepare };
  }

  it('loads every drawn screen of each build a pointer names, live and canary, before a page asks for one', async () => {
    const { prepare, modules, draws } = drawing();
    await prepare(pointer);
    expect(modules.sort()).toEqual(
      [
        ...[
          './AboutPage',
          './ContactPage',
          './FaqsPage',
          './HomePage',
          './ImageToVideoLanding',
          './PrivacyPage',
          './TemplatesPage',
          './TermsPage',
          './TextToVideoLanding',
        ].map((module) => `marketing ${module} ${MARKETING}`),
        `billing ./PricingPage ${BILLING}`,
        `billing ./PricingPage ${CANARY}`,
      ].sort(),
    );
    expect(draws).toEqual([]);
  });

  it('getting builds ready never fails: a build that cannot load, or has no manifest, is left to the pages', async () => {
    const broken = drawing({ load: (entry) => (entry === CANARY ? Promise.reject(new Error('down')) : Promise.resolve(() => null)) });
    await expect(broken.prepare(pointer)).resolves.toBeUndefined();
    expect(broken.loads).toContain(BILLING);
    const unread = drawing({ manifests: false });
    await unread.prepare(pointer);
    expect(unread.loads).toEqual([]);
    await expect(unread.prepare(null)).resolves.toBeUndefined();
  });

  it('draws the route’s screen from the build the pointer names, and says what it drew', async () => {
    const { page, loads, draws } = drawing();
    const { html } = await page('/fr/faqs?x=1');
    expect(html).toContain('<div id="root"><main><h1>./FaqsPage</h1></main></div>');
    expect(loads).toEqual([MARKETING]);
    expect(draws).toMatchObject([{ location: '/fr/faqs?x=1', lng: 'fr', screen: { remote: 'marketing', module: './FaqsPage' } }]);
    expect(bootData(html)).toMatchObject({ rendered: { lng: 'fr', remote: 'marketing', module: './FaqsPage', screen: true, entry: MARKETING } });
  });

  it('a drawn page carries its screen’s stylesheets itself, under its nonce: nothing on the remote’s origin holds its first paint', async () => {
    const { page } = drawing();
    const { html } = await page('/fr/faqs');
    const sheet = 'http://localhost:5174/releases/1.0.0+def/assets/FaqsPage-AAAAAAAA.css';
    expect(html).toContain(`<style nonce="cGFnZQ==" data-remote-style="${sheet}">.from{background:url(${sheet}#x)}</style>`);
    // The file's address stays as a disabled link: the browser fetches nothing for it, and the remote's own loaders
    // find it in place when the browser takes the page over, so they do not fetch it either.
    expect(html).toContain(`<link rel="stylesheet" crossorigin href="${sheet}" disabled>`);
    const blocking = [...html.matchAll(/<link rel="stylesheet"[^>]*>/g)].map(([link]) => link).filter((link) => !link.includes(' disabled'));
    expect(blocking).toEqual([]);
  });

  it('a page whose screen’s stylesheets are not in within the wait is drawn with the region’s outline, and with its screen once they are', async () => {
    let sheets: StyleSheet[] | undefined = undefined;
    const asked: string[][] = [];
    const { page, draws } = drawing({
      styles: (hrefs) => {
        asked.push([...hrefs]);
        return Promise.resolve(sheets);
      },
    });
    const first = await page('/fr/faqs');
    expect(bootData(first.html)).toMatchObject({ rendered: { screen: false, entry: null } });
    expect(draws).toMatchObject([{ screen: null }]);
    expect(first.html).not.toContain('<style');
    expect(first.html).toContain('<link rel="preload" as="style" crossorigin href="http://localhost:5174/releases/1.0.0+def/assets/FaqsPage-AAAAAAAA.css">');
    expect(asked).toEqual([['http://localhost:5174/releases/1.0.0+def/assets/FaqsPage-AAAAAAAA.css']]);

    sheets = sheetsOf(asked[0]!);
    const second = await page('/fr/faqs');
    expect(bootData(second.html)).toMatchObject({ rendered: { screen: true } });
    expect(second.html).toContain('<style nonce="cGFnZQ==" data-remote-style=');
  });

  it('a drawn page is painted before any script: its scripts wait in the boot data for /take-over.js, its stylesheets stay', async () => {
    const { page } = drawing();
    const { html } = await page('/fr/faqs');
    expect(html).not.toContain('modulepreload');
    expect(html).not.toContain('src="/assets/main.js"');
    expect(html).not.toContain('as="fetch"');
    expect(html).toContain('<script type="module" src="/take-over.js"></script>');
    expect(html).toContain('data-remote-style="http://localhost:5174/releases/1.0.0+def/assets/FaqsPage-AAAAAAAA.css"');
    const { start } = bootData(html) as { start: { entry: string; modules: string[]; fetches: string[] } };
    expect(start.entry).toBe('/assets/main.js');
    expect(start.modules).toEqual(
      expect.arrayContaining([
        MARKETING,
        'http://localhost:5174/releases/1.0.0+def/assets/FaqsPage-AAAAAAAA.js',
        'http://localhost:5174/releases/1.0.0+def/assets/fr-CDEpiKim.js',
      ]),
    );
    expect(start.fetches).toEqual(['/locales/fr/translation.json', '/locales/en/translation.json']);

    // A page left undrawn keeps its own script tag and hints.
    const undrawn = await page('/faqs');
    expect(undrawn.html).toContain('<script type="module" crossorigin src="/assets/main.js"></script>');
    expect(undrawn.html).not.toContain('take-over.js');
    expect(bootData(undrawn.html)).not.toHaveProperty('start');
  });

  it('draws a page once per build: the same page again is sent as drawn, an outline is not kept', async () => {
    const { page, draws } = drawing();
    const first = await page('/fr/faqs');
    const again = await page('/fr/faqs');
    expect(again.html).toBe(first.html);
    expect(draws).toHaveLength(1);
    await page('/de/faqs');
    expect(draws).toHaveLength(2);

    let up = false;
    const flaky = drawing({ load: () => (up ? Promise.resolve(() => null) : Promise.reject(new Error('down'))) });
    expect(bootData((await flaky.page('/fr/faqs')).html)).toMatchObject({ rendered: { screen: false } });
    up = true;
    expect(bootData((await flaky.page('/fr/faqs')).html)).toMatchObject({ rendered: { screen: true } });
  });

  it('a page a part of which threw is sent with that part left to the browser, and not kept as drawn', async () => {
    let complete = false;
    const { page, draws } = drawing({ draw: () => Promise.resolve({ html: `<p>${complete ? 'whole' : 'part'}</p>`, complete }) });
    expect((await page('/fr/faqs')).html).toContain('<div id="root"><p>part</p></div>');
    complete = true;
    expect((await page('/fr/faqs')).html).toContain('<div id="root"><p>whole</p></div>');
    expect((await page('/fr/faqs')).html).toContain('<div id="root"><p>whole</p></div>');
    expect(draws).toHaveLength(2);
  });

  it('a screen drawn with the API’s data carries it to the browser, and is drawn again after a while to follow it; one drawn without it is not kept', async () => {
    let templates: unknown[] | null = [{ id: 'sunrise' }];
    const asked: string[] = [];
    const api = createServer((request, response) => {
      asked.push(request.url ?? '');
      if (!templates) return void response.writeHead(503).end();
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ success: true, data: templates }));
    });
    await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
    const clock = vi.spyOn(Date, 'now');
    try {
      clock.mockReturnValue(1_000_000);
      const { page, draws } = drawing({
        apiBase: `http://127.0.0.1:${(api.address() as AddressInfo).port}`,
        draw: async (request) => {
          const data = (await request.reads?.read('templates')) as unknown[] | undefined;
          return `<ul>${data ? data.length : 'loading'}</ul>`;
        },
      });
      const first = await page('/en/free-video-templates');
      expect(first.html).toContain('<div id="root"><ul>1</ul></div>');
      expect(bootData(first.html)).toMatchObject({ rendered: { screen: true, reads: { templates: [{ id: 'sunrise' }] } } });
      expect((await page('/en/free-video-templates')).html).toBe(first.html);
      expect(draws).toHaveLength(1);

      templates = [{ id: 'sunrise' }, { id: 'rain' }];
      clock.mockReturnValue(1_000_000 + 31_000);
      expect((await page('/en/free-video-templates')).html).toContain('<ul>2</ul>');
      expect(draws).toHaveLength(2);

      // The API is down: the gallery is drawn loading, with nothing to start from, and the next visitor gets a new try.
      templates = null;
      const loading = await page('/fr/free-video-templates');
      expect(loading.html).toContain('<ul>loading</ul>');
      expect((bootData(loading.html) as { rendered: object }).rendered).not.toHaveProperty('reads');
      templates = [{ id: 'sunrise' }];
      expect((await page('/fr/free-video-templates')).html).toContain('<ul>1</ul>');
      // Each page reads the catalogue in its own language.
      expect(new Set(asked)).toEqual(new Set(['/api/video/templates?lang=en', '/api/video/templates?lang=fr']));
    } finally {
      clock.mockRestore();
      api.close();
    }
  });

  it('a remote that cannot hand over its screen costs the screen only: the page is drawn with the region’s outline', async () => {
    const { page, draws } = drawing({ load: () => Promise.reject(new Error('connect ECONNREFUSED')) });
    const { html } = await page('/de/about-us');
    expect(html).toContain('<div id="root"><main><h1>outline</h1></main></div>');
    expect(draws).toMatchObject([{ lng: 'de', screen: null }]);
    expect(bootData(html)).toMatchObject({ rendered: { remote: 'marketing', screen: false, entry: null } });
    expect(html).not.toContain('rel="stylesheet"');
  });

  it('a remote whose manifest cannot be read is not asked for its screen: the page is drawn with the region’s outline', async () => {
    const { page, loads } = drawing({ manifests: false });
    const { html } = await page('/fr/faqs');
    expect(loads).toEqual([]);
    expect(bootData(html)).toMatchObject({ rendered: { remote: 'marketing', screen: false } });
  });

  it('a screen that cannot be drawn is left out and the page drawn again without it; a page that cannot be drawn at all goes undrawn', async () => {
    const once = drawing({ draw: (request) => (request.screen ? Promise.reject(new Error('timed out')) : Promise.resolve('<p>outline</p>')) });
    const { html } = await once.page('/en');
    expect(once.draws.map((request) => request.screen === null)).toEqual([false, true]);
    expect(html).toContain('<div id="root"><p>outline</p></div>');
    expect(bootData(html)).toMatchObject({ rendered: { screen: false } });

    const never = drawing({ draw: () => Promise.reject(new Error('broken')) });
    const undrawn = await never.page('/en');
    expect(undrawn.html).toContain('<div id="root"></div>');
    expect(bootData(undrawn.html)).toMatchObject({ rendered: null });
  });

  it('leaves to the browser an address without its language, signed-in screens, and a remote the address overrides', async () => {
    const { page, loads, draws } = drawing();
    for (const path of ['/faqs', '/zh-cn/faqs', '/en/payment/success', '/en/credits']) {
      const { html } = await page(path);
      expect(html, path).toContain('<div id="root"></div>');
      expect(bootData(html), path).toMatchObject({ rendered: null });
    }
    expect(draws).toEqual([]);
    const { html } = await page('/en/faqs?override=marketing@2.0.0');
    expect(loads).toEqual([]);
    expect(bootData(html)).toMatchObject({ rendered: { remote: 'marketing', screen: false } });
  });
});
