import { expect, test } from '../support/test.ts';
import { API, originOf } from '../support/origins.ts';
import type { Page } from '@playwright/test';
import { localized, ROUTES, shipped, untilInteractive } from '../support/routes.ts';

/** The public pages the shell's server draws into the first HTML (README, "The first visit"). */
const PUBLIC = ROUTES.filter(({ remote, path }) => remote === 'marketing' || path === '/pricing' || remote === 'generator');
const LANGUAGES = ['en', 'fr', 'zh-TW'] as const;

/** The text of an element's HTML as a browser would show it: tags and React's text separators dropped, entities read. */
function text(html: string): string {
  return html
    .replace(/<!--.*?-->/g, '')
    .replace(/<[^>]+>/g, '')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** What the server wrote inside the page's root element (the page as drawn), and what it says it drew. */
function drawn(html: string) {
  const root = /<div id="root">([\s\S]*)<\/div>\s*<\/body>/.exec(html)?.[1] ?? '';
  const boot = JSON.parse(/<script id="reelmint-boot" type="application\/json">(.*?)<\/script>/s.exec(html)?.[1] ?? '{}') as {
    rendered?: { lng: string; remote: string; module: string; screen: boolean } | null;
    styleNonce?: string;
  };
  const headings = [...root.matchAll(/<h1[^>]*>([\s\S]*?)<\/h1>/g)].map((match) => text(match[1]!));
  return { root, rendered: boot.rendered ?? null, headings, styleNonce: boot.styleNonce };
}

test.describe('public pages arrive drawn: the first HTML carries the page, not an empty root', () => {
  for (const lng of LANGUAGES) {
    test(`every public page in ${lng}, fetched without running any script, holds its heading, its region and its head`, async ({ request }) => {
      for (const { path, remote, heading } of PUBLIC) {
        const response = await request.get(localized(lng, path));
        const html = await response.text();
        const page = drawn(html);
        expect(page.headings, path).toEqual([shipped(remote, lng, heading)]);
        expect(page.root, path).toContain(`data-remote-region="${remote}"`);
        expect(page.root, path).toContain('data-testid="site-header"');
        expect(page.root, path).toContain('data-testid="site-footer"');
        expect(page.rendered, path).toMatchObject({ lng, remote, screen: true });
        expect(html, path).toContain(`<html lang="${lng}"`);
        expect(html, path).toMatch(/<title>[^<]+ \| Reelmint<\/title>/);
        expect(html, path).toContain('<link rel="canonical"');
        // No script runs from the HTML itself: a content security policy without 'unsafe-inline' allows the page.
        expect([...html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*type="application\/(?:json|ld\+json)")[^>]*>/g)], path).toEqual([]);
        // The drawn page carries its response's style nonce, so the run-time styles React's libraries write once it takes over are allowed.
        expect(page.styleNonce, path).toMatch(/^[A-Za-z0-9+/]{22}==$/);
        expect(response.headers()['content-security-policy'], path).toContain(`'nonce-${page.styleNonce}'`);
      }
    });
  }

  test('an address without a language is left to the browser, which picks the language', async ({ request }) => {
    const page = drawn(await (await request.get('/pricing')).text());
    expect(page.rendered).toBeNull();
    expect(page.root).toBe('');
  });
});

/** Records what would show a redraw or a failed takeover: errors, the loading outline, and a heading node replaced. */
async function watch(page: Page) {
  const errors: string[] = [];
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  page.on('pageerror', (error) => errors.push(error.message));
  await page.addInitScript(() => {
    const state = window as unknown as { __outlineSeen: boolean; __serverHeading?: Element | null };
    state.__outlineSeen = false;
    new MutationObserver(() => {
      if (document.querySelector('[data-testid="region-loading"]')) state.__outlineSeen = true;
    }).observe(document, { childList: true, subtree: true });
    document.addEventListener('DOMContentLoaded', () => {
      state.__serverHeading = document.querySelector('[data-remote-region] h1');
    });
  });
  return {
    errors,
    /**
     * Whether the heading on screen is still the very element the server sent, now owned by React (hydrated, not
     * drawn again), and whether the loading outline ever showed.
     */
    takenOver: () =>
      page.evaluate(() => {
        const state = window as unknown as { __outlineSeen: boolean; __serverHeading?: Element | null };
        const heading = document.querySelector('[data-remote-region] h1');
        return {
          kept: !!heading && heading === state.__serverHeading,
          owned: !!heading && Object.keys(heading).some((key) => key.startsWith('__reactFiber$')),
          outlineSeen: state.__outlineSeen,
        };
      }),
  };
}

/**
 * Every id-bearing attribute of the page (ids, labels' targets, described-by and labelled-by lists) that differs from
 * what React drew for it in the browser. React keeps the server's attributes when it takes a page over, so an id the
 * browser made differently (a `useId` from another place in the tree) leaves the page's ids and the code's apart.
 */
function idsApart(page: Page) {
  return page.evaluate(() => {
    const names = ['id', 'for', 'aria-describedby', 'aria-labelledby', 'aria-controls'];
    const propOf: Record<string, string> = { for: 'htmlFor' };
    const apart: string[] = [];
    for (const element of Array.from(document.querySelectorAll('#root *'))) {
      const key = Object.keys(element).find((name) => name.startsWith('__reactProps$'));
      if (!key) continue;
      const props = (element as unknown as Record<string, Record<string, unknown>>)[key]!;
      for (const name of names) {
        const drawn = element.getAttribute(name);
        const react = props[propOf[name] ?? name];
        if (drawn !== null && typeof react === 'string' && react !== drawn) apart.push(`${element.tagName} ${name}: page ${drawn}, React ${react}`);
      }
    }
    return apart;
  });
}

test.describe('the browser takes the drawn page over: no hydration error, no flash, the same elements', () => {
  for (const lng of LANGUAGES) {
    test(`every public page in ${lng}`, async ({ page }) => {
      test.setTimeout(90_000);
      const watcher = await watch(page);
      for (const { path, remote, heading } of PUBLIC) {
        await page.goto(localized(lng, path));
        const title = page.locator(`[data-remote-region="${remote}"] h1`);
        await expect(title).toHaveText(shipped(remote, lng, heading));
        await expect.poll(() => watcher.takenOver(), { message: path }).toEqual({ kept: true, owned: true, outlineSeen: false });
        expect(watcher.errors, path).toEqual([]);
        expect(await idsApart(page), path).toEqual([]);
      }
    });
  }

  test('a signed-in visitor (whose session the server never sees) gets the drawn page taken over too, then their account in the header', async ({
    signedInPage: page,
  }) => {
    const watcher = await watch(page);
    for (const path of ['/en/faqs', '/en/pricing']) {
      await page.goto(path);
      await expect(page.locator('[data-remote-region] h1')).toBeVisible();
      await expect.poll(() => watcher.takenOver(), { message: path }).toEqual({ kept: true, owned: true, outlineSeen: false });
      await expect(page.getByTestId('site-header').getByRole('link', { name: 'Login' })).toHaveCount(0);
    }
    expect(watcher.errors).toEqual([]);
  });
});

test('the studio arrives drawn empty for everybody; a tab that keeps a draft gets it drawn afresh with the draft, not the empty form', async ({
  page,
  request,
}) => {
  // Drawn with the API's answer about the engine, so the preview notice is there before any script runs.
  const studioHtml = drawn(await (await request.get('/en/text-to-video/generator')).text()).root;
  expect(studioHtml).toContain('data-testid="preview-notice"');
  // Its controls arrive disabled: typing or a tap on plain HTML would be lost when the browser takes the page over.
  expect(studioHtml).toMatch(/<fieldset[^>]* disabled=""/);
  const watcher = await watch(page);
  await page.goto('/en/text-to-video/generator');
  const prompt = page.locator('[data-remote-region="generator"] textarea').first();
  await expect.poll(() => watcher.takenOver()).toEqual({ kept: true, owned: true, outlineSeen: false });
  // Taken over, the same fields are enabled and keep what is typed, under the ids the server gave them.
  await expect(prompt).toBeEditable();
  expect(await idsApart(page)).toEqual([]);
  await prompt.fill('A lighthouse at dawn, waves in slow motion');
  await page.reload();
  await expect(prompt).toHaveValue('A lighthouse at dawn, waves in slow motion');
  await untilInteractive(page);
  // Drawn again by the browser (the heading is a new element), with no hydration error on the way.
  await expect.poll(() => watcher.takenOver()).toMatchObject({ kept: false, owned: true });
  expect(watcher.errors).toEqual([]);
});

test('the templates gallery and the plan cards arrive drawn with the API’s data, and the browser starts from it instead of asking again, reading ahead only the other screens’ data', async ({
  page,
  request,
}) => {
  const gallery = drawn(await (await request.get('/en/free-video-templates')).text());
  expect(gallery.root).toContain('data-testid="template-card"');
  // The first posters are in the HTML, so the browser fetches them with the page instead of after the screen's script.
  expect(gallery.root).toMatch(new RegExp(`<img[^>]+src="${API}/api/video/templates/[^"/]+/poster"`));
  const pricing = drawn(await (await request.get('/en/pricing')).text());
  expect(pricing.root).toContain('data-testid="plan-card-pro"');
  // The note that checkout is a test (this site runs the local provider) is drawn with the cards, not added above them later.
  expect(pricing.root).toContain('data-testid="test-checkout-note"');

  const watcher = await watch(page);
  const catalogueReads: string[] = [];
  page.on('request', (sent) => {
    const { pathname } = new URL(sent.url());
    if (pathname === '/api/video/templates' || pathname === '/api/subscription/plans') catalogueReads.push(pathname);
  });
  for (const [path, remote, drawnWith, readAhead] of [
    ['/en/pricing', 'billing', '/api/subscription/plans', '/api/video/templates'],
    ['/en/free-video-templates', 'marketing', '/api/video/templates', '/api/subscription/plans'],
  ] as const) {
    catalogueReads.length = 0;
    await page.goto(path);
    await expect(page.locator(`[data-remote-region="${remote}"] h1`)).toBeVisible();
    await expect.poll(() => watcher.takenOver(), { message: path }).toEqual({ kept: true, owned: true, outlineSeen: false });
    // Once idle, the page reads ahead what the other likely screens show (the gallery's catalogue, pricing's plans),
    // once each, and never what it was drawn with.
    await expect(page.locator('html')).toHaveAttribute('data-next-screens', 'ready');
    expect(catalogueReads, path).toEqual([readAhead]);
    expect(catalogueReads, path).not.toContain(drawnWith);
  }
  await expect(page.getByTestId('template-card').first()).toBeVisible();
  expect(watcher.errors).toEqual([]);

  // Moved to inside the site, each screen starts from what was read ahead or drawn: pricing's plans and the gallery
  // are shown again without another read.
  const nav = page.getByTestId('site-header');
  await nav.getByRole('link', { name: 'Pricing' }).first().click();
  await expect(page.getByTestId('plan-card-pro')).toBeVisible();
  await nav.getByRole('link', { name: 'Free video templates' }).first().click();
  await expect(page.getByTestId('template-card').first()).toBeVisible();
  expect(catalogueReads).toEqual(['/api/subscription/plans']);
});

test.describe('a remote that is down or hangs while the server draws', () => {
  // A second shell whose pointer sends marketing to a port the test controls; billing stays on its real origin.
  const SHELL_PORT = 5185;
  const MARKETING_PORT = 5195;
  const shellUrl = `http://localhost:${SHELL_PORT}`;

  test.beforeEach(async ({ servers }) => {
    await servers.shell(SHELL_PORT, {
      marketing: { entry: `http://localhost:${MARKETING_PORT}/remoteEntry.js`, version: 'test' },
      billing: { entry: `${originOf('billing')}/remoteEntry.js`, version: 'local' },
    });
  });

  test('down: the page arrives drawn with that region’s outline, the browser tries the region itself, and retry recovers', async ({
    page,
    request,
    servers,
  }) => {
    const html = await (await request.get(`${shellUrl}/fr/about-us`, { timeout: 15_000 })).text();
    const first = drawn(html);
    expect(first.rendered).toMatchObject({ lng: 'fr', remote: 'marketing', screen: false });
    expect(first.root).toContain('data-testid="region-loading"');
    expect(first.root).toContain('data-testid="site-header"');
    expect(first.root).toContain('data-testid="site-footer"');
    expect(first.headings).toEqual([]);

    await page.goto(`${shellUrl}/fr/about-us`);
    const fallback = page.getByTestId('remote-fallback');
    await expect(fallback).toHaveAttribute('data-remote', 'marketing', { timeout: 15_000 });
    await expect(page.getByTestId('site-footer')).toBeVisible();

    // The team brings its origin back: the region comes in without a reload.
    await servers.app('mfe-marketing', MARKETING_PORT);
    await fallback.getByRole('button').click();
    await expect(page.locator('[data-remote-region="marketing"] h1')).toHaveText(shipped('marketing', 'fr', 'about.title'));

    // And the next page the server draws carries the screen again.
    await expect
      .poll(async () => drawn(await (await request.get(`${shellUrl}/fr/about-us`)).text()).headings, { timeout: 15_000 })
      .toEqual([shipped('marketing', 'fr', 'about.title')]);
  });

  test('hangs: the page is not held until the remote answers; it arrives with the outline, the other parts whole', async ({ request, servers }) => {
    await servers.silent(MARKETING_PORT);
    const response = await request.get(`${shellUrl}/de/faqs`, { timeout: 15_000 });
    expect(response.status()).toBe(200);
    const page = drawn(await response.text());
    expect(page.rendered).toMatchObject({ remote: 'marketing', screen: false });
    expect(page.root).toContain('data-testid="region-loading"');
    expect(page.root).toContain(`>${shipped('shell', 'de', 'nav.pricing')}<`);
  });
});

test('numbers and dates arrive written in the page’s language, as the browser then writes them (they came in English from the server)', async ({
  page,
  request,
}) => {
  const serverText = async (path: string, selector: string) => {
    const html = await (await request.get(path)).text();
    const match = new RegExp(`<${selector}[^>]*>([^<]*)`).exec(html);
    return match?.[1] ?? null;
  };
  for (const [path, selector, locator] of [
    ['/de/terms-of-service', 'time', '[data-remote-region="marketing"] time'],
    ['/la/privacy-policy', 'time', '[data-remote-region="marketing"] time'],
  ] as const) {
    const drawnText = await serverText(path, selector);
    await page.goto(path);
    await untilInteractive(page);
    expect(drawnText, path).toBe(await page.locator(locator).first().textContent());
  }
  expect(await serverText('/la/privacy-policy', 'time')).not.toMatch(/January|February|March|April|May|June|July|August|September|October|November|December/);
  // A thousand credits on the German plan cards: German grouping from the first byte.
  expect(await (await request.get('/de/pricing')).text()).toContain('1.000 Credits');
});
