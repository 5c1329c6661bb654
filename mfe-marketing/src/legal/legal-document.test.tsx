import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '@reelmint/testing';
import PrivacyPage from './privacy-page.tsx';

describe('LegalDocument', () => {
  it('dates the document the way the active language writes dates', async () => {
    await renderWithProviders(<PrivacyPage />, { route: '/de/privacy-policy', language: 'de' });
    expect(await screen.findByText('Zuletzt aktualisiert am 3. Dezember 2026')).toBeInTheDocument();
  });
});
