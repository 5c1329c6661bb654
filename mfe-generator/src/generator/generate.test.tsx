import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { creditsStore } from '@reelmint/shared';
import { fail, fakeApi, networkError, ok, renderWithProviders } from '@reelmint/testing';
import { freshStudioEachTest, modalRequests, page, signIn, video, jobAccepted } from '../test/studio.tsx';
import GeneratorPage from './generator-page.tsx';
import { POLL_INTERVAL_MS } from './use-generation.ts';

freshStudioEachTest();

describe('generating', () => {
  it('sends a signed-out person to /auth with a way back, and keeps the draft for their return', async () => {
    const first = await page();
    await userEvent.type(await screen.findByLabelText('Prompt'), 'A lighthouse in a storm');
    await userEvent.click(screen.getByRole('button', { name: '10s' }));
    await userEvent.click(screen.getByTestId('generate-button'));
    expect(screen.getByTestId('location')).toHaveTextContent('/en/auth?returnTo=%2Ftext-to-video%2Fgenerator');
    first.unmount();

    await page();
    expect(await screen.findByLabelText('Prompt')).toHaveValue('A lighthouse in a storm');
    expect(screen.getByRole('button', { name: '10s' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('fires the needs-credits trigger when the balance is below the cost, and spends nothing', async () => {
    await signIn({ balance: 5 });
    await page();
    const modal = modalRequests();
    await userEvent.type(await screen.findByLabelText('Prompt'), 'Fireworks over a harbour');
    await screen.findByTestId('credits-shortfall');
    await userEvent.click(screen.getByTestId('generate-button'));
    expect(modal.requests).toEqual([expect.objectContaining({ source: 'generator', needsCredits: { required: 10, available: 5 } })]);
    expect(fakeApi.callsTo('POST /api/videos/generate')).toHaveLength(0);
    modal.stop();
  });

  it('lets a Max member out of credits generate on the relaxed queue for nothing, and says what each queue costs', async () => {
    fakeApi.use({
      'POST /api/videos/generate': () =>
        ok(
          {
            id: 'vid_1',
            status: 'queued',
            cost: 0,
            queue: 'relaxed',
            newBalance: 0,
            transactionId: 'tx',
            replayed: false,
            progress: 0,
            type: 'text-to-video',
            createdAt: '2030-05-01T10:00:00Z',
            runId: null,
            videoIds: ['vid_1'],
          },
          202,
        ),
      'GET /api/videos/status/:id': () => ok(video({ status: 'processing', progress: 10, videoUrl: null, posterUrl: null, cost: 0, queue: 'relaxed' })),
    });
    await signIn({ balance: 0, plan: 'premium' });
    await page();
    const modal = modalRequests();
    await userEvent.type(await screen.findByLabelText('Prompt'), 'Fireworks over a harbour');
    const queue = await screen.findByRole('group', { name: 'Queue' });
    const fast = within(queue).getByRole('button', { name: /Fast/ });
    expect(fast).toHaveAttribute('aria-pressed', 'true');
    expect(queue).toHaveAccessibleDescription('Starts before relaxed videos and spends the credits shown below.');
    expect(await screen.findByTestId('credits-shortfall')).toBeInTheDocument();

    await userEvent.click(within(queue).getByRole('button', { name: /Relaxed/ }));
    expect(queue).toHaveAccessibleDescription('Included with Max: no credits, one video at a time, made after the fast ones, so it can take longer.');
    expect(screen.getByTestId('generation-cost')).toHaveTextContent('No credits on the relaxed queue');
    expect(screen.queryByTestId('credits-shortfall')).toBeNull();
    await userEvent.click(screen.getByTestId('generate-button'));

    await waitFor(() => expect(fakeApi.callsTo('POST /api/videos/generate')).toHaveLength(1));
    expect(fakeApi.callsTo('POST /api/videos/generate')[0]!.body).toEqual({
      type: 'text-to-video',
      prompt: 'Fireworks over a harbour',
      model: 'v1.0',
      resolution: '512p',
      duration: '5s',
      aspectRatio: '16:9',
      queue: 'relaxed',
    });
    expect(modal.requests).toEqual([]);
    modal.stop();
  });

  it('offers the relaxed queue to Max only', async () => {
    await signIn({ plan: 'pro' });
    await page();
    // Once Pro's features are in (v2.0 unlocked), still no queue to choose.
    await waitFor(() => expect(screen.getByRole('button', { name: /v2\.0/ })).not.toHaveAttribute('data-locked'));
    expect(screen.queryByRole('group', { name: 'Queue' })).toBeNull();
  });

  it('explains a relaxed video refused because another is still being made', async () => {
    fakeApi.use({
      'POST /api/videos/generate': () => fail(429, 'RELAXED_JOB_ACTIVE', 'Your relaxed video is still queued or rendering'),
    });
    await signIn({ balance: 0, plan: 'premium' });
    await page();
    await userEvent.type(await screen.findByLabelText('Prompt'), 'Fireworks over a harbour');
    await userEvent.click(within(await screen.findByRole('group', { name: 'Queue' })).getByRole('button', { name: /Relaxed/ }));
    await userEvent.click(screen.getByTestId('generate-button'));
    expect(await screen.findByTestId('generate-error')).toHaveTextContent(
      'Your relaxed video is still being made. Wait for it to finish, or choose Fast to generate now with credits.',
    );
  });

  it('asks for a prompt instead of sending an empty one', async () => {
    await signIn();
    await page();
    await screen.findByTestId('generator-balance');
    await userEvent.click(screen.getByTestId('generate-button'));
    expect(screen.getByRole('alert')).toHaveTextContent('Write a prompt that describes your video.');
    expect(screen.getByLabelText('Prompt')).toHaveAttribute('aria-invalid', 'true');
    expect(fakeApi.callsTo('POST /api/videos/generate')).toHaveLength(0);
  });

  it('starts one job for two clicks that land before the screen updates, shows progress, plays the result and updates the balance', async () => {
    let polls = 0;
    fakeApi.use({
      'POST /api/videos/generate': () => jobAccepted(),
      'GET /api/videos/status/:id': () => {
        polls += 1;
        return polls === 1 ? ok(video({ status: 'processing', progress: 40, videoUrl: null, posterUrl: null })) : ok(video());
      },
    });
    await signIn();
    await page();
    await userEvent.type(await screen.findByLabelText('Prompt'), 'A paper boat on a rainy street');
    await screen.findByTestId('generator-balance');
    const button = screen.getByTestId('generate-button');
    const announcer = screen.getByTestId('job-announcement');
    expect(announcer).toBeEmptyDOMElement();
    // Only the poll's interval is faked, so the next status check comes when the test says, not after a real second.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    // Both clicks reach the handler: React renders (and disables the button) only when act ends.
    await act(async () => {
      button.click();
      button.click();
    });

    expect(await screen.findByText('Rendering your video… 40%')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Generation progress' })).toHaveAttribute('aria-valuenow', '40');
    // The phase is announced, not every percent; the same region (one screen readers already watch) says it is ready.
    expect(announcer).toHaveTextContent(/^Rendering your video…$/);
    expect(polls).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS));
    const player = await screen.findByTestId('result-video');
    expect(screen.getByTestId('job-announcement')).toBe(announcer);
    expect(announcer).toHaveTextContent('Your video is ready.');
    expect(player).toHaveAttribute('src', expect.stringContaining('/api/videos/vid_1/file'));
    // A finished job is not asked about again.
    await act(() => vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS * 5));
    expect(polls).toBe(2);

    const generates = fakeApi.callsTo('POST /api/videos/generate');
    expect(generates).toHaveLength(1);
    expect(generates[0]!.headers['idempotency-key']).toMatch(/\S{16,}/);
    expect(generates[0]!.body).toEqual({
      type: 'text-to-video',
      prompt: 'A paper boat on a rainy street',
      model: 'v1.0',
      resolution: '512p',
      duration: '5s',
      aspectRatio: '16:9',
    });
    expect(creditsStore.getState().balance).toBe(90);
    expect(screen.getByTestId('generator-balance')).toHaveTextContent('You have 90 credits');
    expect(sessionStorage.getItem('reelmint:generator:job')).toBeNull();
  });

  it('generates with Ctrl+Enter from the prompt, puts focus on the progress, and on the stage once the video is ready', async () => {
    let polls = 0;
    fakeApi.use({
      'POST /api/videos/generate': () => jobAccepted(),
      'GET /api/videos/status/:id': () => {
        polls += 1;
        return polls === 1 ? ok(video({ status: 'processing', progress: 40, videoUrl: null, posterUrl: null })) : ok(video());
      },
    });
    await signIn();
    await page();
    const prompt = await screen.findByLabelText('Prompt');
    expect(prompt).toHaveAccessibleDescription(expect.stringContaining('Press Ctrl+Enter (⌘+Enter on a Mac) to generate.'));
    await screen.findByTestId('generator-balance');
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    await userEvent.type(prompt, 'A paper boat on a rainy street');
    await userEvent.keyboard('{Control>}{Enter}{/Control}');

    const progress = await screen.findByRole('progressbar', { name: 'Generation progress' });
    await waitFor(() => expect(progress).toHaveFocus());
    expect(progress).toHaveAccessibleDescription('Rendering your video… 40%');
    // The shortcut sends the form; it writes no line break into the prompt.
    expect(prompt).toHaveValue('A paper boat on a rainy street');
    // Again while the job runs: nothing more is started.
    prompt.focus();
    await userEvent.keyboard('{Meta>}{Enter}{/Meta}');
    expect(fakeApi.callsTo('POST /api/videos/generate')).toHaveLength(1);

    progress.focus();
    await act(() => vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS));
    await screen.findByTestId('result-video');
    expect(screen.getByRole('heading', { name: 'Preview' })).toHaveFocus();
  });

  it('follows the prompt with Generate in the keyboard order, the cost between them', async () => {
    await signIn();
    await page();
    const prompt = await screen.findByLabelText('Prompt');
    await screen.findByTestId('generator-balance');
    prompt.focus();
    await userEvent.tab();
    expect(screen.getByTestId('generate-button')).toHaveFocus();
  });

  it('says why a generation failed and that the credits came back', async () => {
    let balance = 100;
    fakeApi.use({
      'GET /api/user/credits': () => ok({ balance }),
      'POST /api/videos/generate': () => {
        balance = 90;
        return jobAccepted({ id: 'vid_2' });
      },
      'GET /api/videos/status/:id': () => {
        balance = 100;
        return ok(video({ id: 'vid_2', status: 'failed', error: 'the renderer ran out of memory', refunded: true, videoUrl: null, posterUrl: null }));
      },
    });
    await signIn();
    await page();
    await userEvent.type(await screen.findByLabelText('Prompt'), 'A storm');
    await screen.findByTestId('generator-balance');
    await userEvent.click(screen.getByTestId('generate-button'));
    const failed = await screen.findByTestId('job-failed');
    expect(failed).toHaveTextContent('What happened: the renderer ran out of memory');
    expect(failed).toHaveTextContent('Your 10 credits have been returned to your balance.');
    await waitFor(() => expect(screen.getByTestId('generator-balance')).toHaveTextContent('You have 100 credits'));
  });

  it("says a content-policy refusal in the page's language, from the failure code", async () => {
    fakeApi.use({
      'POST /api/videos/generate': () => jobAccepted({ id: 'vid_3' }),
      'GET /api/videos/status/:id': () =>
        ok(
          video({
            id: 'vid_3',
            status: 'failed',
            error: 'English words from the server',
            errorCode: 'CONTENT_POLICY',
            refunded: true,
            videoUrl: null,
            posterUrl: null,
          }),
        ),
    });
    await signIn();
    await renderWithProviders(<GeneratorPage />, { route: '/fr/text-to-video/generator', language: 'fr' });
    await userEvent.type(await screen.findByLabelText('Prompt'), 'Une tempête');
    await screen.findByTestId('generator-balance');
    await userEvent.click(screen.getByTestId('generate-button'));
    const failed = await screen.findByTestId('job-failed');
    expect(failed).toHaveTextContent('le service vidéo a refusé ce texte ou cette image en vertu de sa politique de contenu');
    expect(failed).not.toHaveTextContent('English words from the server');
  });

  it('resumes the job in progress after leaving the page and coming back', async () => {
    sessionStorage.setItem('reelmint:generator:job', 'vid_9');
    fakeApi.use({ 'GET /api/videos/status/:id': () => ok(video({ id: 'vid_9', status: 'processing', progress: 70, videoUrl: null })) });
    await signIn();
    await page();
    expect(await screen.findByText('Rendering your video… 70%')).toBeInTheDocument();
    expect(screen.getByText('Welcome back. This is the video you started earlier.')).toBeInTheDocument();
    expect(screen.getByTestId('generate-button')).toBeDisabled();
    expect(fakeApi.callsTo('GET /api/videos/status/vid_9').length).toBeGreaterThan(0);
  });

  it('keeps following a job while its status checks cannot reach the server, says so, and shows the video once they can', async () => {
    sessionStorage.setItem('reelmint:generator:job', 'vid_9');
    let checks = 0;
    fakeApi.use({
      'GET /api/videos/status/:id': () => {
        checks += 1;
        return checks === 1 ? networkError() : ok(video({ id: 'vid_9' }));
      },
    });
    await signIn();
    await page();
    expect(await screen.findByText('The connection dropped. Your video is still rendering; we keep checking.')).toBeInTheDocument();
    expect(screen.getByTestId('generate-button')).toBeDisabled();
    expect(await screen.findByTestId('result-video')).toBeInTheDocument();
    expect(screen.queryByText(/The connection dropped/)).toBeNull();
    expect(sessionStorage.getItem('reelmint:generator:job')).toBeNull();
    // One failed check, one that answered; a finished job is not asked about again.
    expect(checks).toBe(2);
  });

  it.each([400, 403, 404])('stops following a stored job the server answers %i for, says so and frees Generate', async (status) => {
    sessionStorage.setItem('reelmint:generator:job', 'not-a-job');
    fakeApi.use({ 'GET /api/videos/status/:id': () => fail(status, 'VALIDATION_ERROR', 'Invalid id') });
    await signIn();
    await page();
    expect(await screen.findByTestId('job-lost')).toHaveTextContent('The video you started can no longer be followed here.');
    expect(screen.getByTestId('job-announcement')).toHaveTextContent('The video you started can no longer be followed here.');
    expect(screen.getByTestId('generate-button')).toBeEnabled();
    expect(sessionStorage.getItem('reelmint:generator:job')).toBeNull();
    expect(fakeApi.callsTo('GET /api/videos/status/:id')).toHaveLength(1);
  });

  it('sends a 401 on generate to sign in, with the way back', async () => {
    fakeApi.use({ 'POST /api/videos/generate': () => fail(401, 'UNAUTHENTICATED', 'Authentication failed') });
    await signIn();
    await page();
    await userEvent.type(await screen.findByLabelText('Prompt'), 'A storm');
    await screen.findByTestId('generator-balance');
    await userEvent.click(screen.getByTestId('generate-button'));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/en/auth?returnTo=%2Ftext-to-video%2Fgenerator'));
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('explains a server refusal a person can act on', async () => {
    fakeApi.use({ 'POST /api/videos/generate': () => fail(429, 'TOO_MANY_JOBS', 'You can have at most 3 videos in progress at once.') });
    await signIn();
    await page();
    await userEvent.type(await screen.findByLabelText('Prompt'), 'A storm');
    await screen.findByTestId('generator-balance');
    await userEvent.click(screen.getByTestId('generate-button'));
    expect(await screen.findByTestId('generate-error')).toHaveTextContent('You already have several videos rendering. Wait for one to finish, then try again.');
    expect(screen.getByTestId('generate-button')).toBeEnabled();
  });
  it('sends a retry after a lost reply with the same key, so the server replays the job instead of charging twice', async () => {
    const answers = [networkError(), networkError(), fail(429, 'TOO_MANY_JOBS', 'You can have at most 3 videos in progress at once.')];
    fakeApi.use({
      'POST /api/videos/generate': () => answers.shift() ?? jobAccepted({ replayed: true }),
      'GET /api/videos/status/:id': () => ok(video({ status: 'processing', progress: 10, videoUrl: null, posterUrl: null })),
    });
    await signIn();
    await page();
    const prompt = await screen.findByLabelText('Prompt');
    await userEvent.type(prompt, 'A storm');
    await screen.findByTestId('generator-balance');
    const keys = () => fakeApi.callsTo('POST /api/videos/generate').map((call) => call.headers['idempotency-key']);
    const send = async (count: number) => {
      await userEvent.click(screen.getByTestId('generate-button'));
      await waitFor(() => expect(keys()).toHaveLength(count));
    };

    await send(1);
    expect(await screen.findByTestId('generate-error')).toHaveTextContent('The server cannot be reached. Check your connection and try again.');
    await send(2);
    expect(keys()[1]).toBe(keys()[0]);
    // Another request is another job: it gets a key of its own.
    await userEvent.type(prompt, ' at sea');
    await send(3);
    expect(keys()[2]).not.toBe(keys()[1]);
    expect(await screen.findByTestId('generate-error')).toHaveTextContent('You already have several videos rendering.');
    // A refusal changed nothing on the server: trying again is a new request.
    await send(4);
    expect(keys()[3]).not.toBe(keys()[2]);
    expect(await screen.findByText('Rendering your video… 10%')).toBeInTheDocument();
    expect(new Set(keys()).size).toBe(3);
  });
});

describe('shape, seed and what to keep out', () => {
  it('sends the chosen shape, negative prompt and seed, and keeps them through a reload', async () => {
    fakeApi.use({
      'POST /api/videos/generate': () => jobAccepted(),
      'GET /api/videos/status/:id': () => ok(video({ aspectRatio: '9:16', seed: 77, negativePrompt: 'rain' })),
    });
    await signIn();
    const first = await page();
    await userEvent.type(await screen.findByLabelText('Prompt'), 'A lighthouse');
    await userEvent.click(screen.getByRole('button', { name: /9:16/ }));
    expect(screen.getByRole('button', { name: /9:16/ })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(screen.getByText('More settings'));
    await userEvent.type(screen.getByLabelText('Keep out of the video (optional)'), 'rain');
    await userEvent.type(screen.getByLabelText('Seed (optional)'), '77');

    first.unmount();
    await page();
    expect(await screen.findByLabelText('Prompt')).toHaveValue('A lighthouse');
    expect(screen.getByRole('button', { name: /9:16/ })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByLabelText('Keep out of the video (optional)')).toHaveValue('rain');
    expect(screen.getByLabelText('Seed (optional)')).toHaveValue('77');

    await screen.findByTestId('generator-balance');
    await userEvent.click(screen.getByTestId('generate-button'));
    await waitFor(() => expect(fakeApi.callsTo('POST /api/videos/generate')).toHaveLength(1));
    expect(fakeApi.callsTo('POST /api/videos/generate')[0]!.body).toEqual({
      type: 'text-to-video',
      prompt: 'A lighthouse',
      model: 'v1.0',
      resolution: '512p',
      duration: '5s',
      aspectRatio: '9:16',
      negativePrompt: 'rain',
      seed: 77,
    });
    expect(await screen.findByTestId('result-seed')).toHaveTextContent('Seed 77');
  });

  it('refuses a seed out of range before sending anything, and says what a seed may be', async () => {
    fakeApi.use({ 'POST /api/videos/generate': () => jobAccepted() });
    await signIn();
    await page();
    await userEvent.type(await screen.findByLabelText('Prompt'), 'A lighthouse');
    await userEvent.click(screen.getByText('More settings'));
    const seed = screen.getByLabelText('Seed (optional)');
    await userEvent.type(seed, '99999999999');
    expect(seed).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent('A seed is a whole number from 0 to 2,147,483,647.');
    await screen.findByTestId('generator-balance');
    await userEvent.click(screen.getByTestId('generate-button'));
    expect(seed).toHaveFocus();
    expect(fakeApi.callsTo('POST /api/videos/generate')).toHaveLength(0);

    // Closed again, "More settings" opens to show the field and its message.
    await userEvent.click(screen.getByText('More settings'));
    expect(screen.getByTestId('advanced-settings')).not.toHaveAttribute('open');
    await userEvent.click(screen.getByTestId('generate-button'));
    expect(screen.getByTestId('advanced-settings')).toHaveAttribute('open');
    expect(seed).toHaveFocus();
    expect(fakeApi.callsTo('POST /api/videos/generate')).toHaveLength(0);
  });

  it('shows the seed of a finished video and puts it back into the settings on request', async () => {
    fakeApi.use({ 'GET /api/videos/history': () => ok({ items: [video({ seed: 31337 })], page: 1, perPage: 10, total: 1 }) });
    await signIn();
    await page();
    const item = await screen.findByTestId('history-item');
    expect(item).toHaveTextContent('Seed 31337');
    await userEvent.click(within(item).getByRole('button', { name: /^Play/ }));
    await userEvent.click(await screen.findByTestId('reuse-seed'));
    expect(screen.getByLabelText('Seed (optional)')).toHaveValue('31337');
  });
});
