import { expect, test } from '../support/test.ts';
import type { Page } from '@playwright/test';
import { localized, ROUTES, shipped, untilInteractive } from '../support/routes.ts';

const LANGUAGES = ['en', 'fr', 'de', 'it', 'es', 'ja', 'pt', 'ru', 'la', 'zh-CN', 'zh-TW', 'ko', 'hi'];

async function heading(page: Page, remote: string) {
  return page.locator(`[data-remote-region="${remote}"]`).getByRole('heading', { level: 1 });
}

test.describe('language URLs', () => {
  test('/zh-cn/pricing lands on /zh-CN/pricing in Chinese', async ({ page }) => {
    await page.goto('/zh-cn/pricing');
    await expect(page).toHaveURL(/\/zh-CN\/pricing$/);
    await expect(await heading(page, 'billing')).toHaveText(shipped('billing', 'zh-CN', 'pricing.title'));
  });

  test('an unsupported or non-canonical segment lands on the best match', async ({ page }) => {
    await page.goto('/pt-br/faqs');
    await expect(page).toHaveURL(/\/pt\/faqs$/);
    await expect(await heading(page, 'marketing')).toHaveText(shipped('marketing', 'pt', 'faqs.title'));
    await page.goto('/ZH-TW/about-us');
    await expect(page).toHaveURL(/\/zh-TW\/about-us$/);
    await page.goto('/xx/faqs');
    await expect(page).toHaveURL(/\/en\/faqs$/);
  });

  test('every internal link on every page carries the language of the page', async ({ page }) => {
    for (const route of ROUTES) {
      await page.goto(localized('de', route.path));
      await expect(await heading(page, route.remote)).toHaveText(shipped(route.remote, 'de', route.heading));
      const hrefs = await page
        .locator('a[href]')
        .evaluateAll((links) => links.map((link) => (link as HTMLAnchorElement).href).filter((href) => href.startsWith(location.origin)));
      expect(hrefs.length, `${route.path} has internal links`).toBeGreaterThan(5);
      const unprefixed = hrefs.filter((href) => !/^\/de(\/|$)/.test(new URL(href).pathname));
      expect(unprefixed, `links on /de${route.path}`).toEqual([]);
      const withLngQuery = hrefs.filter((href) => new URL(href).searchParams.has('lng'));
      expect(withLngQuery).toEqual([]);
    }
  });

  test('a path without a language gets the browser language in the address bar', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'ja-JP' });
    const page = await context.newPage();
    await page.goto('/pricing?cycle=monthly');
    await expect(page).toHaveURL(/\/ja\/pricing\?cycle=monthly$/);
    await expect(await heading(page, 'billing')).toHaveText(shipped('billing', 'ja', 'pricing.title'));
    await context.close();
  });

  test('the viewer country sent by the CDN comes before the browser language', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'en-US', extraHTTPHeaders: { 'CloudFront-Viewer-Country': 'KR' } });
    const page = await context.newPage();
    await page.goto('/faqs');
    await expect(page).toHaveURL(/\/ko\/faqs$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'ko');
    await context.close();
  });

  test('a chosen language is remembered for the next visit, and the URL follows without a reload', async ({ page }) => {
    const failed: string[] = [];
    page.on('response', (response) => response.status() >= 400 && failed.push(`${response.status()} ${response.url()}`));
    await page.goto('/en/faqs');
    await expect(await heading(page, 'marketing')).toHaveText(shipped('marketing', 'en', 'faqs.title'));
    await untilInteractive(page);
    await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
    await page
      .getByTestId('site-header')
      .getByRole('button', { name: shipped('shell', 'en', 'header.language') })
      .click();
    await page.getByRole('menuitemradio', { name: 'Italiano' }).click();
    await expect(page).toHaveURL(/\/it\/faqs$/);
    await expect(await heading(page, 'marketing')).toHaveText(shipped('marketing', 'it', 'faqs.title'));
    await expect(page.getByTestId('site-footer')).toContainText(shipped('shell', 'it', 'footer.company'));
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
    await page.goto('/about-us');
    await expect(page).toHaveURL(/\/it\/about-us$/);
    // Each app's strings come from where the app ships them: nothing is asked of an origin that lacks it.
    expect(failed).toEqual([]);
  });
});

test.describe('the page head', () => {
  const pages = [
    { path: '/pricing', lng: 'fr', page: 'pricing' },
    { path: '/faqs', lng: 'ja', page: 'faqs' },
    { path: '/', lng: 'hi', page: 'home' },
  ];
  for (const { path, lng, page: key } of pages) {
    test(`${localized(lng, path)} says its language, title, alternates, canonical and search action`, async ({ page, baseURL }) => {
      await page.goto(localized(lng, path));
      const origin = new URL(baseURL!).origin;
      await expect(page.locator('html')).toHaveAttribute('lang', lng);
      await expect(page).toHaveTitle(`${shipped('shell', lng, `meta.${key}.title`)} | Reelmint`);
      await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', shipped('shell', lng, `meta.${key}.description`));
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${origin}${localized(lng, path)}`);
      const alternates = await page
        .locator('link[rel="alternate"]')
        .evaluateAll((links) => links.map((link) => [link.getAttribute('hreflang'), link.getAttribute('href')]));
      expect(alternates).toEqual([...LANGUAGES.map((language) => [language, `${origin}${localized(language, path)}`]), ['x-default', `${origin}${path}`]]);
      const data = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}');
      expect(data).toMatchObject({
        '@type': 'WebSite',
        inLanguage: lng,
        potentialAction: {
          '@type': 'SearchAction',
          target: { urlTemplate: `${origin}/${lng}/free-video-templates?q={search_term_string}` },
          'query-input': 'required name=search_term_string',
        },
      });
    });
  }
});

/** Marks the loaded document, so a later check tells a move inside the page from a new page load. */
const markDocument = (page: Page) => page.evaluate(() => ((window as unknown as { __movedWithin?: boolean }).__movedWithin = true));
const sameDocument = (page: Page) => page.evaluate(() => (window as unknown as { __movedWithin?: boolean }).__movedWithin === true);

test('after moves inside the site the head follows the page: title, language, canonical and alternates', async ({ page, baseURL }) => {
  const origin = new URL(baseURL!).origin;
  const headSays = async (lng: string, path: string, key: string) => {
    await expect(page).toHaveTitle(`${shipped('shell', lng, `meta.${key}.title`)} | Reelmint`);
    await expect(page.locator('html')).toHaveAttribute('lang', lng);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${origin}${localized(lng, path)}`);
    await expect(page.locator('link[rel="alternate"][hreflang="x-default"]')).toHaveAttribute('href', `${origin}${path}`);
    await expect(page.locator('link[rel="canonical"]')).toHaveCount(1);
  };
  await page.goto(localized('fr', '/pricing'));
  await untilInteractive(page);
  await headSays('fr', '/pricing', 'pricing');
  await markDocument(page);

  await page
    .getByTestId('site-header')
    .getByRole('link', { name: shipped('shell', 'fr', 'navShort.textToVideo') })
    .click();
  await headSays('fr', '/text-to-video', 'textToVideo');
  expect(await sameDocument(page)).toBe(true);

  // The studio's two modes share a title: the canonical address still follows the mode.
  await page.goto(localized('fr', '/text-to-video/generator'));
  await untilInteractive(page);
  await markDocument(page);
  await page.getByRole('tab', { name: shipped('generator', 'fr', 'modes.image') }).click();
  await expect(page).toHaveURL(/\/fr\/image-to-video\/generator$/);
  await headSays('fr', '/image-to-video/generator', 'generator');
  expect(await sameDocument(page)).toBe(true);
});

test('a translation file that answers 503 twice and then succeeds still renders translated text', async ({ page }) => {
  let attempts = 0;
  await page.route('**/locales/ru/translation.json', async (route) => {
    attempts += 1;
    if (attempts <= 2) await route.fulfill({ status: 503, body: 'busy' });
    else await route.continue();
  });
  await page.goto('/ru/faqs');
  // The page arrives drawn in Russian; the browser takes it over once the strings finally load.
  await expect.poll(() => attempts).toBe(3);
  await expect(page.getByTestId('site-footer')).toContainText(shipped('shell', 'ru', 'footer.company'));
  await expect(page.getByTestId('site-header').getByRole('link', { name: shipped('shell', 'ru', 'nav.pricing') })).toBeVisible();
  await expect(page.locator('[data-remote-region="marketing"] h1')).toHaveText(shipped('marketing', 'ru', 'faqs.title'));
});

test('at 375 and 320 px no language makes the page wider than the phone: long words wrap instead of pushing it sideways', async ({ page }) => {
  // Thirteen cold loads of the studio (the page with the most controls, under the footer every page has).
  test.slow();
  for (const lng of LANGUAGES) {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto(`/${lng}/text-to-video/generator`);
    await untilInteractive(page);
    await expect(page.locator('[data-remote-region="generator"] h1')).toBeVisible();
    for (const width of [375, 320]) {
      await page.setViewportSize({ width, height: 740 });
      const widest = await page.evaluate((edge) => {
        const over = Array.from(document.querySelectorAll('body *')).filter((element) => element.getBoundingClientRect().right > edge + 0.5);
        return { page: document.documentElement.scrollWidth, over: over.slice(0, 3).map((element) => element.textContent?.trim().slice(0, 40)) };
      }, width);
      expect(widest, `${lng} at ${width}`).toEqual({ page: width, over: [] });
    }
  }
});

test('at 375 and 320 px the marketing titles, the cost table and the template search show every word whole in every language', async ({ page }) => {
  // Thirteen languages, four pages each, measured at two widths.
  test.slow();
  const widths = [375, 320] as const;
  const problems: string[] = [];
  const check = async (lng: string, path: string, measure: () => Promise<string[]>) => {
    await page.setViewportSize({ width: widths[0], height: 740 });
    await page.goto(`/${lng}${path}`);
    await expect(page.locator('[data-remote-region="marketing"] h1')).toBeVisible();
    for (const width of widths) {
      await page.setViewportSize({ width, height: 740 });
      problems.push(...(await measure()).map((problem) => `${width} /${lng}${path}: ${problem}`));
    }
  };
  // A title's longest word on one line (a break inside it, which no hyphen marks where the browser has no dictionary, is no fit).
  const title = () =>
    page.locator('[data-remote-region="marketing"] h1').evaluate((h1) => {
      const probe = document.createElement('span');
      probe.style.cssText = 'position: absolute; white-space: nowrap; visibility: hidden';
      h1.append(probe);
      const widest = (h1.textContent ?? '')
        .split(/\s+/)
        .map((word) => {
          probe.textContent = word;
          return { word, width: probe.getBoundingClientRect().width };
        })
        .reduce((wider, next) => (next.width > wider.width ? next : wider), { word: '', width: 0 });
      probe.remove();
      const cut = h1.scrollWidth > h1.clientWidth || widest.width > h1.clientWidth + 0.5;
      return cut ? [`h1 word "${widest.word}" is ${Math.round(widest.width)}px in ${h1.clientWidth}px`] : [];
    });
  for (const lng of LANGUAGES) {
    await check(lng, '/privacy-policy', title);
    await check(lng, '/terms-of-service', title);
    await check(lng, '/text-to-video', () =>
      page.getByTestId('cost-table').evaluate((table) => {
        // Nothing of the table hidden in a box that scrolls sideways, nor any cell or plan tag cutting its own words.
        const box = table.parentElement!;
        const cut = [box, table, ...Array.from(table.querySelectorAll('caption, tbody th, td, td span'))].filter(
          (element) => element.scrollWidth > element.clientWidth + 0.5 || element.getBoundingClientRect().right > box.getBoundingClientRect().right + 0.5,
        );
        return cut.slice(0, 3).map((element) => `cost table ${element.tagName.toLowerCase()} cuts "${element.textContent?.trim().slice(0, 40)}"`);
      }),
    );
    await check(lng, '/free-video-templates', () =>
      page.getByRole('searchbox').evaluate((input: HTMLInputElement) => {
        const style = getComputedStyle(input, '::placeholder');
        const context = document.createElement('canvas').getContext('2d')!;
        context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const own = getComputedStyle(input);
        const room = input.clientWidth - parseFloat(own.paddingLeft) - parseFloat(own.paddingRight);
        const width = context.measureText(input.placeholder).width;
        return width > room ? [`placeholder "${input.placeholder}" is ${Math.round(width)}px in ${Math.round(room)}px`] : [];
      }),
    );
  }
  expect(problems).toEqual([]);
});
