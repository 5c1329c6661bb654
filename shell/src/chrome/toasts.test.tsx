import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@reelmint/testing';
import { showToast, Toasts } from './toasts.tsx';

const french =
  import.meta.glob<Record<string, unknown>>('../../public/locales/fr/translation.json', { eager: true, import: 'default' })[
    '../../public/locales/fr/translation.json'
  ] ?? {};

describe('toasts', () => {
  it('name their region and their close button in the page’s language', async () => {
    await renderWithProviders(<Toasts />, { language: 'fr', resources: { fr: { translation: french } } });
    await act(async () => {
      showToast('info', 'Bonjour');
    });
    const close = await screen.findByRole('button', { name: 'Fermer la notification' });
    expect(close).toBeInTheDocument();
    expect(screen.getByRole('region')).toHaveAttribute('aria-label', expect.stringMatching(/^Notifications /));
  });
});
