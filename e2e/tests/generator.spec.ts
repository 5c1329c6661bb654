import { randomUUID } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import { expect, test } from '../support/test.ts';
import { freshEmail, PASSWORD } from '../support/accounts.ts';
import type { Page } from '@playwright/test';

/** A real PNG (a colour gradient), so the API's byte sniffing and ffmpeg both get a true picture. */
function pngBytes(width: number, height: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, body: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(body.length, 0);
    head.write(type, 4, 'latin1');
    const tail = Buffer.alloc(4);
    tail.writeUInt32BE(crc(Buffer.concat([head.subarray(4), body])), 0);
    return Buffer.concat([head, body, tail]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    for (let x = 0; x < width; x++) rows.set([Math.round((x / width) * 255), Math.round((y / height) * 255), 160], row + 1 + x * 3);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The finished video plays inline: metadata loaded, and as long as was asked for. */
async function expectPlayableFiveSeconds(page: Page) {
  const player = page.getByTestId('result-video');
  await expect(player).toBeVisible({ timeout: 60_000 });
  await expect.poll(() => player.evaluate((video: HTMLVideoElement) => video.readyState), { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
  const duration = await player.evaluate((video: HTMLVideoElement) => video.duration);
  expect(Math.abs(duration - 5)).toBeLessThan(0.5);
}

test('a visitor signs up from the generator, comes back to the same draft and makes a text video', async ({ page }) => {
  await page.goto('/text-to-video/generator');
  await page.getByLabel('Prompt').fill('A paper boat drifting down a rainy street');
  await page.getByTestId('generate-button').click();

  await expect(page).toHaveURL(/\/en\/auth\?returnTo=%2Ftext-to-video%2Fgenerator$/);
  await page.getByRole('tab', { name: 'Register' }).click();
  await page.getByLabel('Name').fill('Grace Hopper');
  await page.getByLabel('Email').fill(freshEmail());
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(page).toHaveURL(/\/en\/text-to-video\/generator$/);
  await expect(page.getByLabel('Prompt')).toHaveValue('A paper boat drifting down a rainy street');
  // The e2e API runs the local engine: nothing may pass its clips off as AI video.
  await expect(page.getByTestId('preview-notice')).toContainText('without an AI model');
  const headerCredits = page.getByTestId('site-header').getByTestId('credit-display');
  await expect(headerCredits).toHaveText('100 credits');
  await expect(page.getByTestId('generation-cost')).toHaveText('10 credits');

  await page.getByTestId('generate-button').click();
  await expect(page.getByRole('progressbar', { name: 'Generation progress' })).toBeVisible();
  await expect(headerCredits).toHaveText('90 credits');
  await expect(page.getByTestId('generator-balance')).toContainText('You have 90 credits');
  await expectPlayableFiveSeconds(page);
  await expect(page.getByTestId('job-announcement')).toHaveText('Your video is ready.');
  await expect(page.getByTestId('result-preview-note')).toHaveText('This clip is a preview made without an AI model.');

  const history = page.getByTestId('history');
  await expect(history.getByTestId('history-item')).toHaveCount(1);
  await expect(history.getByRole('button', { name: 'Download “A paper boat drifting down a rainy street”' })).toBeEnabled();
  await expect(history.getByTestId('history-item')).toContainText('A paper boat drifting down a rainy street');
  await expect(history.getByTestId('history-item')).toHaveAttribute('data-status', 'succeeded');
  await expect(history.getByTestId('history-preview-badge')).toHaveText('Preview, no AI');

  // Played again from the history below, the clip comes into view whole: its top below the sticky header, not under it.
  await history.getByRole('button', { name: 'Play “A paper boat drifting down a rainy street”' }).click();
  const stage = page.getByTestId('result-panel');
  await expect(stage.getByRole('heading', { name: 'Preview' })).toBeFocused();
  const header = (await page.getByTestId('site-header').boundingBox())!;
  const headerBottom = header.y + header.height;
  await expect.poll(async () => (await stage.boundingBox())!.y).toBeGreaterThanOrEqual(headerBottom);
  expect((await page.getByTestId('result-video').boundingBox())!.y).toBeLessThan(page.viewportSize()!.height);
});

test('a picture is refused when it is not an image, then an image video is made, listed and deleted', async ({ signedInPage: page }) => {
  await page.goto('/image-to-video/generator');
  const input = page.getByTestId('image-input');

  await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a picture') });
  await expect(page.getByTestId('image-problem')).toHaveText('This file is not a picture we can use. Choose a PNG, JPEG or WebP image.');
  // Named and typed as a PNG, but the browser cannot read it: refused before a (broken) preview or an upload.
  await input.setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('not a picture either') });
  await expect(page.getByTestId('image-problem')).toHaveText('This picture could not be read. Try another file.');
  await expect(page.getByRole('img', { name: /Your starting picture/ })).toHaveCount(0);

  await input.setInputFiles({ name: 'gradient.png', mimeType: 'image/png', buffer: pngBytes(320, 180) });
  await expect(page.getByTestId('upload-status')).toHaveText('Picture uploaded and ready.');
  await expect(page.getByRole('img', { name: 'Your starting picture: gradient.png' })).toBeVisible();
  // The draft keeps the uploaded picture (by its server id) through a reload.
  await page.reload();
  await expect(page.getByTestId('upload-status')).toHaveText('Picture uploaded and ready.');
  await page.getByLabel('Describe the motion (optional)').fill('Slow push in');
  // From the keyboard: Ctrl+Enter in the prompt generates, and focus follows the job to its progress bar.
  await page.keyboard.press('Control+Enter');
  await expect(page.getByRole('progressbar', { name: 'Generation progress' })).toBeFocused();
  await expect(page.getByTestId('site-header').getByTestId('credit-display')).toHaveText('90 credits');
  await expectPlayableFiveSeconds(page);

  const item = page.getByTestId('history').getByTestId('history-item');
  await expect(item).toHaveCount(1);
  await expect(item).toContainText('Picture');
  await item.getByRole('button', { name: 'Delete “Slow push in”' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete this video?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('history-empty')).toBeVisible();
  await expect(item).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Your videos' })).toBeFocused();
});

test('a stored job the server refuses is let go: Generate is free again and the page says where to look', async ({ signedInPage: page }) => {
  await page.addInitScript(() => sessionStorage.setItem('reelmint:generator:job', 'not-a-real-job'));
  await page.goto('/text-to-video/generator');
  await expect(page.getByTestId('job-lost')).toHaveText(
    'The video you started can no longer be followed here. Look for it under “Your videos”, or start a new one.',
  );
  await expect(page.getByTestId('generate-button')).toBeEnabled();
  expect(await page.evaluate(() => sessionStorage.getItem('reelmint:generator:job'))).toBeNull();
});

test('an option outside the plan says why and opens the subscription modal', async ({ signedInPage: page }) => {
  await page.goto('/text-to-video/generator');
  const v2 = page.getByRole('button', { name: /v2\.0/ });
  await expect(v2).toHaveAttribute('data-locked', 'true');
  await v2.click();
  // Pro is the cheapest plan with the v2.0 model: the note and the modal name it, and the modal starts on it.
  await expect(page.getByTestId('lock-note-model')).toHaveText('The v2.0 model comes with the Pro plan.');
  const modal = page.getByRole('dialog', { name: 'The v2.0 model comes with Pro' });
  await expect(modal).toBeVisible();
  await expect(modal.getByRole('radio', { name: /Pro/ })).toBeChecked();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: /1080p/ }).click();
  await expect(page.getByTestId('lock-note-resolution')).toHaveText('1080p resolution comes with the Max plan.');
  await expect(page.getByRole('dialog', { name: '1080p videos come with Max' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'v1.0' })).toHaveAttribute('aria-pressed', 'true');
});

test('with too few credits, Generate opens the needs-credits modal and starts nothing', async ({ signedInPage: page, account }) => {
  expect(await account.spend(95)).toBe(5);

  await page.goto('/text-to-video/generator');
  await expect(page.getByTestId('low-credit-panel')).toBeVisible();
  await expect(page.getByTestId('generator-balance')).toHaveAttribute('data-level', 'low');
  await page.getByLabel('Prompt').fill('Fireworks over a harbour');
  await page.getByTestId('generate-button').click();
  await expect(page.getByRole('dialog', { name: 'This video needs AI credits to continue' })).toBeVisible();
  await expect(page.getByTestId('site-header').getByTestId('credit-display')).toHaveText('5 credits');
  expect((await account.get<{ total: number }>('/api/videos/history')).total).toBe(0);
});

test('a Max member with no credits left makes a video on the relaxed queue for nothing, one at a time', async ({ signedInPage: page, account }) => {
  await account.subscribe('max', 'monthly');
  expect(await account.spend(1100)).toBe(0);

  await page.goto('/text-to-video/generator');
  await page.getByLabel('Prompt').fill('Lanterns rising over a quiet lake');
  const queue = page.getByRole('group', { name: 'Queue' });
  await expect(queue.getByRole('button', { name: /Fast/ })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('credits-shortfall')).toBeVisible();
  await queue.getByRole('button', { name: /Relaxed/ }).click();
  await expect(page.getByTestId('generation-cost')).toHaveText('No credits on the relaxed queue');
  await expect(page.getByTestId('credits-shortfall')).toHaveCount(0);

  await page.getByTestId('generate-button').click();
  await expectPlayableFiveSeconds(page);
  await expect(page.getByTestId('site-header').getByTestId('credit-display')).toHaveText('0 credits');
  const history = await account.get<{ items: Array<{ queue: string; cost: number; status: string }> }>('/api/videos/history');
  expect(history.items).toEqual([expect.objectContaining({ queue: 'relaxed', cost: 0, status: 'succeeded' })]);
  expect((await account.get<{ balance: number }>('/api/user/credits')).balance).toBe(0);
});

test('at 1280x800 Generate is on the first screen, one Tab after the prompt, and every control shows where focus is', async ({ signedInPage: page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/en/text-to-video/generator');
  const generate = page.getByTestId('generate-button');
  await expect(generate).toBeEnabled();
  expect((await generate.boundingBox())!.y + (await generate.boundingBox())!.height).toBeLessThanOrEqual(800);

  const ring = (locator: ReturnType<Page['locator']>) => locator.evaluate((element) => getComputedStyle(element).outlineStyle);
  await page.getByLabel('Prompt').focus();
  await page.keyboard.press('Tab');
  await expect(generate).toBeFocused();
  expect(await ring(generate)).toBe('solid');
  // The chosen model, focused, shows the ring over its chosen look; once focus moves on, only the chosen look stays.
  const chosen = page.getByRole('button', { name: 'v1.0', exact: true });
  await page.keyboard.press('Tab');
  await expect(chosen).toBeFocused();
  await expect(chosen).toHaveAttribute('aria-pressed', 'true');
  expect(await ring(chosen)).toBe('solid');
  await page.keyboard.press('Tab');
  expect(await ring(chosen)).toBe('none');
  expect(await ring(page.getByRole('button', { name: /v2\.0/ }))).toBe('solid');
});

test('Your videos keeps its list when it cannot refresh offline, says so, and reads it again once back online', async ({
  signedInPage: page,
  account,
  api,
}) => {
  const made = await api.post('/api/videos/generate', {
    headers: { ...account.headers, 'Idempotency-Key': randomUUID() },
    data: { type: 'text-to-video', prompt: 'Kites over a windy beach', model: 'v1.0', resolution: '512p', duration: '5s', aspectRatio: '16:9' },
  });
  expect(made.status()).toBe(202);
  await page.goto('/fr/text-to-video/generator');
  const history = page.getByTestId('history');
  const item = history.getByTestId('history-item');
  await expect(item).toContainText('Kites over a windy beach');

  // The connection goes; the page hears it as a browser does, by the window's offline event (sent here too: Chromium
  // sends none where the machine has no network but loopback, as in a test sandbox, and a second one changes nothing).
  const connection = async (online: boolean) => {
    await page.context().setOffline(!online);
    await page.evaluate((event) => window.dispatchEvent(new Event(event)), online ? 'online' : 'offline');
  };
  await connection(false);
  await history.getByLabel('Afficher').selectOption('edit');
  const alert = history.getByRole('alert');
  await expect(alert).toContainText('Vous êtes hors ligne : impossible d’actualiser vos vidéos.');
  await expect(alert).toContainText('La liste ci-dessous est celle chargée précédemment.');
  await expect(item).toContainText('Kites over a windy beach');

  // No click: coming back online is enough.
  await connection(true);
  await expect(history.getByTestId('history-empty')).toHaveText('Aucune vidéo de ce type pour l’instant.');
  await expect(alert).toHaveCount(0);
  await expect(item).toHaveCount(0);
});
