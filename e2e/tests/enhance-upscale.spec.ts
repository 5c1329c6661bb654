import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/test.ts';

/** Where a run that is asked to (SHOTS_DIR) keeps pictures of the enhancer and the upscale panel, scrolled to `part`. */
async function shot(page: Page, part: Locator, name: string, width: number) {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  const previous = page.viewportSize();
  await page.setViewportSize({ width, height: 900 });
  await part.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  await page.screenshot({ path: `${dir}/${name}-${width}.png` });
  if (previous) await page.setViewportSize(previous);
}

async function makeClip(page: Page, language: string, prompt: string) {
  await page.goto(`/${language}/text-to-video/generator`);
  await page.getByTestId('generate-button').waitFor();
  await page.locator('textarea').first().fill(prompt);
  await page.getByTestId('generate-button').click();
  await expect(page.getByTestId('result-video')).toBeVisible({ timeout: 90_000 });
}

test('a Pro member gets a richer prompt to edit before paying, generates it, and upscales the clip to 720p', async ({ signedInPage: page, account }) => {
  test.setTimeout(240_000);
  await account.subscribe('pro', 'monthly');
  await page.goto('/en/text-to-video/generator');
  const prompt = page.getByLabel('Prompt', { exact: true });
  const enhance = page.getByRole('button', { name: 'Enhance prompt' });
  // Nothing to build on yet.
  await expect(enhance).toBeDisabled();
  await prompt.fill('a lighthouse in a storm');
  const before = (await account.get<{ balance: number }>('/api/user/credits')).balance;

  await enhance.click();
  const panel = page.getByTestId('enhance-panel');
  await expect(panel.getByTestId('enhance-source')).toHaveText('Written by the local enhancer (no AI model)');
  const proposal = panel.getByLabel('Edit the proposal before you use it');
  await expect(proposal).toBeFocused();
  await expect(proposal).toHaveValue(/^A lighthouse in a storm\. .+\.$/);
  await expect(panel).toContainText('Nothing is charged until you generate.');
  await shot(page, panel, 'enhance-en', 1280);
  await shot(page, panel, 'enhance-en', 375);

  // Discarding leaves the prompt as it was and puts focus back on the button.
  await panel.getByRole('button', { name: 'Discard' }).click();
  await expect(panel).toHaveCount(0);
  await expect(prompt).toHaveValue('a lighthouse in a storm');
  await expect(enhance).toBeFocused();

  // Asked again, the same settings give the same proposal; edited by keyboard, then taken.
  await page.keyboard.press('Enter');
  const again = page.getByTestId('enhance-panel').getByLabel('Edit the proposal before you use it');
  await expect(again).toBeFocused();
  const proposed = await again.inputValue();
  await page.keyboard.press('Control+End');
  await page.keyboard.type(' Seagulls circle the tower.');
  await page.getByRole('button', { name: 'Use this prompt' }).click();
  await expect(prompt).toHaveValue(`${proposed} Seagulls circle the tower.`);
  await expect(enhance).toBeFocused();
  expect((await account.get<{ balance: number }>('/api/user/credits')).balance).toBe(before);

  await page.getByTestId('generate-button').click();
  await expect(page.getByTestId('result-video')).toBeVisible({ timeout: 90_000 });
  const upscale = page.getByTestId('upscale-panel');
  await expect(upscale).toContainText('Makes a 720p copy of this 512p clip with lanczos scaling');
  await shot(page, upscale, 'upscale-en', 1280);
  await shot(page, upscale, 'upscale-en', 375);
  await upscale.getByRole('button', { name: 'Upscale to 720p for 4 credits' }).click();
  const stage = page.getByTestId('result-panel');
  await expect(stage.getByTestId('edited-from')).toContainText('Upscaled 512p → 720p (local sharpening)', { timeout: 90_000 });
  const player = page.getByTestId('result-video');
  await expect.poll(() => player.evaluate((video: HTMLVideoElement) => video.readyState), { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
  expect(await player.evaluate((video: HTMLVideoElement) => [video.videoWidth, video.videoHeight])).toEqual([1280, 720]);
  // 720p is the most Pro makes.
  await expect(page.getByTestId('upscale-at-maximum')).toHaveText('This clip is already 720p, the highest resolution your plan makes.');
  await shot(page, upscale, 'upscale-done-en', 1280);
});

test('on Free, upscaling is locked with the plan that allows it, in German too', async ({ signedInPage: page }) => {
  test.setTimeout(180_000);
  await makeClip(page, 'de', 'Ein Papierboot auf einer verregneten Straße');
  const upscale = page.getByTestId('upscale-panel');
  await expect(upscale.getByTestId('upscale-locked')).toHaveText('Hochskalieren ist ab dem Tarif Pro enthalten.');
  await expect(upscale.getByRole('button', { name: 'Auf Pro upgraden' })).toBeVisible();
  await expect(upscale.getByTestId('upscale-confirm')).toHaveCount(0);
  await shot(page, upscale, 'upscale-locked-de', 1280);
  await shot(page, upscale, 'upscale-locked-de', 375);

  await page.getByRole('button', { name: 'Prompt verbessern' }).click();
  const panel = page.getByTestId('enhance-panel');
  await expect(panel.getByTestId('enhance-source')).toHaveText('Vom lokalen Verbesserer geschrieben (kein KI-Modell)');
  await expect(panel.getByRole('button', { name: 'Diesen Prompt übernehmen' })).toBeVisible();
  await shot(page, panel, 'enhance-de', 1280);
  await shot(page, panel, 'enhance-de', 375);
});
