import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation, useNavigationType } from 'react-router-dom';
import type { VideoTemplate } from '@reelmint/shared';
import { fail, fakeApi, networkError, ok, renderWithProviders, setupFakeApi } from '@reelmint/testing';
import TemplatesPage, { preload } from './templates-page.tsx';
import { languageStore, PublicReadsContext } from '@reelmint/shared';

setupFakeApi();

const settings: VideoTemplate['settings'] = { model: 'v1.0', resolution: '512p', duration: '5s', aspectRatio: '16:9' };
const template = (id: string, title: string, category: string, prompt: string): VideoTemplate => ({
  id,
  title,
  category,
  prompt,
  settings,
  posterUrl: `http://api.test/api/video/templates/${id}/poster`,
  previewUrl: `http://api.test/api/video/templates/${id}/preview`,
  previewReady: false,
});
const CATALOGUE = [
  template('tpl-neon-city', 'Neon city rain', 'Urban', 'Rainy street at night, neon signs reflecting in puddles'),
  template('tpl-coffee-pour', 'Morning coffee', 'Food', 'Slow pour of coffee into a ceramic cup, steam rising'),
  template('tpl-misty-forest', 'Misty forest morning', 'Nature', 'Sunbeams cutting through fog between tall pine trees'),
];
/** The same catalogue as the API answers it for a French page (`?lang=fr`). */
const CATALOGUE_FR = [
  template('tpl-neon-city', 'Néons sous la pluie', 'Urban', 'Rue pluvieuse la nuit, enseignes au néon qui se reflètent dans les flaques'),
  template('tpl-coffee-pour', 'Café du matin', 'Food', 'Café versé lentement dans une tasse en céramique, vapeur qui s’élève'),
  template('tpl-misty-forest', 'Matin brumeux en forêt', 'Nature', 'Rayons de soleil perçant le brouillard entre de grands pins'),
];

/** Shows where the router is, so tests can read the URL the gallery keeps. */
function Where() {
  const location = useLocation();
  return <output data-testid="where" data-navigation={useNavigationType()}>{`${location.pathname}${location.search}`}</output>;
}

/** The API, answering the catalogue in the language asked for. */
const serveByLanguage = () => fakeApi.on('GET /api/video/templates', ({ url }) => ok(url.searchParams.get('lang') === 'fr' ? CATALOGUE_FR : CATALOGUE));
const titles = () => screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);

async function open(path = '/free-video-templates', lng = 'en') {
  await renderWithProviders(
    <>
      <TemplatesPage />
      <Where />
    </>,
    { route: path, language: lng },
  );
}

describe('TemplatesPage', () => {
  it('lists the catalogue in the page’s language, each card leading to the generator pre-filled from its template', async () => {
    serveByLanguage();
    await open('/fr/free-video-templates', 'fr');
    const card = (await screen.findByRole('heading', { name: 'Néons sous la pluie' })).closest('article')!;
    expect(fakeApi.calls[0]?.url.href).toBe('http://api.test/api/video/templates?lang=fr');
    expect(within(card).getByText('Rue pluvieuse la nuit, enseignes au néon qui se reflètent dans les flaques')).toBeInTheDocument();
    expect(within(card).getByText('Urbain')).toBeInTheDocument();
    expect(within(card).getByRole('link')).toHaveAttribute('href', '/fr/text-to-video/generator?template=tpl-neon-city');
    expect(within(card).getByText('Aperçu bientôt disponible')).toBeInTheDocument();
    const poster = card.querySelector('img')!;
    expect(poster).toHaveAttribute('src', 'http://api.test/api/video/templates/tpl-neon-city/poster');
    expect(poster).toHaveAttribute('width', '912');
    expect(poster).toHaveAttribute('height', '512');
    // The posters a phone shows without scrolling come with the page; the rest as they come into view.
    const posters = screen.getAllByTestId('template-card').map((article) => article.querySelector('img')!.getAttribute('loading'));
    expect(posters).toEqual(['eager', 'eager', 'lazy']);
  });

  it('plays and pauses a card’s motion with a button of its own, by touch or keyboard, without leaving the gallery', async () => {
    fakeApi.on('GET /api/video/templates', ok(CATALOGUE.map((entry, i) => ({ ...entry, previewReady: i === 0 }))));
    // Someone who asked for less motion: nothing moves by itself, and a press still plays what was asked for.
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query === '(prefers-reduced-motion: reduce)',
      addEventListener() {},
      removeEventListener() {},
    }));
    try {
      await open();
      const card = (await screen.findByRole('heading', { name: 'Neon city rain' })).closest('article')!;
      const clip = () => card.querySelector('video[src$="/tpl-neon-city/preview"]');
      expect(clip()).toBeNull();
      // Only a template whose clip is rendered has the button.
      expect(screen.getAllByTestId('preview-toggle')).toHaveLength(1);

      await userEvent.click(within(card).getByRole('button', { name: 'Play the preview of “Neon city rain”' }));
      expect(clip()).toBeInTheDocument();
      expect(screen.getByTestId('where')).toHaveTextContent('/free-video-templates');
      const pause = within(card).getByRole('button', { name: 'Pause the preview of “Neon city rain”' });
      expect(pause).toHaveFocus();
      await userEvent.keyboard('{Enter}');
      expect(clip()).toBeNull();
      await userEvent.keyboard(' ');
      expect(clip()).toBeInTheDocument();
      // The next stop is the card's own link, which opens the generator.
      await userEvent.tab();
      expect(within(card).getByRole('link', { name: /Use this template/ })).toHaveFocus();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('searches the prompts in the page’s language, and the categories in it and in English', async () => {
    serveByLanguage();
    await open('/fr/free-video-templates', 'fr');
    const box = await screen.findByRole('searchbox');
    await userEvent.type(box, 'flaques');
    expect(titles()).toEqual(['Néons sous la pluie']);
    await userEvent.clear(box);
    await userEvent.type(box, 'cuisine');
    expect(titles()).toEqual(['Café du matin']);
    await userEvent.clear(box);
    await userEvent.type(box, 'food');
    expect(titles()).toEqual(['Café du matin']);
  });

  it('filters by category and keeps the choice in the URL', async () => {
    fakeApi.on('GET /api/video/templates', ok(CATALOGUE));
    await open();
    await screen.findByText('Neon city rain');
    await userEvent.click(screen.getByRole('button', { name: 'Food' }));
    expect(titles()).toEqual(['Morning coffee']);
    expect(screen.getByRole('button', { name: 'Food' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByTestId('where')).toHaveTextContent('/free-video-templates?category=Food');
    await userEvent.click(screen.getByRole('button', { name: 'All' }));
    expect(titles()).toHaveLength(3);
  });

  it('searches titles, categories and prompts as the person types, replacing the URL entry', async () => {
    fakeApi.on('GET /api/video/templates', ok(CATALOGUE));
    await open();
    const box = await screen.findByRole('searchbox', { name: 'Search templates' });
    await userEvent.type(box, 'fog');
    expect(titles()).toEqual(['Misty forest morning']);
    expect(screen.getByText('1 template')).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent('/free-video-templates?q=fog');
    expect(screen.getByTestId('where')).toHaveAttribute('data-navigation', 'REPLACE');
  });

  it('opens filtered by the q of the site search action', async () => {
    fakeApi.on('GET /api/video/templates', ok(CATALOGUE));
    await open('/free-video-templates?q=NEON');
    await screen.findByRole('heading', { name: 'Neon city rain' });
    expect(titles()).toEqual(['Neon city rain']);
    expect(screen.getByRole('searchbox')).toHaveValue('NEON');
  });

  it('says when nothing matches and clears the search on request', async () => {
    fakeApi.on('GET /api/video/templates', ok(CATALOGUE));
    await open('/free-video-templates?q=volcano&category=Food');
    expect(await screen.findByText('No template matches your search.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Clear search and filters' }));
    expect(titles()).toHaveLength(3);
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/free-video-templates$/);
    // The button went with the filters: the focus is in the search box, not lost to the page.
    expect(screen.getByRole('searchbox')).toHaveFocus();
  });

  it('says the server cannot be reached instead of showing fallback data as real', async () => {
    fakeApi.on('GET /api/video/templates', networkError());
    await open();
    expect((await screen.findByText(/The server cannot be reached/)).closest('[role="status"]')).toBeInTheDocument();
    expect(screen.queryByText('No templates yet. Check back soon.')).not.toBeInTheDocument();
  });

  it('shows the empty state', async () => {
    fakeApi.on('GET /api/video/templates', ok([]));
    await open();
    expect(await screen.findByText('No templates yet. Check back soon.')).toBeInTheDocument();
  });

  it('reports a server error and loads again on retry', async () => {
    const answers = [fail(500, 'INTERNAL_ERROR', 'Something broke'), ok(CATALOGUE)];
    fakeApi.on('GET /api/video/templates', () => answers.shift()!);
    await open();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Templates could not be loaded. Something broke');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Neon city rain')).toBeInTheDocument();
    expect(fakeApi.callsTo('GET /api/video/templates')).toHaveLength(2);
  });

  it('keeps the catalogue it shows, so a preload in the same language does not ask for it again', async () => {
    serveByLanguage();
    await open();
    expect(await screen.findAllByTestId('template-card')).toHaveLength(3);
    languageStore.setState({ lng: 'en' });
    await preload();
    expect(fakeApi.callsTo('GET /api/video/templates')).toHaveLength(1);
  });

  it('draws a catalogue read ahead by preload in the page’s language at once, asking nothing more; a stand-in is not kept', async () => {
    languageStore.setState({ lng: 'de' });
    fakeApi.on('GET /api/video/templates', networkError());
    await preload();
    serveByLanguage();
    await preload();
    expect(fakeApi.callsTo('GET /api/video/templates').map((call) => call.url.searchParams.get('lang'))).toEqual(['de', 'de']);
    await open('/de/free-video-templates', 'de');
    // Once its strings are in, the screen's first drawing has the cards.
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getAllByTestId('template-card')).toHaveLength(3);
    expect(fakeApi.callsTo('GET /api/video/templates')).toHaveLength(2);
  });

  it('reads ahead once when two screens ask for the same catalogue together', async () => {
    serveByLanguage();
    languageStore.setState({ lng: 'en' });
    await Promise.all([preload(), preload()]);
    expect(fakeApi.callsTo('GET /api/video/templates')).toHaveLength(1);
  });

  it('starts from the catalogue the page was drawn with, asking the API nothing, and a preload does not ask for it either', async () => {
    serveByLanguage();
    await renderWithProviders(
      <PublicReadsContext value={{ read: (name) => (name === 'templates' ? CATALOGUE : undefined) }}>
        <TemplatesPage />
      </PublicReadsContext>,
    );
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getAllByTestId('template-card')).toHaveLength(3);
    languageStore.setState({ lng: 'en' });
    await preload();
    expect(fakeApi.callsTo('GET /api/video/templates')).toHaveLength(0);
  });
});
