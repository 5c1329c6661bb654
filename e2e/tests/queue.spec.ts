import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../support/test.ts';
import type { Account } from '../support/accounts.ts';

/** Where the screenshots of the queue's screens go, for people to look at (not compared by the test). */
const SHOTS = process.env.QUEUE_SHOTS_DIR ?? join(import.meta.dirname, '..', '..', '..', 'notes', 'shots', 'queue');

test.use({ accountName: 'Katherine Johnson' });

async function shoot(page: Page, name: string) {
  if (!process.env.QUEUE_SHOTS_DIR && !process.env.QUEUE_SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
}

const TEN_SECONDS = { type: 'text-to-video', model: 'v1.0', resolution: '512p', duration: '10s' } as const;

/** Fills the render slots: other people queue as many ten-second clips as they may, so a new job waits its turn. */
async function busyQueue(api: APIRequestContext, signUp: (name: string) => Promise<Account>) {
  for (const name of ['Queue filler one', 'Queue filler two']) {
    const { headers } = await signUp(name);
    const reply = await api.post('/api/videos/generate', { headers, data: { ...TEN_SECONDS, prompt: `Waves for ${name}`, variations: 4 } });
    expect(reply.status()).toBe(202);
  }
}

const balanceOf = async (account: Account) => (await account.get<{ balance: number }>('/api/user/credits')).balance;

test('three variations make three videos grouped under one run in the history, paid for with one charge', async ({ signedInPage: page, account }) => {
  await page.goto('/en/text-to-video/generator');
  await page.getByLabel('Prompt').fill('A heron standing in a misty pond');
  const variations = page.getByRole('group', { name: 'Variations' });
  await variations.getByRole('button', { name: '3' }).click();
  await expect(page.getByTestId('variations-cost')).toHaveText('Each variation is its own video from this prompt. Run cost in credits: 10 × 3 = 30');
  await expect(page.getByTestId('generation-cost')).toHaveText('30 credits');
  await shoot(page, 'variations-en-1280');
  await page.getByTestId('generate-button').click();
  await expect(page.getByTestId('site-header').getByTestId('credit-display')).toHaveText('70 credits');

  // Each variation is rendered as its own video; the history shows them together once they are made.
  const run = page.getByTestId('history').getByTestId('history-run');
  await expect(run).toContainText('Variations from one prompt: 3', { timeout: 60_000 });
  await expect(run.locator('[data-testid="history-item"][data-status="succeeded"]')).toHaveCount(3, { timeout: 90_000 });
  await expect(run.getByTestId('history-variation')).toHaveText(['Variation 1', 'Variation 2', 'Variation 3']);
  await shoot(page, 'history-run-en-1280');

  // One charge for the run in the credits history, and nothing given back.
  const history = await account.get<{ items: { amount: number; kind: string }[] }>('/api/user/credits/history');
  expect(history.items.filter((item) => item.kind !== 'grant').map((item) => [item.kind, item.amount])).toEqual([['spend', -30]]);
  expect(await balanceOf(account)).toBe(70);
});

test('a waiting job shows its place and expected start; cancelling it returns its credits at once and it shows as cancelled', async ({
  signedInPage: page,
  account,
  api,
  signUp,
}) => {
  await busyQueue(api, signUp);
  await page.goto('/en/text-to-video/generator');
  await page.getByLabel('Prompt').fill('A lighthouse beam sweeping over fog');
  await page.getByRole('button', { name: '10s' }).click();
  await page.getByTestId('generate-button').click();
  const credits = page.getByTestId('site-header').getByTestId('credit-display');
  await expect(credits).toHaveText('80 credits');

  await expect(page.getByTestId('queue-place')).toContainText(/^Place in the queue: \d+ · (expected start in about \d+ min|starting any moment now)/);
  await expect(page.getByTestId('history').getByTestId('history-queue-place')).toContainText('Place in the queue:');
  await shoot(page, 'waiting-en-1280');
  await page.setViewportSize({ width: 375, height: 800 });
  await shoot(page, 'waiting-en-375');

  await page.getByTestId('cancel-job').click();
  const dialog = page.getByRole('dialog', { name: 'Cancel this video?' });
  await expect(dialog.getByRole('button', { name: 'Keep it' })).toBeFocused();
  await shoot(page, 'cancel-dialog-en-375');
  await dialog.getByRole('button', { name: 'Cancel video' }).click();

  await expect(page.getByTestId('job-cancelled')).toContainText('You cancelled this video');
  await expect(page.getByTestId('job-cancelled')).toContainText('Credits returned to your balance: 20');
  await expect(credits).toHaveText('100 credits');
  const item = page.getByTestId('history').locator('[data-testid="history-item"][data-status="cancelled"]');
  await expect(item).toContainText('Cancelled');
  await expect(item).toContainText('Credits returned');
  await page.setViewportSize({ width: 1280, height: 900 });
  await shoot(page, 'cancelled-en-1280');
  expect(await balanceOf(account)).toBe(100);

  // Cancelling what has already ended is refused with a reason, and changes nothing.
  const { id } = (await account.get<{ items: { id: string }[] }>('/api/videos/history')).items[0]!;
  const again = await api.post(`/api/videos/${id}/cancel`, { headers: account.headers });
  expect(again.status()).toBe(409);
  expect(((await again.json()) as { error: string }).error).toBe('ALREADY_FINISHED');
  expect(await balanceOf(account)).toBe(100);
});

test('the queue speaks the page’s language: place, expected start and Cancel in French', async ({ signedInPage: page, api, signUp }) => {
  await busyQueue(api, signUp);
  await page.goto('/fr/text-to-video/generator');
  await page.getByLabel('Prompt').fill('Un phare dans le brouillard');
  await expect(page.getByRole('group', { name: 'Variantes' })).toBeVisible();
  await page.getByTestId('generate-button').click();
  await expect(page.getByTestId('queue-place')).toContainText(/^Place dans la file : \d+/);
  await expect(page.getByTestId('cancel-job')).toHaveText('Annuler');
  await shoot(page, 'waiting-fr-1280');
  await page.setViewportSize({ width: 375, height: 800 });
  await shoot(page, 'waiting-fr-375');
  await page.getByTestId('cancel-job').click();
  await page.getByRole('dialog', { name: 'Annuler cette vidéo ?' }).getByRole('button', { name: 'Annuler la vidéo' }).click();
  await expect(page.getByTestId('job-cancelled')).toContainText('Vous avez annulé cette vidéo');
});
