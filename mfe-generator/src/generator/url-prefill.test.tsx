import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fail, fakeApi, ok } from '@reelmint/testing';
import { freshStudioEachTest, page, signIn, video, jobAccepted } from '../test/studio.tsx';

freshStudioEachTest();

describe('templates from the gallery', () => {
  it('pre-fills prompt and settings from a template of the gallery, then drops the query', async () => {
    fakeApi.use({
      'GET /api/video/templates': () =>
        ok([
          {
            id: 'tpl-misty-forest',
            title: 'Misty forest morning',
            category: 'Nature',
            prompt: 'Sunbeams through fog',
            settings: { model: 'v1.0', resolution: '512p', duration: '10s', aspectRatio: '16:9' },
            posterUrl: '',
            previewUrl: '',
            previewReady: false,
          },
        ]),
    });
    await page('/en/text-to-video/generator?template=tpl-misty-forest');
    await waitFor(() => expect(screen.getByLabelText('Prompt')).toHaveValue('Sunbeams through fog'));
    expect(await screen.findByRole('button', { name: '10s' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByTestId('generation-cost')).toHaveTextContent('20 credits');
    expect(screen.getByTestId('template-chip')).toHaveTextContent('Misty forest morning');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/en\/text-to-video\/generator$/));
  });

  it('fills in the template as the gallery showed it in the page’s language, and generates from that text', async () => {
    fakeApi.use({
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
                previewReady: false,
              },
            ])
          : fail(400, 'VALIDATION_ERROR', 'lang must be the page’s language'),
      'POST /api/videos/generate': () => jobAccepted({ type: 'template' }),
      'GET /api/videos/status/:id': () => ok(video({ status: 'processing', progress: 10, videoUrl: null, posterUrl: null })),
    });
    await signIn();
    await page('/de/text-to-video/generator?template=tpl-coffee-pour', 'de');
    await waitFor(() => expect(screen.getByLabelText('Prompt')).toHaveValue('Kaffee wird langsam in eine Keramiktasse gegossen, Dampf steigt auf'));
    expect(screen.getByLabelText('Aus dem Video heraushalten (optional)')).toHaveValue('Verschüttetes, Schrift, Logos');
    expect(screen.getByTestId('template-chip')).toHaveTextContent('Morgenkaffee');
    await userEvent.click(screen.getByTestId('generate-button'));
    await waitFor(() => expect(fakeApi.callsTo('POST /api/videos/generate')).toHaveLength(1));
    expect(fakeApi.callsTo('POST /api/videos/generate')[0]!.body).toMatchObject({
      type: 'template',
      templateId: 'tpl-coffee-pour',
      prompt: 'Kaffee wird langsam in eine Keramiktasse gegossen, Dampf steigt auf',
      negativePrompt: 'Verschüttetes, Schrift, Logos',
    });
  });

  it("takes a template's shape and what it keeps out along with its prompt", async () => {
    fakeApi.use({
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
            previewReady: false,
          },
        ]),
    });
    await page('/en/text-to-video/generator?template=tpl-coffee-pour');
    await waitFor(() => expect(screen.getByLabelText('Prompt')).toHaveValue('Slow pour'));
    expect(await screen.findByRole('button', { name: /1:1/ })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByLabelText('Keep out of the video (optional)')).toHaveValue('spills');
  });

  it('says a template that is gone is gone, keeps the prompt as it was and drops the query', async () => {
    sessionStorage.setItem(
      'reelmint:generator:draft',
      JSON.stringify({ prompt: 'My own idea', config: { model: 'v1.0', resolution: '512p', duration: '5s' } }),
    );
    fakeApi.use({ 'GET /api/video/templates': () => ok([]) });
    await page('/en/text-to-video/generator?template=tpl-retired');
    expect(await screen.findByText('That template is no longer available. Start from your own prompt instead.')).toBeInTheDocument();
    expect(screen.getByLabelText('Prompt')).toHaveValue('My own idea');
    expect(screen.queryByTestId('template-chip')).toBeNull();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/en\/text-to-video\/generator$/));
  });
});

describe('remixing a shared video', () => {
  it("opens with a shared video's prompt and settings from ?remix=, then drops the query", async () => {
    fakeApi.use({
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
    expect(await screen.findByRole('button', { name: /1:1/ })).toHaveAttribute('aria-pressed', 'true');
    expect(await screen.findByRole('button', { name: '10s' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByLabelText('Seed (optional)')).toHaveValue('5');
    expect(screen.getByLabelText('Keep out of the video (optional)')).toHaveValue('birds');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/en\/text-to-video\/generator$/));
  });

  it('remixes a shared edit of any length with a length a generation can have', async () => {
    fakeApi.use({
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
    expect(await screen.findByRole('button', { name: '5s' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByTestId('generation-cost')).toHaveTextContent('10 credits');
  });

  it('says a shared video that is no longer shared cannot be remixed, and drops the query', async () => {
    fakeApi.use({ 'GET /api/public/videos/vid_gone': () => fail(404, 'VIDEO_NOT_FOUND', 'Video not found') });
    await page('/en/text-to-video/generator?remix=vid_gone');
    expect(await screen.findByText('That shared video is no longer available. Start from your own prompt instead.')).toBeInTheDocument();
    expect(screen.getByLabelText('Prompt')).toHaveValue('');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/en\/text-to-video\/generator$/));
  });
});
