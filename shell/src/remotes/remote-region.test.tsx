import { render, screen } from '@testing-library/react';
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
    expect(record.mock.calls).toEqual([
      ['billing', 'load-error', { detail: 'not-configured' }],
      ['billing', 'fallback', { detail: 'load' }],
    ]);
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
});
