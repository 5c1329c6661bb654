import type { Page } from '@playwright/test';
import { expect, test } from '../support/test.ts';
import { untilInteractive } from '../support/routes.ts';
import { LANGUAGES } from '@reelmint/contract/languages';

test('home: transparent at the top, white-translucent once scrolled past 50px', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 700 });
  // With reduced motion the header switches at once: the colour checked is the one it settles on, not a frame of its
  // fade, which a busy machine can hold at its first frame for seconds.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/');
  const header = page.getByTestId('site-header');
  await expect(page.locator('[data-remote-region="marketing"] h1')).toBeVisible();
  await expect(header).toHaveAttribute('data-variant', 'transparent');
  await page.evaluate(() => window.scrollTo(0, 40));
  await expect(header).toHaveAttribute('data-variant', 'transparent');
  await page.evaluate(() => window.scrollTo(0, 120));
  await expect(header).toHaveAttribute('data-variant', 'scrolled');
  await expect(header).toHaveCSS('background-color', 'rgba(255, 255, 255, 0.85)');
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(header).toHaveAttribute('data-variant', 'transparent');
});

test('the header marks the page the visitor is on, as drawn by the server and after each move', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const header = page.getByTestId('site-header');
  const current = () =>
    header.locator('a[aria-current]').evaluateAll((links) => links.map((link) => `${link.textContent} ${link.getAttribute('aria-current')}`));
  await page.goto('/en/pricing');
  await expect.poll(current).toEqual(['Pricing page']);
  await untilInteractive(page);
  await header.getByRole('link', { name: 'Free video templates' }).click();
  await expect(page).toHaveURL(/\/en\/free-video-templates$/);
  await expect.poll(current).toEqual(['Free video templates page']);
  // The studio is under its landing: that link names the section, not the page.
  await page.goto('/en/text-to-video/generator');
  await expect.poll(current).toEqual(['Text to video true']);
  await page.goto('/en');
  await expect.poll(current).toEqual([]);
});

test('language home behaves like home; generator pages are dark whatever the scroll', async ({ page }) => {
  await page.goto('/fr');
  await expect(page.getByTestId('site-header')).toHaveAttribute('data-variant', 'transparent');
  await page.goto('/fr/text-to-video/generator');
  const header = page.getByTestId('site-header');
  await expect(header).toHaveAttribute('data-variant', 'dark');
  await page.evaluate(() => window.scrollTo(0, 400));
  await expect(header).toHaveAttribute('data-variant', 'dark');
  await page.goto('/pricing');
  await expect(header).toHaveAttribute('data-variant', 'solid');
});

test('at 375px the header items live in a side sheet', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/pricing');
  const header = page.getByTestId('site-header');
  await expect(header.getByRole('link', { name: 'Free video templates' })).toBeHidden();
  await header.getByRole('button', { name: 'Open menu' }).click();
  const sheet = page.getByTestId('side-sheet');
  await expect(sheet).toBeVisible();
  for (const name of ['Text to video', 'Image to video', 'Free video templates', 'Pricing', 'Login', 'Try it free']) {
    await expect(sheet.getByRole('link', { name })).toBeVisible();
  }
  await expect(sheet.getByRole('button', { name: 'Language' })).toBeVisible();
  await sheet.getByRole('link', { name: 'Free video templates' }).click();
  await expect(sheet).toBeHidden();
  await expect(page.locator('[data-remote-region="marketing"] h1')).toHaveText('Free video templates');
});

test('on a short phone screen the side sheet’s language menu fits the screen: the first and the last language can be picked', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 667 });
  await page.goto('/pricing');
  await page.getByTestId('site-header').getByRole('button', { name: 'Open menu' }).click();
  await page.getByTestId('side-sheet').getByRole('button', { name: 'Language' }).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitemradio')).toHaveCount(LANGUAGES.length);
  // The menu's box stays on the screen (it scrolls inside when the languages need more room than there is).
  const box = (await menu.boundingBox())!;
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height).toBeLessThanOrEqual(667);
  // The first entry is reachable by a tap as it is; the last after scrolling the menu, as a finger would.
  await expect(menu.getByRole('menuitemradio').first()).toBeInViewport();
  const last = menu.getByRole('menuitemradio').last();
  await last.scrollIntoViewIfNeeded();
  await expect(last).toBeInViewport();
  await last.click();
  await expect(page).toHaveURL(new RegExp(`/${LANGUAGES[LANGUAGES.length - 1]}/pricing$`));
});

test('the language menu switches the text and rewrites the URL without a reload', async ({ page }) => {
  await page.goto('/pricing');
  await expect(page.locator('[data-remote-region="billing"] h1')).toHaveText('Plans and pricing');
  await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
  await page.getByTestId('site-header').getByRole('button', { name: 'Language' }).click();
  await page.getByRole('menuitemradio', { name: 'Français' }).click();
  await expect(page).toHaveURL(/\/fr\/pricing$/);
  expect(await page.evaluate(() => localStorage.getItem('preferred_lang'))).toBe('fr');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
});

test('from 1024 px up the bar’s links keep one line each and all show, in every language', async ({ page }) => {
  // Twenty-six cold page loads (13 languages at two widths), each drawn by the shell's server: it gets triple time.
  test.slow();
  for (const width of [1024, 1280]) {
    await page.setViewportSize({ width, height: 700 });
    for (const lng of LANGUAGES) {
      await page.goto(`/${lng}/pricing`);
      const nav = page.getByTestId('site-header').locator('nav');
      await expect(nav.getByRole('link')).toHaveCount(4);
      const fit = await nav.evaluate((element) => ({
        overflow: element.scrollWidth - element.clientWidth,
        lines: Array.from(element.querySelectorAll('a'), (link) => link.getClientRects().length),
        heights: Array.from(element.querySelectorAll('a'), (link) => Math.round(link.getBoundingClientRect().height)),
      }));
      // Nothing cut off or scrolled out of view, and every link as tall as a one-line one.
      expect(fit.overflow, `${lng} at ${width} px`).toBe(0);
      expect(new Set(fit.heights).size, `${lng} at ${width} px: ${fit.heights.join(', ')}`).toBe(1);
    }
  }
});

/**
 * Each link of the bar as a person sees it: its words not cut (scrollWidth within clientWidth), drawn, inside the bar's
 * visible width, and under no fade.
 */
async function barLinks(page: Page) {
  return page
    .getByTestId('site-header')
    .locator('nav')
    .evaluate((nav) => {
      const box = nav.getBoundingClientRect();
      const faded = getComputedStyle(nav).maskImage !== 'none';
      return Array.from(nav.querySelectorAll('a'), (link) => {
        const rect = link.getBoundingClientRect();
        const shown = link.checkVisibility({ opacityProperty: true, visibilityProperty: true }) && rect.left >= box.left && rect.right <= box.right + 0.5;
        return { text: link.textContent, whole: link.scrollWidth <= link.clientWidth && shown && !faded };
      });
    });
}

test('at 1280 and 1440 px the bar keeps every link whole, signed out and signed in with the email reminder, in every language', async ({
  browser,
  signedInPage,
}) => {
  // Twenty-six cold page loads, each drawn by the shell's server, measured at two widths: it gets triple time.
  test.slow();
  const visitor = await browser.newPage();
  for (const [who, page] of [
    ['signed out', visitor],
    ['signed in, address unconfirmed', signedInPage],
  ] as const) {
    for (const lng of LANGUAGES) {
      await page.setViewportSize({ width: 1280, height: 720 });
      await page.goto(`/${lng}/pricing`);
      const header = page.getByTestId('site-header');
      await expect(header.locator('nav').getByRole('link')).toHaveCount(4);
      if (page === signedInPage) {
        // The first screen after sign-up: balance, avatar and the reminder to confirm the address, all in the bar.
        await expect(header.getByTestId('verify-reminder')).toBeVisible();
        await expect(header.locator('[data-testid="credit-display"][data-level]')).toBeVisible();
      }
      for (const width of [1280, 1440]) {
        await page.setViewportSize({ width, height: 720 });
        const links = await barLinks(page);
        expect(
          links.filter((link) => !link.whole).map((link) => link.text),
          `${who}, ${lng} at ${width} px`,
        ).toEqual([]);
      }
    }
  }
  await visitor.close();
});

test('on a phone the signed-in side sheet shows who is signed in, with Account settings and Logout in view', async ({ signedInPage: page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/pricing');
  await untilInteractive(page);
  await page.getByTestId('site-header').getByRole('button', { name: 'Open menu' }).click();
  const sheet = page.getByTestId('side-sheet');
  const account = sheet.getByTestId('sheet-account');
  await expect(account).toBeVisible();
  await expect(account).toHaveAccessibleName('Account menu for Grace Hopper');
  await expect(account.getByText('Grace Hopper', { exact: true })).toBeVisible();
  await expect(account.getByText('Free plan')).toBeVisible();
  await expect(account.getByRole('button', { name: 'Logout' })).toBeVisible();
  await account.getByRole('button', { name: 'Account settings' }).click();
  await expect(sheet).toBeHidden();
  await expect(page).toHaveURL(/\/en\/account$/);
});

test('on a phone the signed-in side sheet opens whole: nothing arrives after it to push its buttons down', async ({ signedInPage: page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/');
  await untilInteractive(page);
  // The signed-in header fetches the sheet's account part as the page loads.
  await expect
    .poll(() => page.evaluate(() => performance.getEntriesByType('resource').some((entry) => /\/sheet-account-[^/]*\.js$/.test(entry.name))))
    .toBe(true);
  // What the sheet holds in the very commit that shows it (a MutationObserver runs right after it).
  await page.evaluate(() => {
    const record = window as unknown as { sheetAtFirst?: { account: boolean; language: number } };
    const observer = new MutationObserver(() => {
      const sheet = document.querySelector('[data-testid="side-sheet"]');
      if (!sheet?.checkVisibility()) return;
      observer.disconnect();
      const language = Array.from(sheet.querySelectorAll('button')).find((button) => button.getAttribute('aria-label')?.startsWith('Language'));
      record.sheetAtFirst = { account: !!sheet.querySelector('[data-testid="sheet-account"]'), language: language?.getBoundingClientRect().top ?? -1 };
    });
    observer.observe(document.body, { childList: true, subtree: true, attributes: true });
  });
  await page.getByTestId('site-header').getByRole('button', { name: 'Open menu' }).click();
  const sheet = page.getByTestId('side-sheet');
  await expect(sheet.getByTestId('sheet-account')).toBeVisible();
  const first = await page.evaluate(() => (window as unknown as { sheetAtFirst?: { account: boolean; language: number } }).sheetAtFirst);
  expect(first?.account).toBe(true);
  const languageNow = await sheet.getByRole('button', { name: 'Language' }).boundingBox();
  expect(languageNow?.y).toBeCloseTo(first?.language ?? -1, 0);
});

test('on a tablet (768 to 1023 px) the bar keeps its actions and its four links live in the side sheet, whole, in every language', async ({ page }) => {
  // Thirteen cold page loads, each drawn by the shell's server, at two widths: it gets triple time.
  test.slow();
  const header = page.getByTestId('site-header');
  for (const lng of LANGUAGES) {
    await page.setViewportSize({ width: 1023, height: 700 });
    await page.goto(`/${lng}/pricing`);
    await untilInteractive(page);
    for (const width of [1023, 768]) {
      await page.setViewportSize({ width, height: 700 });
      // No link half-shown in the bar: the bar has none, and its actions stay in it.
      await expect(header.locator('nav')).toBeHidden();
      await expect(header.locator('a[href*="/auth"]')).toBeVisible();
      const menu = header.locator('button[aria-haspopup="dialog"]');
      await menu.click();
      const sheet = page.getByTestId('side-sheet');
      await expect(sheet).toBeVisible();
      const links = sheet.getByRole('navigation').first().getByRole('link');
      await expect(links).toHaveCount(4);
      for (const link of await links.all()) {
        await expect(link, `${lng} at ${width} px`).toBeInViewport({ ratio: 1 });
      }
      await page.keyboard.press('Escape');
      await expect(sheet).toBeHidden();
      await expect(menu).toBeFocused();
    }
  }
});

test('a move inside the site is told to screen readers by the new page’s name; the first page and a change of language are not', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/en');
  await untilInteractive(page);
  const announcer = page.getByTestId('route-announcer');
  await expect(announcer).toHaveAttribute('aria-live', 'polite');
  await expect(announcer).toBeEmpty();
  const header = page.getByTestId('site-header');
  await header.getByRole('link', { name: 'Pricing' }).click();
  await expect(page.locator('[data-remote-region="billing"] h1')).toBeVisible();
  await expect(announcer).toHaveText('Pricing');
  await page.getByTestId('site-footer').getByRole('link', { name: 'About us' }).click();
  await expect(announcer).toHaveText('About us');
  // The same page in French: its text changes, not the page, so nothing is said.
  await header.getByRole('button', { name: /Language/ }).click();
  await page.getByRole('menuitemradio', { name: 'Français' }).click();
  await expect(page).toHaveURL(/\/fr\/about-us$/);
  await expect(announcer).toHaveText('About us');
});
