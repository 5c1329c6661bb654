import { randomUUID } from 'node:crypto';
import { expect, test } from '../support/test.ts';
import type { Account } from '../support/accounts.ts';
import { API, SHELL } from '../support/origins.ts';
import type { APIRequestContext, Page, Route } from '@playwright/test';
import { shipped, untilInteractive } from '../support/routes.ts';

// The marketing remote on the served site, in French: every page's content, every call to action
// keeping the language, the templates gallery against the real API, and its loading and error states.

const fr = (key: string) => shipped('marketing', 'fr', key);
const region = (page: Page) => page.locator('[data-remote-region="marketing"]');

interface Template {
  id: string;
  title: string;
  prompt: string;
}

/** The catalogue as the real API answers it for a page in a language. */
async function catalogue(request: APIRequestContext, lng: string): Promise<Template[]> {
  return (await (await request.get(`${API}/api/video/templates?lang=${lng}`)).json()).data as Template[];
}

/** The gallery's call to the API, whatever language it asks in. */
const catalogueCall = (url: URL) => url.pathname === '/api/video/templates';

test('the home hero loads its poster first, and offers no pause button while there is no clip to play', async ({ page }) => {
  // The e2e API runs with TEMPLATE_PREVIEWS=off, so posters exist and clips do not; pausing a clip is covered by the unit tests.
  await page.goto('/fr');
  const hero = region(page).getByRole('region', { name: fr('home.title') });
  const poster = hero.locator('img').first();
  await expect(poster).toHaveAttribute('loading', 'eager');
  await expect(poster).toHaveAttribute('fetchpriority', 'high');
  await expect.poll(() => poster.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  await expect(hero.locator('video')).toHaveCount(0);
  await expect(hero.getByRole('button')).toHaveCount(0);
  // The template clips are the site's own sample animations and say so.
  await expect(hero.getByTestId('hero-sample-note')).toHaveText(fr('home.heroSample'));
});

test('every marketing page renders its content in French', async ({ page }) => {
  await page.goto('/fr');
  const home = region(page);
  await expect(home.getByRole('heading', { level: 1 })).toHaveText(fr('home.title'));
  await expect(home.getByRole('link', { name: fr('home.cta') }).first()).toHaveAttribute('href', '/fr/text-to-video/generator');
  // The strip shows real templates from the API.
  await expect(home.getByTestId('template-card').first()).toBeVisible();
  await expect(home.getByRole('heading', { name: fr('home.stepsTitle') })).toBeVisible();
  await expect(home.getByRole('button', { name: fr('faqs.items.credits.q') })).toBeVisible();

  await page.goto('/fr/text-to-video');
  await expect(region(page).getByRole('heading', { level: 1 })).toHaveText(fr('textLanding.title'));
  // Six model and resolution rows; the cheapest costs 10 credits for 5 seconds (creditCost).
  const table = region(page).getByTestId('cost-table');
  await expect(table.locator('tbody tr')).toHaveCount(6);
  await expect(table.locator('tbody tr').first()).toContainText('10 crédits');
  await expect(region(page).getByText(fr('textLanding.prompt'), { exact: true }).first()).toBeVisible();

  await page.goto('/fr/image-to-video');
  await expect(region(page).getByRole('heading', { level: 1 })).toHaveText(fr('imageLanding.title'));
  await expect(region(page).getByRole('heading', { name: fr('imageLanding.tipsTitle') })).toBeVisible();

  await page.goto('/fr/about-us');
  await expect(region(page).getByRole('heading', { level: 1 })).toHaveText(fr('about.title'));
  await expect(region(page).getByRole('heading', { name: fr('about.value2Title') })).toBeVisible();

  await page.goto('/fr/faqs');
  await expect(region(page).getByRole('heading', { level: 1 })).toHaveText(fr('faqs.title'));
  await untilInteractive(page);
  const refunds = region(page).getByRole('button', { name: fr('faqs.items.refunds.q') });
  await expect(region(page).getByRole('button', { expanded: false })).toHaveCount(7);
  await refunds.click();
  await expect(refunds).toHaveAttribute('aria-expanded', 'true');
  // Eight answers are too many to be landmarks (WAI-ARIA), so the answer is found through the button it belongs to.
  const answer = region(page).locator(`[id="${await refunds.getAttribute('aria-controls')}"]`);
  await expect(answer).toHaveText(fr('faqs.items.refunds.a'));
  await expect(answer).not.toHaveAttribute('role', 'region');

  await page.goto('/fr/contact');
  await expect(region(page).getByRole('heading', { level: 1 })).toHaveText(fr('contact.title'));
  await untilInteractive(page);
  await expect(region(page).getByRole('link', { name: 'support@reelmint.com' })).toHaveAttribute('href', 'mailto:support@reelmint.com');
  await region(page)
    .getByRole('button', { name: fr('contact.submit') })
    .click();
  await expect(region(page).getByRole('alert')).toHaveText(shipped('marketing', 'fr', 'contact.errorsSummary_other').replace('{{count}}', '3'));
  await expect(region(page).getByLabel(fr('contact.name'))).toBeFocused();

  for (const doc of ['privacy', 'terms'] as const) {
    await page.goto(doc === 'privacy' ? '/fr/privacy-policy' : '/fr/terms-of-service');
    await expect(region(page).getByRole('heading', { level: 1 })).toHaveText(fr(`${doc}.title`));
    await expect(region(page).locator('article section')).toHaveCount(13);
    await expect(
      region(page)
        .getByRole('navigation', { name: fr('legal.contents') })
        .getByRole('link'),
    ).toHaveCount(13);
  }
});

test('calls to action lead to the right route and keep the language', async ({ page }) => {
  // Eleven cold page loads, each until the page is interactive: over the default time on a loaded two-core machine.
  test.slow();
  const follow = async (from: string, name: string, to: string) => {
    await page.goto(from);
    await expect(region(page).getByRole('heading', { level: 1 })).toBeVisible();
    await untilInteractive(page);
    // A card link is named by all its text; find it by its heading, a plain link by its name.
    const byHeading = region(page)
      .getByRole('link')
      .filter({ has: page.getByRole('heading', { name, exact: true }) });
    const link = (await byHeading.count()) > 0 ? byHeading : region(page).getByRole('link', { name, exact: true });
    await link.first().click();
    await expect(page).toHaveURL(to);
  };
  await follow('/fr', fr('home.cta'), '/fr/text-to-video/generator');
  await follow('/fr', fr('home.textCard'), '/fr/text-to-video');
  await follow('/fr', fr('home.imageCard'), '/fr/image-to-video');
  await follow('/fr', fr('home.plansCta'), '/fr/pricing');
  await follow('/fr', fr('home.examplesAll'), '/fr/free-video-templates');
  await follow('/fr', fr('home.faqAll'), '/fr/faqs');
  await follow('/fr/text-to-video', fr('textLanding.cta'), '/fr/text-to-video/generator');
  await follow('/fr/image-to-video', fr('imageLanding.cta'), '/fr/image-to-video/generator');
  await follow('/fr/image-to-video', fr('landing.pricingLink'), '/fr/pricing');
  await follow('/fr/faqs', fr('faqs.moreCta'), '/fr/contact');
  await follow('/fr/about-us', fr('about.contactCta'), '/fr/contact');
});

test('the gallery shows each prompt in French, and picking a template opens the generator filled with it', async ({ page, request }) => {
  const french = await catalogue(request, 'fr');
  const neon = french.find((t) => t.id === 'tpl-neon-city')!;
  const english = (await catalogue(request, 'en')).find((t) => t.id === 'tpl-neon-city')!;
  expect(neon.prompt).not.toBe(english.prompt);

  // The first HTML, drawn by the server, already carries the French titles and prompts.
  const html = await (await request.get('/fr/free-video-templates')).text();
  for (const template of french) expect(html).toContain(template.prompt);
  expect(html).not.toContain(english.prompt);

  await page.goto('/fr/free-video-templates');
  const gallery = region(page);
  await expect(gallery.getByTestId('template-card')).toHaveCount(french.length);
  await untilInteractive(page);
  // Searching in French, without the accent, finds the translated title; the URL follows the box.
  await gallery.getByRole('searchbox', { name: fr('templates.searchLabel') }).fill('neons');
  await expect(page).toHaveURL('/fr/free-video-templates?q=neons');
  await expect(gallery.getByTestId('template-card')).toHaveCount(1);
  const card = gallery.getByTestId('template-card').filter({ hasText: neon.title });
  await expect(card.getByText(neon.prompt, { exact: true })).toBeVisible();

  const opened = page.waitForURL(`/fr/text-to-video/generator?template=${neon.id}`);
  await card.getByRole('link', { name: fr('templates.use') }).click();
  await opened;
  // The prompt, not the negative prompt below it, in the words the card showed.
  await expect(page.locator('[data-remote-region="generator"] textarea:not([data-testid="negative-prompt"])')).toHaveValue(neon.prompt);
  await expect(page.getByTestId('template-chip')).toContainText(neon.title);
});

test('the site search action opens the gallery filtered by q, and a category narrows it', async ({ page, request }) => {
  const pasta = (await catalogue(request, 'fr')).find((t) => t.id === 'tpl-fresh-pasta')!;
  await page.goto('/fr/free-video-templates?q=pates');
  const gallery = region(page);
  await expect(gallery.getByRole('searchbox')).toHaveValue('pates');
  await expect(gallery.getByTestId('template-card')).toHaveCount(1);
  await expect(gallery.getByRole('heading', { level: 2, name: pasta.title })).toBeVisible();

  await page.goto('/fr/free-video-templates');
  // The gallery arrives drawn with its buttons; they work once the browser has taken the page over.
  await untilInteractive(page);
  await gallery.getByRole('button', { name: fr('templates.categories.Nature'), exact: true }).click();
  await expect(page).toHaveURL('/fr/free-video-templates?category=Nature');
  await expect(gallery.getByTestId('template-card')).toHaveCount(3);
});

/**
 * The gallery as the browser draws it: a drawn page arrives with the catalogue already in it, so its loading and
 * error states are the browser's, on an address the server leaves undrawn (in French, by the language cookie).
 */
async function openGalleryInTheBrowser(page: Page) {
  await page.context().addCookies([{ name: 'i18next', value: 'fr', url: SHELL }]);
  await page.goto('/free-video-templates');
}

test('the gallery shows its loading state while the API is slow and recovers from errors', async ({ page }) => {
  // Slow: the call is held until the loading state has been seen, then let through.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(catalogueCall, async (route: Route) => {
    await held;
    await route.continue();
  });
  await openGalleryInTheBrowser(page);
  await expect(region(page).getByTestId('templates-loading')).toBeVisible();
  await expect(
    region(page)
      .getByRole('status')
      .filter({ hasText: fr('templates.loading') }),
  ).toBeAttached();
  release();
  await expect(region(page).getByTestId('template-card').first()).toBeVisible();
  await page.unrouteAll();

  // Server error: an alert with the reason and a retry that works without reloading the page.
  let failing = true;
  await page.route(catalogueCall, (route: Route) =>
    failing ? route.fulfill({ status: 500, json: { success: false, data: null, error: 'INTERNAL_ERROR', message: 'Database unavailable' } }) : route.continue(),
  );
  await openGalleryInTheBrowser(page);
  const alert = region(page).getByRole('alert');
  await expect(alert).toContainText('Database unavailable');
  failing = false;
  await alert.getByRole('button', { name: fr('templates.retry') }).click();
  await expect(region(page).getByTestId('template-card').first()).toBeVisible();
  await page.unrouteAll();

  // Down: the client cannot reach the server, so it says so instead of showing an empty catalogue.
  await page.route(catalogueCall, (route: Route) => route.abort('connectionrefused'));
  await openGalleryInTheBrowser(page);
  await expect(region(page).getByText(fr('templates.offline'))).toBeVisible();
  await expect(region(page).getByText(fr('templates.empty'))).toHaveCount(0);
});

/** A real clip the API renders for `account`: the e2e API renders no template previews (TEMPLATE_PREVIEWS=off). */
async function renderedClip(api: APIRequestContext, account: Account): Promise<Buffer> {
  const started = await api.post('/api/videos/generate', {
    headers: { ...account.headers, 'Idempotency-Key': randomUUID() },
    data: { type: 'text-to-video', prompt: 'Waves on a quiet beach', model: 'v1.0', resolution: '512p', duration: '5s', aspectRatio: '16:9' },
  });
  expect(started.status()).toBe(202);
  const { id } = (await started.json()).data as { id: string };
  let file = '';
  await expect
    .poll(
      async () => {
        const video = await account.get<{ status: string; videoUrl: string | null }>(`/api/videos/status/${id}`);
        file = video.videoUrl ?? '';
        return video.status;
      },
      { timeout: 60_000 },
    )
    .toBe('succeeded');
  return (await api.get(file)).body();
}

test('a template card plays and pauses its motion with a button of its own, by touch and by keyboard, and opens nothing', async ({ browser, api, signUp }) => {
  const clip = await renderedClip(api, await signUp('Ada Lovelace'));
  // A phone: touch, no hover.
  const phone = await browser.newContext({ viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true });
  const page = await phone.newPage();
  // The gallery as the browser draws it (the way its loading states are tested), its first template with its clip
  // rendered: the real API's answer, marked so, and that clip served where the API would serve it.
  const neon = (await catalogue(api, 'fr')).find((t) => t.id === 'tpl-neon-city')!;
  await page.route(catalogueCall, async (route: Route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { data: Array<Template & { previewReady: boolean }> };
    for (const template of body.data) template.previewReady = template.id === neon.id;
    await route.fulfill({ response, json: body });
  });
  await page.route(`${API}/api/video/templates/${neon.id}/preview`, (route: Route) => route.fulfill({ body: clip, contentType: 'video/mp4' }));
  await openGalleryInTheBrowser(page);
  const card = region(page).getByTestId('template-card').filter({ hasText: neon.title });
  const motion = card.locator('video');
  await expect(motion).toHaveCount(0);

  await card.getByRole('button', { name: `Lire l’aperçu de « ${neon.title} »` }).tap();
  await expect(motion).toHaveCount(1);
  await expect.poll(() => motion.evaluate((video: HTMLVideoElement) => video.currentTime)).toBeGreaterThan(0);
  // Still the gallery (in French, as the language watcher writes its address): the tap opened nothing.
  await expect(page).toHaveURL(/\/free-video-templates$/);

  const pause = card.getByRole('button', { name: `Mettre en pause l’aperçu de « ${neon.title} »` });
  await pause.focus();
  await page.keyboard.press('Enter');
  await expect(motion).toHaveCount(0);
  await page.keyboard.press('Space');
  await expect(motion).toHaveCount(1);
  // The card's link is the next stop, and still opens the generator.
  await page.keyboard.press('Tab');
  await expect(card.getByRole('link', { name: fr('templates.use') })).toBeFocused();
  await phone.close();
});

test('the home page shows every template of its strip whole, and its calls to action show where focus is', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/en');
  await untilInteractive(page);
  const strip = region(page).getByRole('region', { name: shipped('marketing', 'en', 'home.examplesTitle') });
  const cards = strip.getByTestId('template-card');
  await expect(cards).toHaveCount(8);
  const area = (await strip.boundingBox())!;
  for (const box of await cards.evaluateAll((all) => all.map((card) => card.getBoundingClientRect().toJSON() as DOMRect))) {
    expect(box.left).toBeGreaterThanOrEqual(area.x);
    expect(box.right).toBeLessThanOrEqual(area.x + area.width);
  }

  const cta = region(page)
    .getByRole('link', { name: shipped('marketing', 'en', 'home.cta') })
    .first();
  await cta.focus();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  await expect(cta).toBeFocused();
  expect(await cta.evaluate((link) => getComputedStyle(link).outlineStyle)).toBe('solid');
});

test('a shared link to a section of a policy opens the page at that section, on a first load and after a move', async ({ page }) => {
  await page.goto('/en/privacy-policy#privacy-children');
  const children = region(page).locator('#privacy-children h2');
  await expect(children).toBeVisible();
  await expect(children).toBeInViewport();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  // From another page of the site, by the router: the terms open at their section on credits.
  await page.goto('/en/faqs');
  await page.evaluate(() => {
    history.pushState(null, '', '/en/terms-of-service#terms-credits');
    dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(region(page).locator('#terms-credits h2')).toBeInViewport();
});
