import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@reelmint/testing';
import FaqsPage from './faqs-page.tsx';

describe('FaqsPage', () => {
  it('writes the plan numbers the way the active language writes numbers', async () => {
    await renderWithProviders(<FaqsPage />, { route: '/de/faqs', language: 'de' });
    await userEvent.click(await screen.findByRole('button', { name: 'Was ist in welchem Tarif enthalten?' }));
    expect(screen.getByText(/mit 1\.000 Credits pro Monat/)).toBeVisible();
  });
});
