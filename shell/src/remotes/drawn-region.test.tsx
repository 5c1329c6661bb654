import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The page's own region when the browser takes a drawn page over before the region's code has come (main.tsx): it
// keeps what the server drew, and the federation runtime is replaced so the test decides what the remote does.
const runtime = vi.hoisted(() => ({ loadRemote: vi.fn(), registerRemotes: vi.fn() }));
vi.mock('@module-federation/runtime', () => runtime);

import { telemetry } from '../release/telemetry.ts';
import { setRemotesPointer } from './loader.ts';
import { RemoteRegion } from './remote-region.tsx';
import { keepDrawnRegion, ScreenModules } from './screen-modules.ts';

function Pricing() {
  return (
    <main>
      <h1>Plans and pricing</h1>
      <a href="/en/faqs">Questions</a>
    </main>
  );
}

/** The region's HTML as the shell's server draws it with its screen. */
const drawnHtml = () =>
  renderToString(
    <ScreenModules.Provider value={() => Pricing}>
      <RemoteRegion remote="billing" module="./PricingPage" />
    </ScreenModules.Provider>,
  );

/** Nothing loaded in this browser yet: the region has only what the page kept. */
const region = (
  <ScreenModules.Provider value={() => undefined}>
    <RemoteRegion remote="billing" module="./PricingPage" />
  </ScreenModules.Provider>
);

function deferred<T>() {
  let resolve: (value: T) => void = () => undefined;
  let reject: (error: unknown) => void = () => undefined;
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

describe('a drawn region taken over before its code has come', () => {
  beforeEach(() => {
    runtime.loadRemote.mockReset();
    runtime.registerRemotes.mockReset();
    setRemotesPointer({ billing: { entry: 'http://localhost:5176/remoteEntry.js', version: '1.4.2' } });
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => vi.restoreAllMocks());

  it('is taken over exactly as the server drew it: no hydration error, the same elements', async () => {
    runtime.loadRemote.mockReturnValue(new Promise(() => undefined));
    const container = document.createElement('div');
    container.innerHTML = drawnHtml();
    document.body.append(container);
    const heading = container.querySelector('h1');
    keepDrawnRegion('billing', './PricingPage', container.querySelector('[data-remote-region="billing"]')!.innerHTML);
    const recoverable: unknown[] = [];
    const root = hydrateRoot(container, region, { onRecoverableError: (error) => recoverable.push(error) });
    await waitFor(() => expect(runtime.loadRemote).toHaveBeenCalledWith('billing/PricingPage'));
    expect(recoverable).toEqual([]);
    expect(container.querySelector('h1')).toBe(heading);
    expect(container.querySelector('a')).toHaveAttribute('href', '/en/faqs');
    act(() => root.unmount());
    container.remove();
  });

  it('says above the drawn content that this part is unavailable when the code fails, keeps it readable, and Try again draws the screen without a reload', async () => {
    const record = vi.spyOn(telemetry, 'record');
    telemetry.setTarget('billing', { version: '1.4.2', entry: 'http://localhost:5176/remoteEntry.js', source: 'live' });
    const first = deferred<unknown>();
    runtime.loadRemote.mockReturnValueOnce(first.promise);
    const container = document.createElement('div');
    container.innerHTML = drawnHtml();
    keepDrawnRegion('billing', './PricingPage', container.querySelector('[data-remote-region="billing"]')!.innerHTML);
    render(region);
    // Meanwhile the drawn content stays, with no loading outline over it.
    expect(screen.getByRole('heading', { name: 'Plans and pricing' })).toBeInTheDocument();
    expect(screen.queryByTestId('region-loading')).toBeNull();

    first.reject(new TypeError('Failed to fetch dynamically imported module'));
    const notice = await screen.findByTestId('remote-fallback');
    expect(notice).toHaveAttribute('data-remote', 'billing');
    // A notice, not a second heading: the page's heading is still the drawn one, and its link still goes somewhere.
    expect(within(notice).queryByRole('heading')).toBeNull();
    expect(screen.getAllByRole('heading', { level: 1 }).map((heading) => heading.textContent)).toEqual(['Plans and pricing']);
    expect(screen.getByRole('link', { name: 'Questions' })).toHaveAttribute('href', '/en/faqs');
    await waitFor(() =>
      expect(record.mock.calls.map(([, kind, extra]) => [kind, extra])).toEqual([
        ['load-error', { detail: 'unavailable' }],
        ['fallback', { detail: 'load' }],
      ]),
    );

    // The origin is back: Try again asks for the entry afresh (a new address) and the live screen replaces the drawn one.
    runtime.loadRemote.mockResolvedValueOnce({ default: () => <h1>Live plans</h1> });
    await userEvent.click(within(notice).getByRole('button'));
    expect(await screen.findByRole('heading', { name: 'Live plans' })).toBeInTheDocument();
    expect(screen.queryByText('Plans and pricing')).toBeNull();
    expect(screen.queryByTestId('remote-fallback')).toBeNull();
    expect(runtime.registerRemotes).toHaveBeenLastCalledWith([{ name: 'billing', entry: 'http://localhost:5176/remoteEntry.js?retry=1', type: 'module' }], {
      force: true,
    });
  });

  it('once its code comes late, draws its screen in place of the drawn content; the next visit to the screen loads as usual', async () => {
    const late = deferred<unknown>();
    runtime.loadRemote.mockReturnValueOnce(late.promise);
    keepDrawnRegion('billing', './PricingPage', '<main><h1>Plans and pricing</h1></main>');
    const { unmount } = render(region);
    late.resolve({ default: () => <h1>Live plans</h1> });
    expect(await screen.findByRole('heading', { name: 'Live plans' })).toBeInTheDocument();
    expect(screen.queryByText('Plans and pricing')).toBeNull();
    unmount();

    // The kept HTML belonged to that first region only.
    runtime.loadRemote.mockReturnValueOnce(new Promise(() => undefined));
    render(region);
    expect(screen.getByTestId('region-loading')).toBeInTheDocument();
    expect(screen.queryByText('Plans and pricing')).toBeNull();
  });

  it('a load two regions share is one visit in the release figures, counted even when the region that started it is gone', async () => {
    const record = vi.spyOn(telemetry, 'record');
    telemetry.setTarget('billing', { version: '1.4.2', entry: 'http://localhost:5176/remoteEntry.js', source: 'live' });
    const hung = deferred<unknown>();
    runtime.loadRemote.mockReturnValueOnce(hung.promise);
    // The region is drawn again while its remote hangs (an address without its language moves to the language's).
    render(region).unmount();
    render(region);
    hung.reject(new TypeError('Failed to fetch dynamically imported module'));
    expect(await screen.findByTestId('remote-fallback')).toBeInTheDocument();
    await waitFor(() => expect(record.mock.calls.map(([, kind]) => kind)).toEqual(['load-error', 'fallback']));
    expect(runtime.loadRemote).toHaveBeenCalledTimes(1);
  });
});
