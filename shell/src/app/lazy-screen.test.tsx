import { Suspense } from 'react';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { lazyScreen } from './lazy-screen.ts';
import { ScreenErrorBoundary } from '../pages/screen-error.tsx';

const strings = import.meta.glob<Record<string, unknown>>('../../public/locales/{en,fr}/translation.json', { eager: true, import: 'default' });
const resources = Object.fromEntries(Object.entries(strings).map(([path, translation]) => [path.split('/').at(-2)!, { translation }]));

describe('lazyScreen', () => {
  const reload = vi.fn();
  afterEach(() => {
    sessionStorage.clear();
    reload.mockReset();
    vi.unstubAllGlobals();
  });

  async function mount(load: () => Promise<{ default: () => ReactElement }>, lng = 'en') {
    vi.stubGlobal('location', { ...window.location, reload });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const i18n = i18next.createInstance();
    await i18n.use(initReactI18next).init({ lng, resources, interpolation: { escapeValue: false } });
    const Screen = lazyScreen(load);
    render(
      <I18nextProvider i18n={i18n}>
        <ScreenErrorBoundary>
          <Suspense fallback={<p>Loading...</p>}>
            <Screen />
          </Suspense>
        </ScreenErrorBoundary>
      </I18nextProvider>,
    );
  }

  it('reloads the page once when a screen chunk fails', async () => {
    await mount(() => Promise.reject(new Error('chunk gone')));
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(screen.getByText('Loading...')).toBeInTheDocument();
  });

  it('shows the error screen with a retry on the second failure in a row, without reloading', async () => {
    sessionStorage.setItem('reelmint:screen-reload', '1');
    await mount(() => Promise.reject(new Error('chunk gone')));
    expect(await screen.findByTestId('screen-error')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(reload).not.toHaveBeenCalled();
  });

  it('speaks the page language on the error screen', async () => {
    sessionStorage.setItem('reelmint:screen-reload', '1');
    await mount(() => Promise.reject(new Error('chunk gone')), 'fr');
    expect(await screen.findByRole('heading', { name: "Cette page n'a pas pu être chargée" })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Réessayer' })).toBeInTheDocument();
  });
});
