import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PLAN_FEATURES, setSubscription } from '@reelmint/shared';
import type { SiteConfig } from '@reelmint/shared';
import { deferred, fakeApi, networkError, ok, renderWithProviders } from '@reelmint/testing';
import type { Reply } from '@reelmint/testing';
import { freshStudioEachTest, modalRequests, page, signIn, video } from '../test/studio.tsx';
import GeneratorPage, { preload } from './generator-page.tsx';

freshStudioEachTest();

describe('settings and cost', () => {
  it('shows the live cost from the shared cost function as settings change', async () => {
    await signIn({ plan: 'pro' });
    await page();
    expect(await screen.findByTestId('generation-cost')).toHaveTextContent('10 credits');
    await userEvent.click(await screen.findByRole('button', { name: 'v2.0' }));
    await userEvent.click(screen.getByRole('button', { name: '720p' }));
    await userEvent.click(screen.getByRole('button', { name: '10s' }));
    expect(screen.getByTestId('generation-cost')).toHaveTextContent('45 credits');
    expect(screen.getByRole('button', { name: '10s' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('marks options outside the plan, explains the refusal and opens the subscription modal', async () => {
    await signIn({ plan: 'free' });
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

  it('tells a screen reader of the upgrade only in groups with a locked option, and drops the note once the plan includes it', async () => {
    await signIn({ plan: 'free' });
    await page();
    const modal = modalRequests();
    const hd = await screen.findByRole('button', { name: /720p/ });
    await waitFor(() => expect(hd).toHaveAttribute('data-locked', 'true'));
    expect(hd).toHaveAccessibleDescription('Not included in your plan. Choosing it shows how to upgrade.');
    for (const name of ['Duration', 'Shape']) {
      expect(within(screen.getByRole('group', { name })).queryByText(/Not included in your plan/)).toBeNull();
    }
    expect(within(screen.getByRole('group', { name: 'Resolution' })).getByText(/Not included in your plan/)).toBeInTheDocument();

    await userEvent.click(hd);
    expect(screen.getByTestId('lock-note-resolution')).toHaveTextContent('720p resolution comes with the Pro plan.');
    // Paid for in the checkout's window: the plan the server now reports includes 720p.
    act(() => setSubscription({ plan: 'pro', status: 'active', features: PLAN_FEATURES.pro, expiresAt: null }));
    await waitFor(() => expect(screen.getByTestId('lock-note-resolution')).toBeEmptyDOMElement());
    expect(screen.getByRole('button', { name: '720p' })).not.toHaveAttribute('data-locked');
    expect(within(screen.getByRole('group', { name: 'Model' })).queryByText(/Not included in your plan/)).toBeNull();
    modal.stop();
  });

  it("badges locked options in French with a word for upgrading, not with a plan's name", async () => {
    await signIn({ plan: 'free' });
    await page('/fr/text-to-video/generator', 'fr');
    const v2 = await screen.findByRole('button', { name: /v2\.0/ });
    await waitFor(() => expect(v2).toHaveAttribute('data-locked', 'true'));
    expect(v2).toHaveTextContent('v2.0Mise à niveau');
    expect(screen.getByRole('button', { name: /720p/ })).toHaveTextContent('720pMise à niveau');
    const modal = modalRequests();
    await userEvent.click(v2);
    expect(screen.getByTestId('lock-note-model')).toHaveTextContent("Le modèle v2.0 est inclus dans l'offre Pro.");
    modal.stop();
  });

  it('pauses a plan whose renewal is unpaid: its options say so, and nothing tries to sell it again', async () => {
    await signIn({ plan: 'premium' });
    fakeApi.use({
      'GET /api/user/subscription': () =>
        ok({ plan: 'premium', status: 'past_due', features: PLAN_FEATURES.free, expiresAt: null, billingCycle: 'monthly', scheduledChange: null }),
    });
    await page();
    const modal = modalRequests();
    const hd = await screen.findByRole('button', { name: /1080p/ });
    await waitFor(() => expect(hd).toHaveAttribute('data-locked', 'true'));
    await userEvent.click(hd);
    expect(screen.getByTestId('lock-note-resolution')).toHaveTextContent('Paused until your last payment goes through');
    expect(modal.requests).toEqual([]);
    modal.stop();
  });

  it('shows the balance level, and the red low-credit panel under 10 credits', async () => {
    await signIn({ balance: 8 });
    await page();
    expect(await screen.findByTestId('generator-balance')).toHaveAttribute('data-level', 'low');
    expect(screen.getByTestId('generator-balance')).toHaveTextContent('You have 8 credits');
    expect(screen.getByTestId('low-credit-panel')).toHaveTextContent('You are almost out of credits');
  });

  it('shows a large balance exactly, never rounded up, and no warning panel at 50 or more', async () => {
    await signIn({ balance: 1557 });
    await page();
    expect(await screen.findByTestId('generator-balance')).toHaveTextContent('You have 1,557 credits');
    expect(screen.getByTestId('generator-balance')).toHaveAttribute('data-level', 'good');
    expect(screen.queryByTestId('low-credit-panel')).toBeNull();
  });

  it("writes the balance with the decimal mark of the person's language", async () => {
    await signIn({ balance: 1557 });
    await renderWithProviders(<GeneratorPage />, { route: '/fr/text-to-video/generator', language: 'fr' });
    expect(await screen.findByTestId('generator-balance')).toHaveTextContent('Vous avez 1 557 crédits');
  });
});

describe('switching mode', () => {
  it('marks the mode of the URL as the selected tab and switches mode through the URL', async () => {
    await page('/fr/image-to-video/generator');
    const imageTab = await screen.findByRole('tab', { name: /Image en vidéo|Image to video/ });
    expect(imageTab).toHaveAttribute('aria-selected', 'true');
    imageTab.focus();
    // The arrow moves the focus in a task of its own; the tab it lands on is chosen as it gets it.
    await userEvent.keyboard('{ArrowLeft}');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/fr/text-to-video/generator'));
    expect(screen.getByRole('tab', { name: /Texte en vidéo|Text to video/ })).toHaveFocus();
    await userEvent.keyboard('{End}');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/fr/image-to-video/generator'));
  });
});

describe('honest previews', () => {
  it('says before generating, on the result and in the history that clips of the local engine are previews made without an AI model', async () => {
    const preview = video({ id: 'vid_p', engine: 'local' });
    fakeApi.use({
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

  it('shows the studio without a claim when the engine is not known in time, and says it once the late answer comes', async () => {
    const late = deferred<Reply<SiteConfig>>();
    fakeApi.use({ 'GET /api/config': () => late.promise });
    await page();
    const studio = (await screen.findByLabelText('Prompt')).closest('fieldset');
    expect(studio).toHaveAttribute('data-waiting');
    // The wait is two seconds long: the studio then shows, claiming nothing either way.
    await waitFor(() => expect(studio).not.toHaveAttribute('data-waiting'), { timeout: 4000 });
    expect(screen.queryByTestId('preview-notice')).toBeNull();
    late.resolve(ok({ googleClientId: null, paymentProvider: 'local', videoEngine: 'local' }));
    expect(await screen.findByTestId('preview-notice')).toHaveTextContent('This site runs without an AI model for now');
  });

  it('asks which engine the site runs once per page load, however often the studio opens', async () => {
    fakeApi.use({ 'GET /api/config': () => ok({ googleClientId: null, paymentProvider: 'local', videoEngine: 'local' }) });
    const first = await page();
    expect(await screen.findByTestId('preview-notice')).toBeInTheDocument();
    first.unmount();
    await page();
    // Known from the first visit: the notice shows again without asking.
    expect(await screen.findByTestId('preview-notice')).toBeInTheDocument();
    expect(fakeApi.callsTo('GET /api/config')).toHaveLength(1);
  });

  it('knows the engine read ahead by preload: the studio shows at once with its notice, asking nothing more', async () => {
    fakeApi.use({ 'GET /api/config': () => ok({ googleClientId: null, paymentProvider: 'local', videoEngine: 'local' }) });
    await preload();
    await page();
    const studio = (await screen.findByLabelText('Prompt')).closest('fieldset');
    expect(studio).not.toHaveAttribute('data-waiting');
    expect(screen.getByTestId('preview-notice')).toBeInTheDocument();
    expect(fakeApi.callsTo('GET /api/config')).toHaveLength(1);
  });

  it("reads a signed-in visitor's balance and plan ahead with preload: the studio is drawn with them, asking for neither again", async () => {
    fakeApi.use({ 'GET /api/config': () => ok({ googleClientId: null, paymentProvider: 'local', videoEngine: 'fal' }) });
    await signIn();
    await preload();
    expect(fakeApi.callsTo('GET /api/user/credits')).toHaveLength(1);
    expect(fakeApi.callsTo('GET /api/user/subscription')).toHaveLength(1);
    await page();
    await screen.findByLabelText('Prompt');
    expect(fakeApi.callsTo('GET /api/user/credits')).toHaveLength(1);
    expect(fakeApi.callsTo('GET /api/user/subscription')).toHaveLength(1);
  });

  it("claims nothing of the kind for a hosted model's clips", async () => {
    fakeApi.use({
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

it('says plainly when the server cannot be reached instead of showing sample data as real', async () => {
  fakeApi.use({
    'GET /api/user/credits': networkError(),
    'GET /api/user/subscription': networkError(),
    'GET /api/videos/history': networkError(),
  });
  await signIn();
  await page();
  expect(await screen.findByTestId('offline-notice')).toHaveTextContent('The server cannot be reached right now.');
  expect(screen.queryByTestId('history-empty')).toBeNull();
});
