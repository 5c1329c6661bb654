import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { telemetry } from '../release/telemetry.ts';
import { RemoteRegion } from './remote-region.tsx';
import { ScreenModules } from './screen-modules.ts';

function Broken(): never {
  throw new RangeError('a screen that cannot draw');
}

describe('what a remote region reports for the release figures', () => {
  afterEach(() => vi.restoreAllMocks());

  it('a remote that cannot be loaded: a load error with its reason, then the fallback the visitor saw', async () => {
    const record = vi.spyOn(telemetry, 'record');
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    // Nothing is in yet, and no build of billing is configured: loading it fails.
    render(
      <ScreenModules.Provider value={() => undefined}>
        <RemoteRegion remote="billing" module="./PricingPage" />
      </ScreenModules.Provider>,
    );
    expect(await screen.findByTestId('remote-fallback')).toBeInTheDocument();
    // The fallback reports itself from an effect, which may run just after the fallback is on screen.
    await waitFor(() =>
      expect(record.mock.calls).toEqual([
        ['billing', 'load-error', { detail: 'not-configured' }],
        ['billing', 'fallback', { detail: 'load' }],
      ]),
    );
  });

  it('a screen that throws while drawing: a render error named by its class, then the fallback', async () => {
    const record = vi.spyOn(telemetry, 'record');
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <ScreenModules.Provider value={() => Broken}>
        <RemoteRegion remote="marketing" module="./HomePage" />
      </ScreenModules.Provider>,
    );
    expect(await screen.findByTestId('remote-fallback')).toHaveAttribute('data-remote', 'marketing');
    expect(record.mock.calls).toEqual([
      ['marketing', 'render-error', { detail: 'RangeError' }],
      ['marketing', 'fallback', { detail: 'render' }],
    ]);
  });

  it('a retry after a render error draws the screen again once it can draw', async () => {
    const record = vi.spyOn(telemetry, 'record');
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let broken = true;
    function Flaky() {
      if (broken) throw new TypeError('not yet');
      return <p>Home</p>;
    }
    render(
      <ScreenModules.Provider value={() => Flaky}>
        <RemoteRegion remote="marketing" module="./HomePage" />
      </ScreenModules.Provider>,
    );
    const fallback = await screen.findByTestId('remote-fallback');
    broken = false;
    await userEvent.click(within(fallback).getByRole('button'));
    expect(await screen.findByText('Home')).toBeInTheDocument();
    expect(screen.queryByTestId('remote-fallback')).toBeNull();
    expect(record.mock.calls.filter(([, kind]) => kind === 'render-error')).toEqual([['marketing', 'render-error', { detail: 'TypeError' }]]);
  });
});
