import { expect, test } from '../support/test.ts';
import type { Locator, Page } from '@playwright/test';

async function makeClip(page: Page, prompt: string) {
  await page.goto('/en/text-to-video/generator');
  await page.getByLabel('Prompt').fill(prompt);
  await page.getByTestId('generate-button').click();
  await expect(page.getByTestId('result-video')).toBeVisible({ timeout: 90_000 });
}

/** Plays the clip on the stage for a moment and reads its frame size and length. */
async function played(player: Locator) {
  await expect.poll(() => player.evaluate((video: HTMLVideoElement) => video.readyState), { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
  await player.evaluate((video: HTMLVideoElement) => video.play());
  await expect.poll(() => player.evaluate((video: HTMLVideoElement) => video.currentTime), { timeout: 15_000 }).toBeGreaterThan(0);
  return player.evaluate((video: HTMLVideoElement) => ({ width: video.videoWidth, height: video.videoHeight, seconds: video.duration }));
}

test('a Max member trims a clip, reframes the trim to portrait, and plays each result, linked to its source', async ({ signedInPage: page, account }) => {
  test.setTimeout(240_000);
  await account.subscribe('max', 'monthly');
  await makeClip(page, 'A red kite over green hills');
  const panel = page.getByTestId('edit-panel');

  // Trim by keyboard: an arrow is 0.05 s, Shift and an arrow a whole second.
  await panel.getByTestId('trim-end').focus();
  await page.keyboard.press('Shift+ArrowLeft');
  await expect(panel.getByText('Keeps 4 s of 5 s')).toBeVisible();
  await page.keyboard.press('ArrowLeft');
  await expect(panel.getByText('Keeps 3.95 s of 5 s')).toBeVisible();
  // Trim: the end handle moved to 2.5 s; the cost comes from the server before the button offers it.
  await panel.getByTestId('trim-end').fill('2.5');
  await expect(panel.getByText('Keeps 2.5 s of 5 s')).toBeVisible();
  await expect(panel.getByTestId('edit-estimate')).toContainText('This edit costs 2 credits.');
  await panel.getByRole('button', { name: 'Edit for 2 credits' }).click();
  // The page stays on the stage, which shrank to a progress bar and grows back into the new clip; it does not drop to
  // the history below.
  const stage = page.getByTestId('result-panel');
  await expect(stage.getByTestId('edited-from')).toContainText('Trimmed to 0–2.5 s', { timeout: 90_000 });
  const header = (await page.getByTestId('site-header').boundingBox())!;
  await expect.poll(async () => (await stage.boundingBox())!.y).toBeGreaterThanOrEqual(header.y + header.height - 1);
  expect((await stage.boundingBox())!.y).toBeLessThan(page.viewportSize()!.height / 2);
  const trimmed = await played(page.getByTestId('result-video'));
  expect([trimmed.width, trimmed.height]).toEqual([912, 512]);
  expect(trimmed.seconds).toBeCloseTo(2.5, 1);

  // Reframe the trim to 9:16, cropped around a focus to the left; the kinds are one radio group for the keyboard.
  await panel.getByTestId('edit-kind-trim').focus();
  await page.keyboard.press('ArrowRight');
  await expect(panel.getByTestId('edit-kind-reframe')).toBeChecked();
  await expect(panel.getByTestId('edit-kind-reframe')).toBeFocused();
  await panel.getByTestId('reframe-portrait').check();
  await panel.getByLabel('Keep in view, across').fill('25');
  await panel.getByRole('button', { name: 'Edit for 4 credits' }).click();
  await expect(page.getByTestId('result-panel').getByTestId('edited-from')).toContainText('Reframed to 9:16 (Crop)', { timeout: 90_000 });
  const portrait = await played(page.getByTestId('result-video'));
  expect([portrait.width, portrait.height]).toEqual([512, 912]);
  expect(portrait.seconds).toBeCloseTo(2.5, 1);

  // The history keeps all three, the edits marked as such; the reframe's source is the trim.
  const history = page.getByTestId('history');
  await expect(history.getByTestId('history-item')).toHaveCount(3);
  await expect(history.getByTestId('edited-from')).toHaveCount(2);
  await page.getByTestId('result-panel').getByTestId('show-source').click();
  await expect(page.getByTestId('result-panel').getByTestId('edited-from')).toContainText('Trimmed to 0–2.5 s');

  // The three share one prompt; the merge list tells them apart, and so does each Add button's name.
  await panel.getByTestId('edit-kind-merge').check();
  const adds = panel.getByTestId('merge-pick').getByRole('button', { name: /^Add clip \d of 3: “A red kite over green hills”/ });
  await expect(adds).toHaveCount(3);
  const names = await adds.evaluateAll((buttons) => buttons.map((button) => button.getAttribute('aria-label')));
  expect(new Set(names).size).toBe(3);
  expect(names.filter((name) => name?.includes('Trimmed to 0–2.5 s'))).toHaveLength(1);
});

test('a Free member sees editing locked, and its upgrade opens the subscription modal on Max', async ({ signedInPage: page }) => {
  test.setTimeout(150_000);
  await makeClip(page, 'Fireflies in a jar at dusk');
  const panel = page.getByTestId('edit-panel');
  await expect(panel.getByTestId('edit-locked')).toHaveText('Editing comes with the Max plan: trim, reframe, change the speed, merge and extend your videos.');
  await expect(panel.getByTestId('edit-confirm')).toHaveCount(0);
  await panel.getByRole('button', { name: 'Upgrade to Max' }).click();
  const modal = page.getByRole('dialog', { name: 'Video editing comes with Max' });
  await expect(modal).toBeVisible();
});
