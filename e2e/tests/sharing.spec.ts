import { expect, test } from '../support/test.ts';
import { API, SHELL } from '../support/origins.ts';

const PROMPT = 'Lanterns rising over a sleeping harbour';

test.use({ accountName: 'Ada Lovelace' });

test('an owner makes a square clip with a seed, shares it; a signed-out browser gets its preview card and plays it; the owner stops sharing and the link is gone', async ({
  signedInPage: page,
  browser,
}) => {
  await page.goto('/en/text-to-video/generator');
  await page.getByLabel('Prompt').fill(PROMPT);
  await page.getByRole('button', { name: /1:1/ }).click();
  await page.getByText('More settings').click();
  await page.getByLabel('Seed (optional)').fill('2024');
  await page.getByLabel('Keep out of the video (optional)').fill('fog');
  await page.getByTestId('generate-button').click();
  const player = page.getByTestId('result-video');
  await expect(player).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('result-seed')).toHaveText('Seed 2024');
  await expect.poll(() => player.evaluate((video: HTMLVideoElement) => video.readyState), { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
  expect(await player.evaluate((video: HTMLVideoElement) => [video.videoWidth, video.videoHeight])).toEqual([512, 512]);

  await page.getByTestId('share').click();
  const link = page.getByTestId('share-link');
  await expect(link).toHaveValue(new RegExp(`^${SHELL}/v/vid_`));
  const shareUrl = await link.inputValue();
  const id = shareUrl.split('/').pop()!;
  await expect(page.getByTestId('history').getByTestId('history-shared')).toContainText('Shared');

  // What a site unfurling the link reads: the first HTML, before any script, in any language.
  for (const lng of ['en', 'ja']) {
    const html = await (await page.request.get(`${SHELL}/${lng}/v/${id}`)).text();
    expect(html).toContain(`<meta property="og:title" content="${PROMPT}">`);
    expect(html).toContain(`<meta property="og:image" content="${API}/api/public/videos/${id}/poster">`);
    expect(html).toContain(`<meta property="og:video" content="${API}/api/public/videos/${id}/file">`);
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(html).toContain(`<meta property="og:url" content="${SHELL}/${lng}/v/${id}">`);
  }

  const stranger = await browser.newContext();
  try {
    const visitor = await stranger.newPage();
    await visitor.goto(`/fr/v/${id}`);
    await expect(visitor.getByTestId('shared-video-title')).toHaveText(PROMPT);
    const shared = visitor.getByTestId('shared-video');
    await expect(shared).toHaveAttribute('poster', `${API}/api/public/videos/${id}/poster`);
    await expect.poll(() => shared.evaluate((video: HTMLVideoElement) => video.readyState), { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
    await expect(visitor.getByTestId('shared-video-views')).toHaveText('1 vue');
    // A signed-out visitor is asked to sign in before remixing, and comes back to the generator afterwards.
    await expect(visitor.getByTestId('remix')).toHaveText('Se connecter pour remixer');
  } finally {
    await stranger.close();
  }

  // The owner sees the view, then stops sharing: the page and its media answer 404 at once.
  await page.reload();
  await page.getByTestId('history').getByRole('button', { name: /^Play/ }).click();
  await expect(page.getByTestId('share-views')).toHaveText('1 view');
  await page.getByTestId('unshare').click();
  await expect(page.getByTestId('share')).toBeVisible();
  expect((await page.request.get(`${API}/api/public/videos/${id}/file`)).status()).toBe(404);
  const gone = await page.request.get(`${SHELL}/en/v/${id}`);
  expect(gone.status()).toBe(404);
  expect(await gone.text()).not.toContain('og:title');
  await page.goto(`/en/v/${id}`);
  await expect(page.getByTestId('shared-video-missing')).toContainText('This video is not available');
});

test('a signed-in visitor remixes a shared clip: the generator opens with its prompt and settings, not its media', async ({
  signedInPage: page,
  api,
  signUp,
}) => {
  // The owner: a clip made and shared through the API.
  const { headers } = await signUp('Owner');
  const queued = await api.post('/api/videos/generate', {
    headers,
    data: {
      type: 'text-to-video',
      prompt: 'A red kite over green hills',
      model: 'v1.0',
      resolution: '512p',
      duration: '10s',
      aspectRatio: '9:16',
      seed: 777,
      negativePrompt: 'clouds',
    },
  });
  const { id } = ((await queued.json()) as { data: { id: string } }).data;
  await expect
    .poll(async () => ((await (await api.get(`/api/videos/status/${id}`, { headers })).json()) as { data: { status: string } }).data.status, {
      timeout: 60_000,
    })
    .toBe('succeeded');
  expect((await api.post(`/api/videos/${id}/share`, { headers })).status()).toBe(200);

  await page.goto(`/en/v/${id}`);
  await page.getByTestId('remix').click();
  await expect(page).toHaveURL(/\/en\/text-to-video\/generator$/);
  await expect(page.getByLabel('Prompt')).toHaveValue('A red kite over green hills');
  await expect(page.getByRole('button', { name: /9:16/ })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('button', { name: '10s' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByLabel('Seed (optional)')).toHaveValue('777');
  await expect(page.getByLabel('Keep out of the video (optional)')).toHaveValue('clouds');
  await expect(page.getByText('The prompt and settings of the shared video are filled in.')).toBeVisible();
});
