import { expect, test } from '../support/test.ts';
import { originOf } from '../support/origins.ts';

// A second shell origin whose pointer sends marketing to a server that never answers and the
// generator to a port nothing listens on; billing stays on its real origin.
const SHELL_PORT = 5183;
const MARKETING_PORT = 5193;
const GENERATOR_PORT = 5194;
const shellUrl = `http://localhost:${SHELL_PORT}`;

test.beforeEach(async ({ servers }) => {
  await servers.shell(SHELL_PORT, {
    marketing: { entry: `http://localhost:${MARKETING_PORT}/remoteEntry.js`, version: 'test' },
    generator: { entry: `http://localhost:${GENERATOR_PORT}/remoteEntry.js`, version: 'test' },
    billing: { entry: `${originOf('billing')}/remoteEntry.js`, version: 'local' },
  });
});

test('a remote whose server is down shows its fallback while the rest of the site works', async ({ page }) => {
  await page.goto(`${shellUrl}/generator`);
  const fallback = page.getByTestId('remote-fallback');
  await expect(fallback).toHaveAttribute('data-remote', 'generator');
  await expect(fallback.getByRole('button', { name: 'Try again' })).toBeVisible();
  await expect(page.getByTestId('site-header')).toBeVisible();
  await expect(page.getByTestId('site-footer')).toBeVisible();

  await page.getByTestId('site-header').getByRole('link', { name: 'Pricing' }).click();
  await expect(page.locator('[data-remote-region="billing"] h1')).toHaveText('Plans and pricing');
});

test('a remote that accepts the connection and never answers gives the fallback within the timeout, and retry recovers without a reload', async ({
  page,
  servers,
}) => {
  const silent = await servers.silent(MARKETING_PORT);
  await page.goto(`${shellUrl}/about-us`);
  await expect(page.getByTestId('region-loading')).toHaveText('Loading...');
  await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
  // The loader's timeout is 8 s; the fallback must appear soon after it, not hang forever.
  await expect(page.getByTestId('remote-fallback')).toHaveAttribute('data-remote', 'marketing', { timeout: 15_000 });
  await expect(page.getByTestId('site-header')).toBeVisible();

  // The team fixes its origin: the real build is served where the silent server was.
  await silent.stop();
  await servers.app('mfe-marketing', MARKETING_PORT);
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.locator('[data-remote-region="marketing"] h1')).toHaveText('About us');
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
});

test('the first HTML of a page whose remote hangs still arrives whole: its head, the boot data and the other remotes’ hints', async ({ request, servers }) => {
  await servers.silent(MARKETING_PORT);
  // The server waits a bounded time for the hung remote's manifest; the page is not held until the remote answers.
  const response = await request.get(`${shellUrl}/fr/about-us`, { timeout: 15_000 });
  expect(response.status()).toBe(200);
  const html = await response.text();
  expect(html).toContain('<html lang="fr"');
  expect(html).toContain(`<link rel="canonical" href="${shellUrl}/fr/about-us" data-head>`);
  expect(html).toContain('<script id="reelmint-boot" type="application/json">');
  expect(html).toContain(`<link rel="preconnect" href="${originOf('billing')}" crossorigin>`);
});
