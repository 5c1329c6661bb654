import { afterEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router-dom';
import { clearSession } from '@reelmint/shared';
import type { PublicVideo } from '@reelmint/shared';
import { API_BASE, fail, fakeApi, ok, renderWithProviders, setupFakeApi, signIn } from '@reelmint/testing';
import SharedVideoPage, { remixPath } from './shared-video-page.tsx';

const SHARED: PublicVideo = {
  id: 'vid_9',
  type: 'text-to-video',
  prompt: 'A kite over the dunes',
  negativePrompt: 'birds',
  model: 'v1.0',
  resolution: '512p',
  duration: '5s',
  aspectRatio: '9:16',
  seed: 99,
  width: 512,
  height: 912,
  engine: 'local',
  videoUrl: `${API_BASE}/api/public/videos/vid_9/file`,
  posterUrl: `${API_BASE}/api/public/videos/vid_9/poster`,
  views: 4,
  sharedAt: '2030-05-01T10:00:00Z',
};

function Where() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

const open = (path = '/en/v/vid_9') =>
  renderWithProviders(
    <>
      <Routes>
        <Route path="/:lng/v/:id" element={<SharedVideoPage />} />
        <Route path="*" element={null} />
      </Routes>
      <Where />
    </>,
    { route: path },
  );

setupFakeApi();

afterEach(async () => {
  await act(async () => clearSession());
});

describe('a shared video\u2019s public page', () => {
  it('plays the video with its poster, says what it was made from and counts the visit once', async () => {
    fakeApi.use({ 'GET /api/public/videos/vid_9': () => ok(SHARED), 'POST /api/public/videos/vid_9/views': () => ok({ views: 5 }) });
    await open();
    expect(await screen.findByRole('heading', { level: 1, name: 'A kite over the dunes' })).toBeInTheDocument();
    const player = screen.getByTestId('shared-video');
    expect(player).toHaveAttribute('src', SHARED.videoUrl);
    expect(player).toHaveAttribute('poster', SHARED.posterUrl);
    expect(screen.getByText('v1.0 · 512p · 5s · 9:16')).toBeInTheDocument();
    expect(screen.getByText('Seed 99')).toBeInTheDocument();
    expect(screen.getByText('This clip is a preview made without an AI model.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('shared-video-views')).toHaveTextContent('5 views'));
    expect(fakeApi.callsTo('POST /api/public/videos/vid_9/views')).toHaveLength(1);
  });

  it('says a link that is not shared is not available, and offers a way to make one\u2019s own', async () => {
    fakeApi.use({ 'GET /api/public/videos/vid_gone': () => fail(404, 'NOT_FOUND', 'This video is not available') });
    await open('/en/v/vid_gone');
    expect(await screen.findByTestId('shared-video-missing')).toHaveTextContent('This video is not available');
    expect(screen.getByRole('link', { name: 'Make your own video' })).toHaveAttribute('href', '/en/text-to-video/generator');
  });

  it('remixes into the generator when signed in, and through sign-in otherwise', async () => {
    fakeApi.use({ 'GET /api/public/videos/vid_9': () => ok(SHARED), 'POST /api/public/videos/vid_9/views': () => ok({ views: 5 }) });
    await open();
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in to remix' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/en/auth?returnTo=%2Ftext-to-video%2Fgenerator%3Fremix%3Dvid_9');

    await act(async () => {
      signIn();
    });
    await open();
    await userEvent.click(await screen.findAllByRole('button', { name: 'Remix this video' }).then((buttons) => buttons[0]!));
    expect(screen.getAllByTestId('location').at(-1)).toHaveTextContent('/en/text-to-video/generator?remix=vid_9');
    expect(remixPath({ id: 'vid_1', type: 'image-to-video' })).toBe('/image-to-video/generator?remix=vid_1');
  });
});
