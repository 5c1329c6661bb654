import { expect, test } from '../support/test.ts';
import { untilInteractive } from '../support/routes.ts';
import type { Request } from '@playwright/test';

interface ReportedEvent {
  remote: string;
  version: string;
  canary: boolean;
  kind: string;
  ms?: number;
  route?: string;
}

const isReport = (request: Request) => request.method() === 'POST' && new URL(request.url()).pathname === '/api/telemetry/remotes';
const eventsOf = (request: Request) => (JSON.parse(request.postData() ?? '{}') as { events: ReportedEvent[] }).events;

test("a page reports its regions' load times in a batch once it is idle, and the API stores them", async ({ page }) => {
  const report = page.waitForRequest(isReport, { timeout: 30_000 });
  await page.goto('/en/pricing');
  await expect(page.locator('[data-remote-region="billing"] h1')).toBeVisible();
  // The page arrives drawn; the version chosen for this visitor is written once the shell's script has run.
  await untilInteractive(page);
  const version = await page.locator('html').getAttribute('data-remote-billing');
  // Nothing is sent while the page loads: events wait a few seconds for company, then go in one report.
  const request = await report;
  const load = eventsOf(request).find((event) => event.remote === 'billing' && event.kind === 'load');
  expect(load).toMatchObject({ version, canary: false, route: '/pricing' });
  expect(load!.ms).toBeGreaterThanOrEqual(0);
  // A beacon posts text/plain: a simple request, no preflight; the API accepts it as JSON.
  expect(request.headers()['content-type']).toMatch(/^text\/plain/);
  const response = await request.response();
  expect(response?.status()).toBe(202);
});

test('a telemetry endpoint that fails or never answers costs the visitor nothing', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  let refused = 0;
  // Every report is dropped at the network level, as if the API were down.
  await page.route('**/api/telemetry/remotes', (route) => {
    refused += 1;
    return route.abort('connectionrefused');
  });
  await page.goto('/en/about-us');
  await expect(page.locator('[data-remote-region="marketing"]')).toBeVisible();
  await untilInteractive(page);
  // What the shell does when the page is being left: send what it has.
  await page.evaluate(() => window.dispatchEvent(new Event('pagehide')));
  await expect.poll(() => refused).toBeGreaterThan(0);
  // The site goes on: moving to another remote's screen works, and nothing surfaced as an error.
  await page.getByTestId('site-header').getByRole('link', { name: 'Pricing' }).click();
  await expect(page.locator('[data-remote-region="billing"] h1')).toHaveText('Plans and pricing');
  expect(errors).toEqual([]);
});
