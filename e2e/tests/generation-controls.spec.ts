import { crc32, deflateSync } from 'node:zlib';
import { creditCost } from '@reelmint/contract/pricing';
import type { VideoHistoryPage } from '@reelmint/contract/video-api';
import { expect, test } from '../support/test.ts';
import type { Locator } from '@playwright/test';

/** A real PNG of one colour, so the API's sniffing and ffmpeg get a true picture whose colour can be told apart. */
function solidPng(name: string, [r, g, b]: [number, number, number], width = 320, height = 180) {
  const chunk = (type: string, body: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(body.length);
    const typed = Buffer.concat([Buffer.from(type, 'latin1'), body]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(typed));
    return Buffer.concat([length, typed, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => [r, g, b]).flat())]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  const buffer = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  return { name, mimeType: 'image/png', buffer };
}

type MediaCounters = HTMLVideoElement & { webkitAudioDecodedByteCount: number; webkitVideoDecodedByteCount: number };

/** Plays the finished clip (muted, as a page may) until picture bytes have been decoded; the audio bytes decoded by then. */
async function decodedAudioBytes(player: Locator): Promise<number> {
  await expect(player).toBeVisible({ timeout: 90_000 });
  await player.evaluate((video: HTMLVideoElement) => {
    video.muted = true;
    return video.play();
  });
  await expect.poll(() => player.evaluate((video: MediaCounters) => video.webkitVideoDecodedByteCount), { timeout: 15_000 }).toBeGreaterThan(0);
  await expect.poll(() => player.evaluate((video: HTMLVideoElement) => video.currentTime), { timeout: 15_000 }).toBeGreaterThan(1);
  return player.evaluate((video: MediaCounters) => video.webkitAudioDecodedByteCount);
}

test('an image video ends on a second picture with a camera move, and its sound is real and priced by the shared formula', async ({
  signedInPage: page,
  account,
}) => {
  // A ceiling, not a wait: two renders of the local engine share two cores with the other spec file of the run.
  test.setTimeout(120_000);
  await account.subscribe('pro', 'monthly');
  await page.goto('/image-to-video/generator');
  await page.getByTestId('image-input').setInputFiles(solidPng('red.png', [230, 30, 30]));
  await expect(page.getByTestId('upload-status')).toHaveText('Picture uploaded and ready.');
  await page.getByRole('button', { name: 'v2.0' }).click();
  await page.getByText('More settings').click();

  const panel = page.getByTestId('generation-controls');
  await panel.getByTestId('endFrame-input').setInputFiles(solidPng('blue.png', [30, 30, 230]));
  await expect(panel.getByRole('img', { name: 'Keyframe: blue.png' })).toBeVisible();
  await panel.getByLabel('Camera motion').selectOption({ label: 'Push in' });
  const sound = panel.getByRole('checkbox', { name: 'Generate sound' });
  await expect(sound).toHaveAccessibleDescription('Adds a sound track made with the video. The cost is multiplied by 1.25.');
  await sound.focus();
  await page.keyboard.press('Space');
  await expect(sound).toBeChecked();
  const withSound = creditCost({ model: 'v2.0', resolution: '512p', duration: '5s', audio: true });
  await expect(page.getByTestId('generation-cost')).toHaveText(`${withSound} credits`);

  await page.getByTestId('generate-button').click();
  expect(await decodedAudioBytes(page.getByTestId('result-video'))).toBeGreaterThan(0);
  const history = await account.get<VideoHistoryPage>('/api/videos/history');
  expect(history.items[0]).toMatchObject({
    type: 'image-to-video',
    model: 'v2.0',
    endImageId: expect.any(String),
    cameraMotion: 'push_in',
    audio: true,
    cost: withSound,
    status: 'succeeded',
  });
});

test('at 375 px, by keyboard: a text video starts on its start frame, sound is locked on v1.0 with a note naming v2.0, and the clip has no sound', async ({
  signedInPage: page,
  account,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/text-to-video/generator');
  await page.getByLabel('Prompt').fill('A lighthouse at dusk');
  const more = page.getByText('More settings');
  await more.focus();
  await page.keyboard.press('Enter');

  const panel = page.getByTestId('generation-controls');
  const sound = panel.getByRole('checkbox', { name: 'Generate sound' });
  await expect(sound).toBeDisabled();
  await expect(panel.getByTestId('control-audio-locked')).toHaveText('The v1.0 model cannot use this. Choose v2.0 to turn it on.');
  await panel.getByTestId('startFrame-input').setInputFiles(solidPng('green.png', [30, 200, 60]));
  await expect(panel.getByRole('img', { name: 'Keyframe: green.png' })).toBeVisible();
  await panel.getByLabel('Camera motion').focus();
  await panel.getByLabel('Camera motion').selectOption('pan_left');
  await expect(page.getByTestId('generation-cost')).toHaveText(`${creditCost({ model: 'v1.0', resolution: '512p', duration: '5s' })} credits`);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  await page.getByTestId('generate-button').click();
  expect(await decodedAudioBytes(page.getByTestId('result-video'))).toBe(0);
  const history = await account.get<VideoHistoryPage>('/api/videos/history');
  expect(history.items[0]).toMatchObject({
    type: 'text-to-video',
    startImageId: expect.any(String),
    cameraMotion: 'pan_left',
    audio: false,
    status: 'succeeded',
  });
});

test('the API refuses a control the model lacks, an unknown camera preset and a keyframe that is not a picture, and charges nothing', async ({
  api,
  account,
}) => {
  const { balance } = await account.get<{ balance: number }>('/api/user/credits');
  const text = { type: 'text-to-video', prompt: 'Rain on a window', model: 'v1.0', resolution: '512p', duration: '5s' };
  const refusals: Array<[Record<string, unknown>, number, string]> = [
    [{ ...text, audio: true }, 422, 'CONTROL_UNAVAILABLE'],
    [{ ...text, cameraMotion: 'barrel_roll' }, 400, 'CAMERA_MOTION_UNKNOWN'],
    [{ ...text, startImageId: 'upl_nobody' }, 404, 'UPLOAD_NOT_FOUND'],
  ];
  for (const [data, status, code] of refusals) {
    const reply = await api.post('/api/videos/generate', { headers: account.headers, data });
    expect(reply.status()).toBe(status);
    expect(await reply.json()).toMatchObject({ error: code, message: expect.any(String) });
  }
  const features = await (await api.get('/api/videos/features')).json();
  expect(features.data.models).toContainEqual({ model: 'v2.0', startFrame: true, endFrame: true, camera: 'control', audio: true });
  expect((await account.get<{ balance: number }>('/api/user/credits')).balance).toBe(balance);
});
