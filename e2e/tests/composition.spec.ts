import { expect, test } from '../support/test.ts';
import { PORTS, REMOTE_NAMES } from '@reelmint/contract/remotes';

const REMOTE_PORTS = REMOTE_NAMES.map((name) => String(PORTS[name]));

test('shell and remotes share one React and one copy of the shared contract', async ({ page }) => {
  const remoteScripts: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (REMOTE_PORTS.includes(url.port)) remoteScripts.push(url.pathname);
  });
  // A preference the shell reads at start; the remote's links read it back through the shared store.
  await page.addInitScript(() => localStorage.setItem('preferred_lang', 'de'));
  await page.goto('/payment/cancel');
  const region = page.locator('[data-remote-region="billing"]');
  // The page's one link ('Back to pricing', in German here) carries the shell's language.
  await expect(region.getByRole('link')).toHaveAttribute('href', '/de/pricing');
  await page.goto('/text-to-video');
  await expect(page.locator('[data-remote-region="marketing"] h1')).toBeVisible();

  // Each remote ships fallbacks for its shared dependencies; none may be fetched while the shell provides them.
  const fallbacks = remoteScripts.filter((path) => path.includes('__prebuild__'));
  expect(remoteScripts.some((path) => path.endsWith('/remoteEntry.js'))).toBe(true);
  expect(fallbacks).toEqual([]);
});

test('navigating across remotes keeps the same document', async ({ page }) => {
  await page.goto('/');
  await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
  const header = page.getByTestId('site-header');

  await header.getByRole('link', { name: 'Pricing' }).click();
  await expect(page.locator('[data-remote-region="billing"] h1')).toHaveText('Plans and pricing');
  await header.getByRole('link', { name: 'Try it free' }).click();
  await expect(page.locator('[data-remote-region="generator"] h1')).toHaveText('Create a video');
  await header.getByRole('link', { name: 'Free video templates' }).click();
  await expect(page.locator('[data-remote-region="marketing"] h1')).toHaveText('Free video templates');
  await page.getByTestId('site-footer').getByRole('link', { name: 'About us' }).click();
  await expect(page.locator('[data-remote-region="marketing"] h1')).toHaveText('About us');

  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
  expect(new URL(page.url()).pathname).toBe('/en/about-us');
});

test('every route change starts at the top of the page', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 500 });
  await page.goto('/about-us');
  await expect(page.locator('[data-remote-region="marketing"] h1')).toHaveText('About us');
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await page.getByTestId('site-footer').getByRole('navigation', { name: 'Company' }).getByRole('link', { name: 'Terms of service' }).click();
  await expect(page.locator('[data-remote-region="marketing"] h1')).toHaveText('Terms of service');
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});
