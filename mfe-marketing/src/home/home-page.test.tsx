import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { languageStore, PublicReadsContext } from '@reelmint/shared';
import type { VideoTemplate } from '@reelmint/shared';
import { fakeApi, ok, renderWithProviders, setupFakeApi } from '@reelmint/testing';
import HomePage from './home-page.tsx';
import { preload as preloadGallery } from '../templates/templates-page.tsx';

setupFakeApi();

const TEMPLATE: VideoTemplate = {
  id: 'tpl-neon-city',
  title: 'Neon city rain',
  category: 'Urban',
  prompt: 'Rainy street at night, neon signs reflecting in puddles',
  settings: { model: 'v1.0', resolution: '512p', duration: '5s', aspectRatio: '16:9' },
  posterUrl: 'http://api.test/api/video/templates/tpl-neon-city/poster',
  previewUrl: 'http://api.test/api/video/templates/tpl-neon-city/preview',
  previewReady: true,
};

/** A prefers-reduced-motion query the test can flip, as the system setting would. */
function motionSetting(reduce: boolean) {
  const listeners = new Set<() => void>();
  const query = {
    get matches() {
      return reduce;
    },
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
  };
  vi.stubGlobal('matchMedia', (text: string) =>
    text === '(prefers-reduced-motion: reduce)' ? query : { matches: false, addEventListener() {}, removeEventListener() {} },
  );
  return (next: boolean) => {
    reduce = next;
    listeners.forEach((listener) => listener());
  };
}

const heroClip = () => document.querySelector(`video[src="${TEMPLATE.previewUrl}"]`);

async function open() {
  fakeApi.on('GET /api/video/templates', ok([TEMPLATE]));
  await renderWithProviders(<HomePage />);
  await screen.findByRole('heading', { level: 1 });
}

describe('HomePage hero', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('loads its poster eagerly and first, since it is above the fold', async () => {
    motionSetting(false);
    await open();
    await screen.findByRole('button', { name: 'Pause preview' });
    const poster = document.querySelector(`img[src="${TEMPLATE.posterUrl}"]`)!;
    expect(poster).toHaveAttribute('loading', 'eager');
    expect(poster).toHaveAttribute('fetchpriority', 'high');
  });

  it('plays the looping clip with a visible button that pauses and resumes it', async () => {
    motionSetting(false);
    await open();
    const pause = await screen.findByRole('button', { name: 'Pause preview' });
    expect(heroClip()).toBeInTheDocument();

    await userEvent.click(pause);
    expect(heroClip()).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Play preview' }));
    expect(heroClip()).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pause preview' })).toHaveFocus();
  });

  it('stops the clip as soon as reduced motion is switched on, and starts none while it is', async () => {
    const setReduce = motionSetting(false);
    await open();
    await screen.findByRole('button', { name: 'Pause preview' });
    expect(heroClip()).toBeInTheDocument();

    act(() => setReduce(true));
    expect(heroClip()).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pause preview' })).not.toBeInTheDocument();
    expect(document.querySelector(`img[src="${TEMPLATE.posterUrl}"]`)).toBeInTheDocument();
  });
});

describe('HomePage examples', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('presents the template clips as sample animations, not as AI output', async () => {
    motionSetting(false);
    await open();
    expect(await screen.findByTestId('hero-sample-note')).toHaveTextContent('Sample animation, not AI output');
    const examples = screen.getByRole('region', { name: 'Start from a template' });
    expect(examples).toHaveTextContent('sample animations the site renders itself, not AI output');
    expect(document.body).not.toHaveTextContent('Made with Reelmint');
  });
});

describe('HomePage templates', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('starts from the catalogue its HTML was drawn with and hands it to the gallery’s read ahead, which asks nothing', async () => {
    motionSetting(false);
    fakeApi.on('GET /api/video/templates', ok([TEMPLATE]));
    await renderWithProviders(
      <PublicReadsContext value={{ read: (name) => (name === 'templates' ? [TEMPLATE] : undefined) }}>
        <HomePage />
      </PublicReadsContext>,
    );
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getAllByTestId('template-card')).toHaveLength(1);
    languageStore.setState({ lng: 'en' });
    await preloadGallery();
    // Each call by its query, so a failure says which language was asked for.
    expect(fakeApi.callsTo('GET /api/video/templates').map((call) => call.url.search)).toEqual([]);
  });

  it('draws at once the catalogue the gallery’s preload read ahead (the shell prepares both together), asking nothing more', async () => {
    motionSetting(false);
    fakeApi.on('GET /api/video/templates', ok([TEMPLATE]));
    languageStore.setState({ lng: 'en' });
    await preloadGallery();
    await renderWithProviders(<HomePage />);
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getAllByTestId('template-card')).toHaveLength(1);
    expect(fakeApi.callsTo('GET /api/video/templates')).toHaveLength(1);
  });

  it('reads the catalogue when nothing was drawn or read ahead, and hands it to the gallery’s read ahead, which asks nothing more', async () => {
    motionSetting(false);
    await open();
    expect(await screen.findAllByTestId('template-card')).toHaveLength(1);
    languageStore.setState({ lng: 'en' });
    await preloadGallery();
    expect(fakeApi.callsTo('GET /api/video/templates').map((call) => call.url.searchParams.get('lang'))).toEqual(['en']);
  });
});
