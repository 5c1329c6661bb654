import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router-dom';
import { bus, clearSession, creditsStore, setSession } from '@reelmint/shared';
import type { PlanKey, SubscriptionModalRequest } from '@reelmint/shared';
import { renderScreen } from '../../../shared/test/render.tsx';
import { emptyHistory, fail, fakeApi, fakeToken, ok, subscriptionOf, video } from '../test/fake-api.ts';
import GeneratorPage from './generator-page.tsx';
import { POLL_INTERVAL_MS } from './use-generation.ts';

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

function page(path = '/text-to-video/generator') {
  return renderScreen(
    <>
      <GeneratorPage />
      <LocationProbe />
    </>,
    { path },
  );
}

function baseRoutes({ balance = 100, plan = 'free' as PlanKey } = {}) {
  return {
    'GET /api/user/credits': () => ok({ balance }),
    'GET /api/user/subscription': () => subscriptionOf(plan),
    'GET /api/videos/history': emptyHistory,
  };
}

async function signIn() {
  await act(async () => {
    setSession(fakeToken(), { id: 'u1', username: 'Ada' });
  });
}

function modalRequests() {
  const requests: SubscriptionModalRequest[] = [];
  const listener = (request: SubscriptionModalRequest) => requests.push(request);
  bus.on('subscription:open', listener);
  return { requests, stop: () => bus.off('subscription:open', listener) };
}

beforeEach(() => {
  sessionStorage.clear();
});

afterEach(async () => {
  vi.useRealTimers();
  await act(async () => clearSession());
  vi.unstubAllGlobals();
});

describe('settings and cost', () => {
  it('shows the live cost from the shared cost function as settings change', async () => {
    fakeApi(baseRoutes({ plan: 'pro' }));
    await signIn();
    await page();
    expect(await screen.findByTestId('generation-cost')).toHaveTextContent('10 credits');
    await userEvent.click(await screen.findByRole('button', { name: 'v2.0' }));
    await userEvent.click(screen.getByRole('button', { name: '720p' }));
    await userEvent.click(screen.getByRole('button', { name: '10s' }));
    expect(screen.getByTestId('generation-cost')).toHaveTextContent('45 credits');
    expect(screen.getByRole('button', { name: '10s' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('marks options outside the plan, explains the refusal and opens the subscription modal', async () => {
    fakeApi(baseRoutes({ plan: 'free' }));
    await signIn();
    await page();
    const modal = modalRequests();
    const v2 = await screen.findByRole('button', { name: /v2\.0/ });
    await waitFor(() => expect(v2).toHaveAttribute('data-locked', 'true'));
    expect(screen.getByRole('button', { name: /720p/ })).toHaveAttribute('data-locked', 'true');
    expect(screen.getByRole('button', { name: '10s' })).not.toHaveAttribute('data-locked');

    await userEvent.click(v2);
    expect(screen.getByTestId('lock-note-model')).toHaveTextContent('The v2.0 model comes with the Pro plan.');
    expect(modal.requests).toEqual([expect.objectContaining({ source: 'generator', needsPlan: { feature: 'v2Model', plan: 'pro' } })]);
    expect(screen.getByRole('button', { name: 'v1.0' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByTestId('generation-cost')).toHaveTextContent('10 credits');

    await userEvent.click(screen.getByRole('button', { name: /1080p/ }));
    expect(screen.getByTestId('lock-note-resolution')).toHaveTextContent('1080p resolution comes with the Max plan.');
    expect(modal.requests[1]).toMatchObject({ needsPlan: { feature: 'hd1080p', plan: 'premium' } });
    modal.stop();
  });

  it('shows the balance level, and the red low-credit panel under 10 credits', async () => {
    fakeApi(baseRoutes({ balance: 8 }));
    await signIn();
    await page();
    expect(await screen.findByTestId('generator-balance')).toHaveAttribute('data-level', 'low');
    expect(screen.getByTestId('generator-balance')).toHaveTextContent('You have 8 credits');
    expect(screen.getByTestId('low-credit-panel')).toHaveTextContent('You are almost out of credits');
  });

  it('abbreviates a large balance and shows no warning panel at 50 or more', async () => {
    fakeApi(baseRoutes({ balance: 1250 }));
    await signIn();
    await page();
    expect(await screen.findByTestId('generator-balance')).toHaveTextContent('You have 1.3k credits');
    expect(screen.getByTestId('generator-balance')).toHaveAttribute('data-level', 'good');
    expect(screen.queryByTestId('low-credit-panel')).toBeNull();
  });

  it("writes the balance with the decimal mark of the person's language", async () => {
    fakeApi(baseRoutes({ balance: 1250 }));
    await signIn();
    await renderScreen(<GeneratorPage />, { path: '/fr/text-to-video/generator', lng: 'fr' });
    expect(await screen.findByTestId('generator-balance')).toHaveTextContent('Vous avez 1,3k crédits');
  });
});

describe('generating', () => {
  it('sends a signed-out person to /auth with a way back, and keeps the draft for their return', async () => {
    fakeApi(baseRoutes());
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
    const api = fakeApi(baseRoutes({ balance: 5 }));
    await signIn();
    await page();
    const modal = modalRequests();
    await userEvent.type(await screen.findByLabelText('Prompt'), 'Fireworks over a harbour');
    await screen.findByTestId('credits-shortfall');
    await userEvent.click(screen.getByTestId('generate-button'));
    expect(modal.requests).toEqual([expect.objectContaining({ source: 'generator', needsCredits: { required: 10, available: 5 } })]);
    expect(api.callsTo('POST', '/api/videos/generate')).toHaveLength(0);
    modal.stop();
  });

  it('lets a Max member out of credits generate on the relaxed queue for nothing, and says what each queue costs', async () => {
    const api = fakeApi({
      ...baseRoutes({ balance: 0, plan: 'premium' }),
      'POST /api/videos/generate': () =>
        ok(
          {
            id: 'vid_1',
            status: 'queued',
            cost: 0,
            queue: 'relaxed',
            newBalance: 0,
            transactionId: 'tx',
            progress: 0,
            type: 'text-to-video',
            createdAt: '2030-05-01T10:00:00Z',
          },
          202,
        ),
      'GET /api/videos/status/*': () => ok(video({ status: 'processing', progress: 10, videoUrl: null, posterUrl: null, cost: 0, queue: 'relaxed' })),
    });
    await signIn();
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

    await waitFor(() => expect(api.callsTo('POST', '/api/videos/generate')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/videos/generate')[0]!.body).toEqual({
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
    fakeApi(baseRoutes({ plan: 'pro' }));
    await signIn();
    await page();
    // Once Pro's features are in (v2.0 unlocked), still no queue to choose.
    await waitFor(() => expect(screen.getByRole('button', { name: /v2\.0/ })).not.toHaveAttribute('data-locked'));
    expect(screen.queryByRole('group', { name: 'Queue' })).toBeNull();
  });

  it('explains a relaxed video refused because another is still being made', async () => {
    fakeApi({
      ...baseRoutes({ balance: 0, plan: 'premium' }),
      'POST /api/videos/generate': () => fail(429, 'RELAXED_JOB_ACTIVE', 'Your relaxed video is still queued or rendering'),
    });
    await signIn();
    await page();
    await userEvent.type(await screen.findByLabelText('Prompt'), 'Fireworks over a harbour');
    await userEvent.click(within(await screen.findByRole('group', { name: 'Queue' })).getByRole('button', { name: /Relaxed/ }));
    await userEvent.click(screen.getByTestId('generate-button'));
    expect(await screen.findByTestId('generate-error')).toHaveTextContent(
      'Your relaxed video is still being made. Wait for it to finish, or choose Fast to generate now with credits.',
    );
  });

  it('asks for a prompt instead of sending an empty one', async () => {
    const api = fakeApi(baseRoutes());
    await signIn();
    await page();
    await screen.findByTestId('generator-balance');
    await userEvent.click(screen.getByTestId('generate-button'));
    expect(screen.getByRole('alert')).toHaveTextContent('Write a prompt that describes your video.');
    expect(screen.getByLabelText('Prompt')).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('POST', '/api/videos/generate')).toHaveLength(0);
  });

  it('starts one job for two clicks that land before the screen updates, shows progress, plays the result and updates the balance', async () => {
    let polls = 0;
    const api = fakeApi({
      ...baseRoutes(),
      'POST /api/videos/generate': () =>
        ok(
          {
            id: 'vid_1',
            status: 'queued',
            cost: 10,
            newBalance: 90,
            transactionId: 'tx',
            progress: 0,
            type: 'text-to-video',
            createdAt: '2030-05-01T10:00:00Z',
          },
          202,
        ),
      'GET /api/videos/status/*': () => {
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
    // Only the poll's wait is faked, so the next status check comes when the test says, not after a real second.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    // Both clicks reach the handler: React renders (and disables the button) only when act ends.
    await act(async () => {
      button.click();
      button.click();
    });

    // Testing Library's find* wait on setTimeout, so with it faked the test drives the clock and reads synchronously.
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByText('Rendering your video… 40%')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Generation progress' })).toHaveAttribute('aria-valuenow', '40');
    // The phase is announced, not every percent; the same region (one screen readers already watch) says it is ready.
    expect(announcer).toHaveTextContent(/^Rendering your video…$/);
    await act(() => vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS));
    const player = screen.getByTestId('result-video');
    expect(screen.getByTestId('job-announcement')).toBe(announcer);
    expect(announcer).toHaveTextContent('Your video is ready.');
    expect(player).toHaveAttribute('src', expect.stringContaining('/api/videos/vid_1/file'));

    const generates = api.callsTo('POST', '/api/videos/generate');
    expect(generates).toHaveLength(1);
    expect(generates[0]!.headers['Idempotency-Key']).toMatch(/\S{16,}/);
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

  it('says why a generation failed and that the credits came back', async () => {
    let balance = 100;
    fakeApi({
      ...baseRoutes(),
      'GET /api/user/credits': () => ok({ balance }),
      'POST /api/videos/generate': () => {
        balance = 90;
        return ok(
          {
            id: 'vid_2',
            status: 'queued',
            cost: 10,
            newBalance: 90,
            transactionId: 'tx',
            progress: 0,
            type: 'text-to-video',
            createdAt: '2030-05-01T10:00:00Z',
          },
          202,
        );
      },
      'GET /api/videos/status/*': () => {
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
    fakeApi({
      ...baseRoutes(),
      'POST /api/videos/generate': () =>
        ok(
          {
            id: 'vid_3',
            status: 'queued',
            cost: 10,
            newBalance: 90,
            transactionId: 'tx',
            progress: 0,
            type: 'text-to-video',
            createdAt: '2030-05-01T10:00:00Z',
          },
          202,
        ),
      'GET /api/videos/status/*': () =>
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
    await renderScreen(<GeneratorPage />, { path: '/fr/text-to-video/generator', lng: 'fr' });
    await userEvent.type(await screen.findByLabelText('Prompt'), 'Une tempête');
    await screen.findByTestId('generator-balance');
    await userEvent.click(screen.getByTestId('generate-button'));
    const failed = await screen.findByTestId('job-failed');
    expect(failed).toHaveTextContent('le service vidéo a refusé ce texte ou cette image en vertu de sa politique de contenu');
    expect(failed).not.toHaveTextContent('English words from the server');
  });

  it('resumes the job in progress after leaving the page and coming back', async () => {
    sessionStorage.setItem('reelmint:generator:job', 'vid_9');
    const api = fakeApi({ ...baseRoutes(), 'GET /api/videos/status/*': () => ok(video({ id: 'vid_9', status: 'processing', progress: 70, videoUrl: null })) });
    await signIn();
    await page();
    expect(await screen.findByText('Rendering your video… 70%')).toBeInTheDocument();
    expect(screen.getByText('Welcome back. This is the video you started earlier.')).toBeInTheDocument();
    expect(screen.getByTestId('generate-button')).toBeDisabled();
    expect(api.callsTo('GET', '/api/videos/status/vid_9').length).toBeGreaterThan(0);
  });

  it.each([400, 403, 404])('stops following a stored job the server answers %i for, says so and frees Generate', async (status) => {
    sessionStorage.setItem('reelmint:generator:job', 'not-a-job');
    const api = fakeApi({ ...baseRoutes(), 'GET /api/videos/status/*': () => fail(status, 'VALIDATION_ERROR', 'Invalid id') });
    await signIn();
    await page();
    expect(await screen.findByTestId('job-lost')).toHaveTextContent('The video you started can no longer be followed here.');
    expect(screen.getByTestId('job-announcement')).toHaveTextContent('The video you started can no longer be followed here.');
    expect(screen.getByTestId('generate-button')).toBeEnabled();
    expect(sessionStorage.getItem('reelmint:generator:job')).toBeNull();
    expect(api.callsTo('GET', '/api/videos/status/')).toHaveLength(1);
  });

  it('sends a 401 on generate to sign in, with the way back', async () => {
    fakeApi({ ...baseRoutes(), 'POST /api/videos/generate': () => fail(401, 'UNAUTHENTICATED', 'Authentication failed') });
    await signIn();
    await page();
    await userEvent.type(await screen.findByLabelText('Prompt'), 'A storm');
    await screen.findByTestId('generator-balance');
    await userEvent.click(screen.getByTestId('generate-button'));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/en/auth?returnTo=%2Ftext-to-video%2Fgenerator'));
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('explains a server refusal a person can act on', async () => {
    fakeApi({ ...baseRoutes(), 'POST /api/videos/generate': () => fail(429, 'TOO_MANY_JOBS', 'You can have at most 3 videos in progress at once.') });
    await signIn();
    await page();
    await userEvent.type(await screen.findByLabelText('Prompt'), 'A storm');
    await screen.findByTestId('generator-balance');
    await userEvent.click(screen.getByTestId('generate-button'));
    expect(await screen.findByTestId('generate-error')).toHaveTextContent('You already have several videos rendering. Wait for one to finish, then try again.');
    expect(screen.getByTestId('generate-button')).toBeEnabled();
  });
});

describe('shape, seed and what to keep out', () => {
  const queued = () =>
    ok(
      { id: 'vid_1', status: 'queued', cost: 10, newBalance: 90, transactionId: 'tx', progress: 0, type: 'text-to-video', createdAt: '2030-05-01T10:00:00Z' },
      202,
    );

  it('sends the chosen shape, negative prompt and seed, and keeps them through a reload', async () => {
    const api = fakeApi({
      ...baseRoutes(),
      'POST /api/videos/generate': queued,
      'GET /api/videos/status/*': () => ok(video({ aspectRatio: '9:16', seed: 77, negativePrompt: 'rain' })),
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
    await waitFor(() => expect(api.callsTo('POST', '/api/videos/generate')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/videos/generate')[0]!.body).toEqual({
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
    const api = fakeApi({ ...baseRoutes(), 'POST /api/videos/generate': queued });
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
    expect(api.callsTo('POST', '/api/videos/generate')).toHaveLength(0);
  });

  it('shows the seed of a finished video and puts it back into the settings on request', async () => {
    fakeApi({ ...baseRoutes(), 'GET /api/videos/history': () => ok({ items: [video({ seed: 31337 })], page: 1, perPage: 10, total: 1 }) });
    await signIn();
    await page();
    const item = await screen.findByTestId('history-item');
    expect(item).toHaveTextContent('Seed 31337');
    await userEvent.click(within(item).getByRole('button', { name: /^Play/ }));
    await userEvent.click(await screen.findByTestId('reuse-seed'));
    expect(screen.getByLabelText('Seed (optional)')).toHaveValue('31337');
  });

  it("takes a template's shape and what it keeps out along with its prompt", async () => {
    fakeApi({
      ...baseRoutes(),
      'GET /api/video/templates': () =>
        ok([
          {
            id: 'tpl-coffee-pour',
            title: 'Morning coffee',
            category: 'Food',
            prompt: 'Slow pour',
            settings: { model: 'v1.0', resolution: '512p', duration: '5s', aspectRatio: '1:1', negativePrompt: 'spills' },
            posterUrl: '',
            previewUrl: '',
          },
        ]),
    });
    await page('/en/text-to-video/generator?template=tpl-coffee-pour');
    await waitFor(() => expect(screen.getByLabelText('Prompt')).toHaveValue('Slow pour'));
    expect(screen.getByRole('button', { name: /1:1/ })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByLabelText('Keep out of the video (optional)')).toHaveValue('spills');
  });
});

describe('sharing and remixing', () => {
  it('publishes a finished video, shows its link and views, marks it in the history, and stops sharing', async () => {
    let shared = false;
    const state = () => ({
      id: 'vid_1',
      shared,
      sharedAt: shared ? '2030-05-01T11:00:00Z' : null,
      shareUrl: shared ? 'http://localhost:5173/v/vid_1' : null,
      shareViews: shared ? 3 : 0,
    });
    const api = fakeApi({
      ...baseRoutes(),
      'GET /api/videos/history': () => ok({ items: [video({ ...state() })], page: 1, perPage: 10, total: 1 }),
      'POST /api/videos/vid_1/share': () => {
        shared = true;
        return ok(state());
      },
      'DELETE /api/videos/vid_1/share': () => {
        shared = false;
        return ok(state());
      },
    });
    await signIn();
    await page();
    await userEvent.click(within(await screen.findByTestId('history-item')).getByRole('button', { name: /^Play/ }));
    expect(screen.getByText('Only you can see this video. Publishing it gives it a public page that anyone with the link can watch.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Publish link' }));
    expect(await screen.findByRole('textbox', { name: 'Public link' })).toHaveValue('http://localhost:5173/v/vid_1');
    expect(screen.getByTestId('share-views')).toHaveTextContent('3 views');
    await waitFor(() => expect(screen.getByTestId('history-shared')).toHaveTextContent('Shared · 3 views'));
    await userEvent.click(screen.getByRole('button', { name: 'Stop sharing' }));
    expect(await screen.findByRole('button', { name: 'Publish link' })).toBeInTheDocument();
    expect(api.callsTo('DELETE', '/api/videos/vid_1/share')).toHaveLength(1);
  });

  it("opens with a shared video's prompt and settings from ?remix=, then drops the query", async () => {
    fakeApi({
      ...baseRoutes(),
      'GET /api/public/videos/vid_9': () =>
        ok({
          id: 'vid_9',
          type: 'text-to-video',
          prompt: 'A kite',
          negativePrompt: 'birds',
          model: 'v1.0',
          resolution: '512p',
          duration: '10s',
          aspectRatio: '1:1',
          seed: 5,
          width: 512,
          height: 512,
          engine: 'local',
          videoUrl: '',
          posterUrl: '',
          views: 1,
          sharedAt: '',
        }),
    });
    await page('/en/text-to-video/generator?remix=vid_9');
    await waitFor(() => expect(screen.getByLabelText('Prompt')).toHaveValue('A kite'));
    expect(screen.getByRole('button', { name: /1:1/ })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: '10s' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByLabelText('Seed (optional)')).toHaveValue('5');
    expect(screen.getByLabelText('Keep out of the video (optional)')).toHaveValue('birds');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/en\/text-to-video\/generator$/));
  });

  it('remixes a shared edit of any length with a length a generation can have', async () => {
    fakeApi({
      ...baseRoutes(),
      'GET /api/public/videos/vid_cut': () =>
        ok({
          id: 'vid_cut',
          type: 'edit',
          prompt: 'A kite',
          negativePrompt: null,
          model: 'v1.0',
          resolution: '512p',
          duration: '2.5s',
          aspectRatio: '9:16',
          seed: 5,
          width: 512,
          height: 912,
          engine: 'local',
          videoUrl: '',
          posterUrl: '',
          views: 1,
          sharedAt: '',
        }),
    });
    await page('/en/text-to-video/generator?remix=vid_cut');
    await waitFor(() => expect(screen.getByLabelText('Prompt')).toHaveValue('A kite'));
    expect(screen.getByRole('button', { name: '5s' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByTestId('generation-cost')).toHaveTextContent('10 credits');
  });
});

describe('templates and pictures', () => {
  it('pre-fills prompt and settings from a template of the gallery, then drops the query', async () => {
    fakeApi({
      ...baseRoutes(),
      'GET /api/video/templates': () =>
        ok([
          {
            id: 'tpl-misty-forest',
            title: 'Misty forest morning',
            category: 'Nature',
            prompt: 'Sunbeams through fog',
            settings: { model: 'v1.0', resolution: '512p', duration: '10s' },
            posterUrl: '',
            previewUrl: '',
          },
        ]),
    });
    await page('/en/text-to-video/generator?template=tpl-misty-forest');
    await waitFor(() => expect(screen.getByLabelText('Prompt')).toHaveValue('Sunbeams through fog'));
    expect(screen.getByRole('button', { name: '10s' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByTestId('generation-cost')).toHaveTextContent('20 credits');
    expect(screen.getByTestId('template-chip')).toHaveTextContent('Misty forest morning');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/en\/text-to-video\/generator$/));
  });

  it('fills in the template as the gallery showed it in the page’s language, and generates from that text', async () => {
    const api = fakeApi({
      ...baseRoutes(),
      'GET /api/video/templates': ({ url }) =>
        url.searchParams.get('lang') === 'de'
          ? ok([
              {
                id: 'tpl-coffee-pour',
                title: 'Morgenkaffee',
                category: 'Food',
                prompt: 'Kaffee wird langsam in eine Keramiktasse gegossen, Dampf steigt auf',
                settings: { model: 'v1.0', resolution: '512p', duration: '5s', aspectRatio: '16:9', negativePrompt: 'Verschüttetes, Schrift, Logos' },
                posterUrl: '',
                previewUrl: '',
              },
            ])
          : fail(400, 'VALIDATION_ERROR', 'lang must be the page’s language'),
      'POST /api/videos/generate': () =>
        ok(
          {
            id: 'vid_1',
            status: 'queued',
            cost: 10,
            queue: 'priority',
            newBalance: 90,
            transactionId: 'tx',
            progress: 0,
            type: 'template',
            createdAt: '2030-05-01T10:00:00Z',
          },
          202,
        ),
      'GET /api/videos/status/*': () => ok(video({ status: 'processing', progress: 10, videoUrl: null, posterUrl: null })),
    });
    await signIn();
    await renderScreen(
      <>
        <GeneratorPage />
        <LocationProbe />
      </>,
      { path: '/de/text-to-video/generator?template=tpl-coffee-pour', lng: 'de' },
    );
    await waitFor(() => expect(screen.getByLabelText('Prompt')).toHaveValue('Kaffee wird langsam in eine Keramiktasse gegossen, Dampf steigt auf'));
    expect(screen.getByLabelText('Aus dem Video heraushalten (optional)')).toHaveValue('Verschüttetes, Schrift, Logos');
    expect(screen.getByTestId('template-chip')).toHaveTextContent('Morgenkaffee');
    await userEvent.click(screen.getByTestId('generate-button'));
    await waitFor(() => expect(api.callsTo('POST', '/api/videos/generate')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/videos/generate')[0]!.body).toMatchObject({
      type: 'template',
      templateId: 'tpl-coffee-pour',
      prompt: 'Kaffee wird langsam in eine Keramiktasse gegossen, Dampf steigt auf',
      negativePrompt: 'Verschüttetes, Schrift, Logos',
    });
  });

  it('refuses a file that is not a picture before sending anything', async () => {
    const xhr = vi.fn();
    vi.stubGlobal('XMLHttpRequest', xhr);
    fakeApi(baseRoutes());
    await signIn();
    await page('/image-to-video/generator');
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(await screen.findByTestId('image-input'), new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(screen.getByTestId('image-problem')).toHaveTextContent('This file is not a picture we can use. Choose a PNG, JPEG or WebP image.');
    await user.upload(screen.getByTestId('image-input'), new File([new Uint8Array(11 * 1024 * 1024)], 'huge.png', { type: 'image/png' }));
    expect(screen.getByTestId('image-problem')).toHaveTextContent('This picture is 11 MB; the limit is 10 MB.');
    expect(xhr).not.toHaveBeenCalled();
  });

  it('uploads a picture with progress, then generates an image video from it', async () => {
    const sent: FormData[] = [];
    class FakeXhr {
      upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
      status = 0;
      responseText = '';
      responseType = '';
      onload: (() => void) | null = null;
      onerror: (() => void) | null = null;
      onabort: (() => void) | null = null;
      headers: Record<string, string> = {};
      open() {}
      setRequestHeader(name: string, value: string) {
        this.headers[name] = value;
      }
      abort() {}
      send(body: FormData) {
        sent.push(body);
        setTimeout(() => {
          this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
          setTimeout(() => {
            this.status = 201;
            this.responseText = JSON.stringify({ success: true, data: { id: 'img_1', width: 4, height: 4, mimeType: 'image/png', size: 4 } });
            this.onload?.();
          }, 50);
        }, 10);
      }
    }
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const api = fakeApi({
      ...baseRoutes(),
      'POST /api/videos/generate': () =>
        ok(
          {
            id: 'vid_3',
            status: 'queued',
            cost: 10,
            newBalance: 90,
            transactionId: 'tx',
            progress: 0,
            type: 'image-to-video',
            createdAt: '2030-05-01T10:00:00Z',
          },
          202,
        ),
      'GET /api/videos/status/*': () => ok(video({ id: 'vid_3', type: 'image-to-video', status: 'queued', progress: 0, videoUrl: null })),
    });
    await signIn();
    await page('/image-to-video/generator');
    await userEvent.upload(await screen.findByTestId('image-input'), new File([new Uint8Array([137, 80, 78, 71])], 'cat.png', { type: 'image/png' }));
    expect(await screen.findByText('Uploading… 50%', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(await screen.findByText('Picture uploaded and ready.')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Your starting picture: cat.png' })).toBeInTheDocument();
    expect(sent[0]!.get('file')).toBeInstanceOf(File);

    // Typing re-saves the words only: the picture (a data URL up to ~13 MB) is not copied again per key.
    const writes = vi.spyOn(Storage.prototype, 'setItem');
    await userEvent.type(screen.getByLabelText('Describe the motion (optional)'), 'Zoom');
    expect(writes.mock.calls.filter(([key]) => key === 'reelmint:generator:draft')).toHaveLength(4);
    expect(writes.mock.calls.filter(([key]) => key === 'reelmint:generator:draft-image')).toHaveLength(0);
    expect(writes.mock.calls.filter(([, value]) => value.includes('data:image'))).toHaveLength(0);
    writes.mockRestore();

    await userEvent.click(screen.getByTestId('generate-button'));
    await waitFor(() => expect(api.callsTo('POST', '/api/videos/generate')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/videos/generate')[0]!.body).toEqual({
      type: 'image-to-video',
      imageId: 'img_1',
      prompt: 'Zoom',
      model: 'v1.0',
      resolution: '512p',
      duration: '5s',
      aspectRatio: '16:9',
    });
  });

  it('has one tab stop for choosing a picture, the drop zone, not also the hidden file input', async () => {
    fakeApi(baseRoutes());
    await signIn();
    await page('/image-to-video/generator');
    const dropZone = (await screen.findByText('Drop a picture here or paste one')).closest('button')!;
    dropZone.focus();
    await userEvent.tab({ shift: true });
    expect(screen.getByRole('tab', { name: 'Image to video' })).toHaveFocus();
  });

  it('restores an uploaded picture kept only by its server id, and generates from it', async () => {
    sessionStorage.setItem('reelmint:generator:draft', JSON.stringify({ prompt: '', config: { model: 'v1.0', resolution: '512p', duration: '5s' } }));
    sessionStorage.setItem('reelmint:generator:draft-image', JSON.stringify({ name: 'huge.png', uploadId: 'img_9' }));
    const api = fakeApi({
      ...baseRoutes(),
      'POST /api/videos/generate': () =>
        ok(
          {
            id: 'vid_4',
            status: 'queued',
            cost: 10,
            newBalance: 90,
            transactionId: 'tx',
            progress: 0,
            type: 'image-to-video',
            createdAt: '2030-05-01T10:00:00Z',
          },
          202,
        ),
      'GET /api/videos/status/*': () => ok(video({ id: 'vid_4', type: 'image-to-video', status: 'queued', progress: 0, videoUrl: null })),
    });
    await signIn();
    await page('/image-to-video/generator');
    expect(await screen.findByRole('img', { name: 'Your starting picture: huge.png' })).toBeInTheDocument();
    expect(screen.getByTestId('upload-status')).toHaveTextContent('Picture uploaded and ready.');
    await screen.findByTestId('generator-balance');
    await userEvent.click(screen.getByTestId('generate-button'));
    await waitFor(() => expect(api.callsTo('POST', '/api/videos/generate')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/videos/generate')[0]!.body).toMatchObject({ type: 'image-to-video', imageId: 'img_9' });
  });

  it('marks the mode of the URL as the selected tab and switches mode through the URL', async () => {
    fakeApi(baseRoutes());
    await page('/fr/image-to-video/generator');
    const imageTab = await screen.findByRole('tab', { name: /Image en vidéo|Image to video/ });
    expect(imageTab).toHaveAttribute('aria-selected', 'true');
    imageTab.focus();
    await userEvent.keyboard('{ArrowLeft}');
    expect(screen.getByTestId('location')).toHaveTextContent('/fr/text-to-video/generator');
  });
});

describe('honest previews', () => {
  it('says before generating, on the result and in the history that clips of the local engine are previews made without an AI model', async () => {
    const preview = video({ id: 'vid_p', engine: 'local' });
    fakeApi({
      ...baseRoutes(),
      'GET /api/config': () => ok({ googleClientId: null, paymentProvider: 'local', videoEngine: 'local' }),
      'GET /api/videos/history': () => ok({ items: [preview], page: 1, perPage: 10, total: 1 }),
    });
    await signIn();
    await page();
    expect(await screen.findByTestId('preview-notice')).toHaveTextContent('This site runs without an AI model for now');
    const item = (await screen.findAllByTestId('history-item'))[0]!;
    expect(within(item).getByTestId('history-preview-badge')).toHaveTextContent('Preview, no AI');
    await userEvent.click(within(item).getByRole('button', { name: /^Play/ }));
    expect(await screen.findByTestId('result-preview-note')).toHaveTextContent('This clip is a preview made without an AI model.');
  });

  it("claims nothing of the kind for a hosted model's clips", async () => {
    fakeApi({
      ...baseRoutes(),
      'GET /api/config': () => ok({ googleClientId: null, paymentProvider: 'local', videoEngine: 'fal' }),
      'GET /api/videos/history': () => ok({ items: [video()], page: 1, perPage: 10, total: 1 }),
    });
    await signIn();
    await page();
    const item = (await screen.findAllByTestId('history-item'))[0]!;
    await userEvent.click(within(item).getByRole('button', { name: /^Play/ }));
    await screen.findByTestId('result-video');
    expect(screen.queryByTestId('preview-notice')).toBeNull();
    expect(screen.queryByTestId('history-preview-badge')).toBeNull();
    expect(screen.queryByTestId('result-preview-note')).toBeNull();
  });
});

describe('history', () => {
  it('lists past videos and deletes one after an accessible confirmation', async () => {
    let items = [
      video(),
      video({ id: 'vid_2', prompt: 'Snow on a quiet street', status: 'failed', error: 'render failed', refunded: true, videoUrl: null, posterUrl: null }),
    ];
    const api = fakeApi({
      ...baseRoutes(),
      'GET /api/videos/history': () => ok({ items, page: 1, perPage: 10, total: items.length }),
      'DELETE /api/videos/*': (call) => {
        items = items.filter((item) => !call.path.endsWith(item.id));
        return ok({ id: 'vid_1', deleted: true });
      },
    });
    await signIn();
    await page();
    const history = await screen.findByTestId('history');
    expect(await within(history).findAllByTestId('history-item')).toHaveLength(2);
    expect(within(history).getByText('Credits returned')).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/videos/history')[0]!.url.searchParams.get('per_page')).toBe('10');

    const opener = within(history).getByRole('button', { name: 'Delete “A paper boat on a rainy street”' });
    await userEvent.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Delete this video?' });
    expect(within(dialog).getByRole('button', { name: 'Keep it' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.callsTo('DELETE', '/api/videos/')).toHaveLength(0);

    await userEvent.click(opener);
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(within(history).getAllByTestId('history-item')).toHaveLength(1));
    expect(api.callsTo('DELETE', '/api/videos/vid_1')).toHaveLength(1);
    // The button that opened the dialog went with the video: focus lands on the list's heading, not on <body>.
    expect(within(history).getByRole('heading', { name: 'Your videos' })).toHaveFocus();
  });

  it('goes back to the last page that exists when a delete empties the page shown', async () => {
    let items = Array.from({ length: 11 }, (_, i) => video({ id: `vid_${i}`, prompt: `Video number ${i}` }));
    fakeApi({
      ...baseRoutes(),
      'GET /api/videos/history': (call) => {
        const page = Number(call.url.searchParams.get('page'));
        return ok({ items: items.slice((page - 1) * 10, page * 10), page, perPage: 10, total: items.length });
      },
      'DELETE /api/videos/*': (call) => {
        items = items.filter((item) => !call.path.endsWith(`/${item.id}`));
        return ok({ id: 'vid_10', deleted: true });
      },
    });
    await signIn();
    await page();
    await userEvent.click(await screen.findByRole('button', { name: 'Next' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Delete “Video number 10”' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Video number 0')).toBeInTheDocument();
    expect(screen.queryByTestId('history-empty')).toBeNull();
    expect(screen.getAllByTestId('history-item')).toHaveLength(10);
    expect(screen.queryByRole('navigation', { name: 'Pages of your videos' })).toBeNull();
  });

  it('names each Download by its video, and keeps Play for after the job in progress', async () => {
    sessionStorage.setItem('reelmint:generator:job', 'vid_9');
    fakeApi({
      ...baseRoutes(),
      'GET /api/videos/history': () => ok({ items: [video()], page: 1, perPage: 10, total: 1 }),
      'GET /api/videos/status/*': () => ok(video({ id: 'vid_9', status: 'processing', progress: 30, videoUrl: null })),
    });
    await signIn();
    await page();
    const history = await screen.findByTestId('history');
    expect(await within(history).findByRole('button', { name: 'Download “A paper boat on a rainy street”' })).toBeEnabled();
    const play = within(history).getByRole('button', { name: 'Play “A paper boat on a rainy street”' });
    expect(play).toBeDisabled();
    expect(play).toHaveAccessibleDescription('You can play past videos again once the one being made is ready.');
    expect(screen.getByTestId('result-panel')).toHaveAttribute('data-phase', 'running');
  });

  it('filters by video type and pages through', async () => {
    const api = fakeApi({
      ...baseRoutes(),
      'GET /api/videos/history': (call) => {
        const page = Number(call.url.searchParams.get('page'));
        return ok({ items: [video({ id: `vid_p${page}`, prompt: `Video on page ${page}` })], page, perPage: 10, total: 15 });
      },
    });
    await signIn();
    await page();
    expect(await screen.findByText('Video on page 1')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Video on page 2')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Show'), 'image-to-video');
    await screen.findByText('Video on page 1');
    const last = api.callsTo('GET', '/api/videos/history').at(-1)!;
    expect(last.url.searchParams.get('videoType')).toBe('image-to-video');
    expect(last.url.searchParams.get('page')).toBe('1');
  });

  it('shows an empty state, and an error a person can retry', async () => {
    let down = true;
    fakeApi({ ...baseRoutes(), 'GET /api/videos/history': () => (down ? fail(500, 'INTERNAL_ERROR', 'boom') : emptyHistory()) });
    await signIn();
    await page();
    const retry = await screen.findByRole('button', { name: 'Try again' });
    expect(screen.getByText(/Your videos could not be loaded/)).toBeInTheDocument();
    down = false;
    await userEvent.click(retry);
    expect(await screen.findByTestId('history-empty')).toHaveTextContent('No videos yet.');
  });
});

it('says plainly when the server cannot be reached instead of showing sample data as real', async () => {
  fakeApi({
    'GET /api/user/credits': () => 'network-error',
    'GET /api/user/subscription': () => 'network-error',
    'GET /api/videos/history': () => 'network-error',
  });
  await signIn();
  await page();
  expect(await screen.findByTestId('offline-notice')).toHaveTextContent('The server cannot be reached right now.');
  expect(screen.queryByTestId('history-empty')).toBeNull();
});
