import { expect, test } from '../support/test.ts';
import { localized, ROUTES, shipped } from '../support/routes.ts';

test.describe('every route renders its screen from the remote that owns it', () => {
  for (const route of ROUTES) {
    for (const lng of ['en', 'fr']) {
      // English also without its prefix: the address a visitor types.
      const url = lng === 'en' ? route.path : localized(lng, route.path);
      test(`${url} comes from ${route.remote}`, async ({ page }) => {
        const errors: string[] = [];
        page.on('pageerror', (error) => errors.push(error.message));
        page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
        await page.goto(url);
        const region = page.locator(`[data-remote-region="${route.remote}"]`);
        await expect(region.getByRole('heading', { level: 1 })).toHaveText(shipped(route.remote, lng, route.heading));
        await expect(page.getByTestId('site-header')).toBeVisible();
        await expect(page.getByTestId('site-footer')).toBeVisible();
        expect(errors).toEqual([]);
      });
    }
  }

  test('/auth is the shell’s own screen, in both forms', async ({ page }) => {
    await page.goto('/auth');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(shipped('shell', 'en', 'auth.loginTitle'));
    await page.goto('/fr/auth');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(shipped('shell', 'fr', 'auth.loginTitle'));
    await expect(page.locator('[data-remote-region]')).toHaveCount(0);
  });

  test('an unknown path gets the not-found page, with a 404 status', async ({ page }) => {
    expect((await page.goto('/no-such-page'))?.status()).toBe(404);
    await expect(page.getByTestId('not-found')).toBeVisible();
    expect((await page.goto('/fr/no-such-page'))?.status()).toBe(404);
    await expect(page.getByTestId('not-found')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(shipped('shell', 'fr', 'notFound.title'));
    expect((await page.goto('/fr/pricing'))?.status()).toBe(200);
    // An address with a dot is no file either: the same page, header and all, not two plain words.
    expect((await page.goto('/fr/about.php'))?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(shipped('shell', 'fr', 'notFound.title'));
    await expect(page.getByTestId('site-header')).toBeVisible();
    await expect(page.locator('link[rel="canonical"]')).toHaveCount(0);
  });

  test('a page address with a trailing slash moves for good to the one the site links to', async ({ page, request }) => {
    const moved = await request.get('/de/faqs/?x=1', { maxRedirects: 0 });
    expect(moved.status()).toBe(301);
    expect(moved.headers().location).toBe('/de/faqs?x=1');
    await page.goto('/de/faqs/');
    await expect(page).toHaveURL(/\/de\/faqs$/);
    await expect(page).toHaveTitle(`${shipped('shell', 'de', 'meta.faqs.title')} | Reelmint`);
  });

  test('a wrong or unsupported language segment is corrected in place', async ({ page }) => {
    await page.goto('/zh-cn/pricing?cycle=yearly');
    await expect(page).toHaveURL(/\/zh-CN\/pricing\?cycle=yearly$/);
    await page.goto('/xx/pricing');
    await expect(page).toHaveURL(/\/en\/pricing$/);
    await expect(page.locator('[data-remote-region="billing"] h1')).toBeVisible();
  });
});
