import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { configure } from '@reelmint/shared';
import { renderScreen } from '../../../shared/test/render.tsx';
import TemplatesPage from './templates-page.tsx';

describe('TemplatesPage', () => {
  afterEach(() => vi.unstubAllGlobals());
  configure({ apiBase: 'http://api.test' });

  it('lists the catalogue', async () => {
    const template = { id: 't1', title: 'Neon city', category: 'Urban', prompt: 'A neon city at night', settings: { model: 'v1.0', resolution: '512p', duration: '5s' }, posterUrl: '', previewUrl: '' };
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(Response.json({ success: true, data: [template] })));
    await renderScreen(<TemplatesPage />);
    expect(await screen.findByText('Neon city')).toBeInTheDocument();
  });

  it('says the server cannot be reached instead of showing fallback data as real', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await renderScreen(<TemplatesPage />);
    expect(await screen.findByText(/The server cannot be reached/)).toHaveAttribute('role', 'status');
  });

  it('shows the empty state and an actionable error', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(Response.json({ success: true, data: [] })));
    await renderScreen(<TemplatesPage />);
    expect(await screen.findByText('No templates yet. Check back soon.')).toBeInTheDocument();
  });
});
