import { expect, test } from '../support/test.ts';
import { SHELL } from '../support/origins.ts';

// Push needs the full browser: the headless shell answers every notification permission with 'denied'.
test.use({
  launchOptions: {
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-component-update', '--disable-sync'],
  },
});

const PROMPT = 'A lighthouse blinking through sea fog';

test('a video that becomes ready is announced in a toast and the tab title on another page, which returns once the tab is seen; the studio that shows it is left to say so itself', async ({
  signedInPage: page,
}) => {
  // Two real renders.
  test.slow();
  await page.goto('/en/text-to-video/generator');
  await page.getByLabel('Prompt').fill(PROMPT);
  await page.getByTestId('generate-button').click();

  // A browser that was never asked gets the offer to be notified after the tab is closed; it stays until answered.
  const offer = page.getByRole('listitem').filter({ hasText: 'Want a notification when this video is ready' });
  await expect(offer.getByRole('button', { name: 'Turn on' })).toBeVisible();

  // The person goes on to another page while it renders: the end is told there.
  await page.getByTestId('site-header').getByRole('link', { name: 'Pricing' }).click();
  await expect(page.locator('[data-remote-region="billing"] h1')).toBeVisible();
  const original = await page.title();
  const toast = page.getByRole('listitem').filter({ hasText: `Your video is ready: “${PROMPT}”` });
  await expect(toast).toBeVisible({ timeout: 60_000 });
  await expect(page).toHaveTitle(`✓ Video ready – ${original}`);
  await expect(toast.getByRole('button', { name: 'Open' })).toBeVisible();

  // A key pressed in the page means it was seen: the title is the page's own again.
  await page.keyboard.press('Shift');
  await expect(page).toHaveTitle(original);

  // Closing the offer is a "not now": it is not made again for the next video.
  await offer.getByRole('button', { name: 'Close notification' }).click();
  await expect(offer).toBeHidden();
  await page.goto('/en/text-to-video/generator');
  const studioTitle = await page.title();
  await page.getByLabel('Prompt').fill(`${PROMPT}, again`);
  // The shell's watcher hears of the end too (the answer that names this video): it is what would have made a toast.
  const heard = page.waitForResponse(
    async (response) => response.url().includes('/api/notifications/ended') && (await response.text()).includes(`${PROMPT}, again`),
    { timeout: 60_000 },
  );
  await page.getByTestId('generate-button').click();
  // Watched in the studio, the video is told by the stage itself, with no toast over the player and no changed title.
  await expect(page.getByTestId('job-announcement')).toHaveText('Your video is ready.', { timeout: 60_000 });
  await heard;
  // A frame after that answer, where its toast would have been drawn.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0))));
  await expect(page.getByRole('listitem').filter({ hasText: 'Your video is ready:' })).toHaveCount(0);
  await expect(page).toHaveTitle(studioTitle);
  await expect(offer).toHaveCount(0);
});

test.describe('push notifications in the account settings', () => {
  test.beforeEach(async ({ context }) => {
    await context.grantPermissions(['notifications'], { origin: SHELL });
    // The browser's own push service (Google's, for Chromium) is out of reach here and refuses headless browsers, so
    // only its registration is stood in for: the subscription has a push service address and real P-256/auth keys,
    // made in the page as a browser would. The service worker, the API calls and the page are the site's own.
    await context.addInitScript(() => {
      // Kept where a reload finds it, as the browser keeps its subscription.
      const KEY = 'e2e-push-subscription';
      const b64 = (bytes: ArrayBuffer) =>
        btoa(String.fromCharCode(...new Uint8Array(bytes)))
          .replace(/\+/g, '-')
          .replace(/\//g, '_')
          .replace(/=+$/, '');
      const asSubscription = (json: { endpoint: string; keys: { p256dh: string; auth: string } }) =>
        ({
          endpoint: json.endpoint,
          expirationTime: null,
          toJSON: () => ({ ...json, expirationTime: null }),
          unsubscribe: async () => {
            localStorage.removeItem(KEY);
            return true;
          },
        }) as unknown as PushSubscription;
      PushManager.prototype.getSubscription = async () => {
        const kept = localStorage.getItem(KEY);
        return kept ? asSubscription(JSON.parse(kept)) : null;
      };
      PushManager.prototype.subscribe = async () => {
        const pair = await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, ['deriveBits']);
        const p256dh = b64(await crypto.subtle.exportKey('raw', pair.publicKey));
        const auth = b64(crypto.getRandomValues(new Uint8Array(16)).buffer);
        const json = { endpoint: `https://push.example.test/send/${crypto.randomUUID()}`, keys: { p256dh, auth } };
        localStorage.setItem(KEY, JSON.stringify(json));
        return asSubscription(json);
      };
    });
  });

  test('turning notifications on registers the service worker and a subscription; turning them off removes it', async ({ signedInPage: page, account }) => {
    await page.goto('/en/account');
    const section = page.getByRole('region', { name: 'Notifications' });
    await expect(section.getByTestId('push-state')).toHaveText('Off in this browser.');
    await section.getByRole('button', { name: 'Turn on notifications' }).click();
    await expect(section.getByTestId('notifications-status')).toHaveText('Notifications are on in this browser.');
    await expect(section.getByTestId('push-state')).toHaveText('On: this browser shows a notification when a video ends.');
    expect(await account.get<{ pushDevices: number }>('/api/notifications/settings')).toMatchObject({ pushDevices: 1 });
    const worker = await page.evaluate(async () => (await navigator.serviceWorker.getRegistration('/'))?.active?.scriptURL ?? null);
    expect(worker).toBe(`${SHELL}/sw.js`);

    // A message as the API sends it reaches the service worker, which shows it as a notification.
    const cdp = await page.context().newCDPSession(page);
    const registrations = new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations: list }) => {
        const ours = list.find((item) => item.scopeURL === `${SHELL}/` && !item.isDeleted);
        if (ours) resolve(ours.registrationId);
      });
    });
    await cdp.send('ServiceWorker.enable');
    const registrationId = await registrations;
    const note = {
      title: 'Your video is ready',
      body: 'A lighthouse',
      url: `${SHELL}/en/text-to-video/generator`,
      tag: 'video-e2e',
      videoId: 'vid_e2e',
      outcome: 'ready',
    };
    const push = () => cdp.send('ServiceWorker.deliverPushMessage', { origin: SHELL, registrationId, data: JSON.stringify(note) });
    await push();
    await expect
      .poll(
        async () => {
          const shown = await page.evaluate(async () =>
            (await (await navigator.serviceWorker.getRegistration('/'))!.getNotifications()).map((n) => [n.title, n.body, n.tag]),
          );
          // A message delivered while Chromium was still starting the worker can be lost (seen once on a loaded
          // machine); it is delivered again until one shows, and its tag makes a second one replace the first.
          if (shown.length === 0) await push();
          return shown;
        },
        { timeout: 20_000 },
      )
      .toEqual([['Your video is ready', 'A lighthouse', 'video-e2e']]);

    // Mail is separate, and off until asked for.
    const mail = section.getByRole('checkbox', { name: 'Email me when a video is ready or has failed' });
    await expect(mail).not.toBeChecked();
    await mail.check();
    await expect(section.getByTestId('notifications-status')).toHaveText('We will email you when a video ends.');
    expect(await account.get<{ email: boolean }>('/api/notifications/settings')).toMatchObject({ email: true });

    // After a reload the page finds the browser's subscription; turning it off ends it here and at the API.
    await page.reload();
    await expect(section.getByTestId('push-state')).toHaveText('On: this browser shows a notification when a video ends.');
    await expect(mail).toBeChecked();
    await section.getByRole('button', { name: 'Turn off notifications' }).click();
    await expect(section.getByTestId('notifications-status')).toHaveText('Notifications are off in this browser.');
    await expect(section.getByTestId('push-state')).toHaveText('Off in this browser.');
    expect(await account.get<{ pushDevices: number }>('/api/notifications/settings')).toMatchObject({ pushDevices: 0 });

    // Turned on again, then signed out: the browser's subscription ends with the session.
    await section.getByRole('button', { name: 'Turn on notifications' }).click();
    await expect(section.getByTestId('push-state')).toHaveText('On: this browser shows a notification when a video ends.');
    await page
      .getByTestId('site-header')
      .getByRole('button', { name: /Account menu for/ })
      .click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page.getByTestId('site-header').getByRole('link', { name: 'Login' })).toBeVisible();
    await expect
      .poll(() => page.evaluate(async () => (await (await navigator.serviceWorker.getRegistration('/'))!.pushManager.getSubscription()) === null))
      .toBe(true);
  });
});
