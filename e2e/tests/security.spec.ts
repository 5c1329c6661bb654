import { expect, test } from '../support/test.ts';
import { PORTS, REMOTE_NAMES } from '@reelmint/contract/remotes';
import { API, originOf, SHELL } from '../support/origins.ts';
import { shipped, untilInteractive } from '../support/routes.ts';

// The content security policy as a visitor's browser enforces it. Every other spec runs under it too, and fails
// on any violation (support/test.ts); these check that it is there and that it refuses what it must.
const REMOTES = REMOTE_NAMES.map(originOf);

function directives(policy: string | undefined): Record<string, string[]> {
  return Object.fromEntries(
    (policy ?? '').split(';').map((part) => {
      const [name = '', ...sources] = part.trim().split(/\s+/);
      return [name, sources];
    }),
  );
}

test('the shell and every remote origin send the policy, built from the site’s origins, with its companion headers', async ({ request }) => {
  const page = await request.get(`${SHELL}/en/pricing`);
  const policy = directives(page.headers()['content-security-policy']);
  expect(policy['script-src']).toEqual(["'self'", ...REMOTES]);
  expect(policy['style-src']).toEqual(expect.arrayContaining(["'self'", ...REMOTES]));
  expect(policy['connect-src']).toEqual(["'self'", ...REMOTES, API]);
  expect(policy['media-src']).toEqual(["'self'", API]);
  expect(policy['frame-ancestors']).toEqual(["'none'"]);
  expect(policy['object-src']).toEqual(["'none'"]);
  expect(policy['base-uri']).toEqual(["'self'"]);
  expect(Object.values(policy).flat()).not.toContain("'unsafe-inline'");
  expect(Object.values(policy).flat()).not.toContain("'unsafe-eval'");

  for (const url of [`${SHELL}/remotes.json`, ...REMOTES.map((origin) => `${origin}/remoteEntry.js`), `${REMOTES[2]}/`]) {
    const headers = (await request.get(url)).headers();
    expect(headers['content-security-policy'], url).toContain("frame-ancestors 'none'");
    expect(headers['x-content-type-options'], url).toBe('nosniff');
    expect(headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
  }
  // A remote's own page (its standalone harness) may run only its own code.
  expect(directives((await request.get(`${REMOTES[2]}/`)).headers()['content-security-policy'])['script-src']).toEqual(["'self'"]);
});

test('a script injected into a page does not run, inline or from an origin the site does not name, and the page reports it', async ({
  page,
  cspViolations,
}) => {
  await page.goto('/en');
  await expect(page.getByTestId('site-header')).toBeVisible();
  const ran = await page.evaluate(async (foreignEntry) => {
    const inline = document.createElement('script');
    inline.textContent = 'window.__injected = "inline"';
    document.body.append(inline);
    // The same remote entry, from an origin the policy does not list (127.0.0.1 is not localhost).
    const foreign = await import(foreignEntry).then(
      () => 'loaded',
      () => 'refused',
    );
    return { inline: (window as unknown as { __injected?: string }).__injected ?? null, foreign };
  }, `http://127.0.0.1:${PORTS.billing}/remoteEntry.js`);
  expect(ran).toEqual({ inline: null, foreign: 'refused' });
  await expect
    .poll(() =>
      cspViolations
        .take()
        .map(({ directive, blocked }) => `${directive} ${blocked}`)
        .sort(),
    )
    .toEqual([`script-src-elem http://127.0.0.1:${PORTS.billing}/remoteEntry.js`, 'script-src-elem inline']);
});

test('another site cannot frame the shell', async ({ page }) => {
  await page.setContent(`<iframe title="framed" src="${SHELL}/en"></iframe>`);
  const frame = page.frameLocator('iframe[title="framed"]');
  await expect(page.locator('iframe[title="framed"]')).toBeAttached();
  await expect
    .poll(() =>
      page
        .frames()
        .find((candidate) => candidate !== page.mainFrame())
        ?.url(),
    )
    .toMatch(/^chrome-error:/);
  await expect(frame.getByTestId('site-header')).toHaveCount(0);
});

test('a menu’s scroll lock still applies: its run-time style carries the page’s nonce', async ({ page }) => {
  await page.goto('/en/faqs');
  // The page arrives drawn; the menu opens once React owns it.
  await untilInteractive(page);
  await page
    .getByTestId('site-header')
    .getByRole('button', { name: shipped('shell', 'en', 'header.language') })
    .click();
  await expect(page.getByRole('menuitemradio', { name: 'Italiano' })).toBeVisible();
  await expect.poll(() => page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');
});
