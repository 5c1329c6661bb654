import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { OverrideBanner } from './override-banner.tsx';
import { setOverrideReport } from './override-report.ts';
import { OVERRIDES_KEY } from './override-keys.ts';

// The real English file the browser loads, so the test also proves the keys exist.
const [en] = Object.values(import.meta.glob<Record<string, unknown>>('../../public/locales/en/translation.json', { eager: true, import: 'default' }));

async function renderBanner(reload = vi.fn()) {
  const i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({ lng: 'en', resources: { en: { translation: en ?? {} } }, interpolation: { escapeValue: false } });
  render(
    <I18nextProvider i18n={i18n}>
      <OverrideBanner reload={reload} />
    </I18nextProvider>,
  );
  return reload;
}

describe('OverrideBanner', () => {
  it('shows nothing when no override is active or refused', async () => {
    setOverrideReport({ active: [], refused: [], unchecked: [] });
    await renderBanner();
    expect(screen.queryByTestId('override-banner')).toBeNull();
  });

  it('says which overrides are active and clears them in one click', async () => {
    localStorage.setItem(OVERRIDES_KEY, JSON.stringify([{ remote: 'billing', value: '1.1.0+b' }]));
    setOverrideReport({
      active: [
        {
          remote: 'billing',
          kind: 'version',
          version: '1.1.0+b',
          entry: 'http://x/releases/1.1.0+b/remoteEntry.js',
          check: 'http://x/releases/1.1.0+b/release.json',
        },
      ],
      refused: [],
      unchecked: [],
    });
    const reload = await renderBanner();
    const region = screen.getByRole('region', { name: 'Testing overrides are active in this browser' });
    expect(region).toHaveTextContent('billing runs version 1.1.0+b');
    await userEvent.click(screen.getByRole('button', { name: 'Clear overrides' }));
    expect(localStorage.getItem(OVERRIDES_KEY)).toBeNull();
    expect(reload).toHaveBeenCalledOnce();
  });

  it('announces a refused override with the reason, and can be dismissed', async () => {
    setOverrideReport({ active: [], refused: [{ remote: 'billing', value: 'http://evil.test', reason: 'not-allowed' }], unchecked: [] });
    await renderBanner();
    expect(screen.getByRole('alert')).toHaveTextContent('billing cannot be loaded from http://evil.test: that origin is not on the allowed list.');
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).toBeNull();
    act(() => setOverrideReport({ active: [], refused: [], unchecked: [] }));
  });

  it('says when a kept override could not be checked, so this visit runs the live version, and can still clear it', async () => {
    localStorage.setItem(OVERRIDES_KEY, JSON.stringify([{ remote: 'billing', value: '1.1.0+b' }]));
    setOverrideReport({ active: [], refused: [], unchecked: [{ remote: 'billing', value: '1.1.0+b' }] });
    const reload = await renderBanner();
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('Override not applied on this visit');
    expect(status).toHaveTextContent('billing 1.1.0+b could not be checked (the server did not answer), so this page runs the live version.');
    await userEvent.click(screen.getByRole('button', { name: 'Clear overrides' }));
    expect(localStorage.getItem(OVERRIDES_KEY)).toBeNull();
    expect(reload).toHaveBeenCalledOnce();
    act(() => setOverrideReport({ active: [], refused: [], unchecked: [] }));
  });
});
