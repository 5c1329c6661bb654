import { Suspense } from "react";
import type { ReactElement } from "react";
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { lazyScreen } from './lazy-screen.ts';
import { ScreenErrorBoundary } from '../pages/screen-error.tsx';

describe('lazyScreen', () => {
  const reload = vi.fn();
  afterEach(() => {
    sessionStorage.clear();
    reload.mockReset();
    vi.unstubAllGlobals();
  });

  function mount(load: () => Promise<{ default: () => ReactElement }>) {
    vi.stubGlobal('location', { ...window.location, reload });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const Screen = lazyScreen(load);
    render(
      <ScreenErrorBoundary>
        <Suspense fallback={<p>Loading...</p>}>
          <Screen />
        </Suspense>
      </ScreenErrorBoundary>,
    );
  }

  it('reloads the page once when a screen chunk fails', async () => {
    mount(() => Promise.reject(new Error('chunk gone')));
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(screen.getByText('Loading...')).toBeInTheDocument();
  });

  it('shows the error screen with a retry on the second failure in a row, without reloading', async () => {
    sessionStorage.setItem('reelmint:screen-reload', '1');
    mount(() => Promise.reject(new Error('chunk gone')));
    expect(await screen.findByTestId('screen-error')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(reload).not.toHaveBeenCalled();
  });
});
