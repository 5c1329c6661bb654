import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderScreen } from '../../../shared/test/render.tsx';
import PrivacyPage from './privacy-page.tsx';

describe('LegalDocument', () => {
  it('dates the document the way the active language writes dates', async () => {
    await renderScreen(<PrivacyPage />, { path: '/de/privacy-policy', lng: 'de' });
    expect(await screen.findByText('Zuletzt aktualisiert am 22. November 2026')).toBeInTheDocument();
  });
});
