import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation, useNavigationType } from 'react-router-dom';
import { configure } from '@reelmint/shared';
import { renderScreen } from '../../../shared/test/render.tsx';
import TemplatesPage from './templates-page.tsx';

const settings = { model: 'v1.0', resolution: '512p', duration: '5s' };
const template = (id: string, title: string, category: string, prompt: string) => ({
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

const serve = (body: unknown, status = 200) => vi.stubGlobal('fetch', vi.fn().mockResolvedValue(Response.json(body, { status })));
/** The API, answering the catalogue in the language asked for. */
const serveByLanguage = () => {
  const fetch = vi.fn((url: string | URL) => {
    const lang = new URL(String(url)).searchParams.get('lang');
    return Promise.resolve(Response.json({ success: true, data: lang === 'fr' ? CATALOGUE_FR : CATALOGUE }));
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
};
const titles = () => screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);

async function open(path = '/free-video-templates', lng = 'en') {
  await renderScreen(
    <>
      <TemplatesPage />
      <Where />
    </>,
    { path, lng },
  );
}

describe('TemplatesPage', () => {
  afterEach(() => vi.unstubAllGlobals());
  configure({ apiBase: 'http://api.test' });

  it('lists the catalogue in the page’s language, each card leading to the generator pre-filled from its template', async () => {
    const fetch = serveByLanguage();
    await open('/fr/free-video-templates', 'fr');
    const card = (await screen.findByRole('heading', { name: 'Néons sous la pluie' })).closest('article')!;
    expect(String(fetch.mock.calls[0]![0])).toBe('http://api.test/api/video/templates?lang=fr');
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
    serve({ success: true, data: CATALOGUE });
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
    serve({ success: true, data: CATALOGUE });
    await open();
    const box = await screen.findByRole('searchbox', { name: 'Search templates' });
    await userEvent.type(box, 'fog');
    expect(titles()).toEqual(['Misty forest morning']);
    expect(screen.getByText('1 template')).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent('/free-video-templates?q=fog');
    expect(screen.getByTestId('where')).toHaveAttribute('data-navigation', 'REPLACE');
  });

  it('opens filtered by the q of the site search action', async () => {
    serve({ success: true, data: CATALOGUE });
    await open('/free-video-templates?q=NEON');
    await screen.findByRole('heading', { name: 'Neon city rain' });
    expect(titles()).toEqual(['Neon city rain']);
    expect(screen.getByRole('searchbox')).toHaveValue('NEON');
  });

  it('says when nothing matches and clears the search on request', async () => {
    serve({ success: true, data: CATALOGUE });
    await open('/free-video-templates?q=volcano&category=Food');
    expect(await screen.findByText('No template matches your search.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Clear search and filters' }));
    expect(titles()).toHaveLength(3);
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/free-video-templates$/);
  });

  it('says the server cannot be reached instead of showing fallback data as real', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await open();
    expect((await screen.findByText(/The server cannot be reached/)).closest('[role="status"]')).toBeInTheDocument();
    expect(screen.queryByText('No templates yet. Check back soon.')).not.toBeInTheDocument();
  });

  it('shows the empty state', async () => {
    serve({ success: true, data: [] });
    await open();
    expect(await screen.findByText('No templates yet. Check back soon.')).toBeInTheDocument();
  });

  it('reports a server error and loads again on retry', async () => {
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(Response.json({ success: false, data: null, error: 'INTERNAL_ERROR', message: 'Something broke' }, { status: 500 }))
      .mockResolvedValueOnce(Response.json({ success: true, data: CATALOGUE }));
    vi.stubGlobal('fetch', fetch);
    await open();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Templates could not be loaded. Something broke');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Neon city rain')).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});
