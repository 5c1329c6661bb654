// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const runtime = vi.hoisted(() => ({ loadRemote: vi.fn(), registerRemotes: vi.fn() }));
vi.mock('@module-federation/runtime', () => runtime);

import { loadedExposed, loadExposed, loadSettled, RemoteLoadError, resetRemote, setRemotesPointer } from './loader.ts';

describe('remote loader', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    runtime.loadRemote.mockReset();
    runtime.registerRemotes.mockReset();
    setRemotesPointer({ billing: { entry: 'http://localhost:5176/remoteEntry.js', version: '1.0.0' } });
  });
  afterEach(() => vi.useRealTimers());

  it('says when a load under way has ended, loaded or failed, without starting one or retrying a failed remote', async () => {
    const settled: string[] = [];
    await loadSettled('billing', './PricingPage').then(() => settled.push('none under way'));
    expect(runtime.loadRemote).not.toHaveBeenCalled();

    let answer: (module: unknown) => void = () => {};
    runtime.loadRemote.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const loading = loadExposed('billing', './PricingPage', 1000);
    void loadSettled('billing', './PricingPage').then(() => settled.push('loaded'));
    await vi.advanceTimersByTimeAsync(10);
    expect(settled).toEqual(['none under way']);
    answer({ default: () => null });
    await loading;
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toEqual(['none under way', 'loaded']);

    runtime.loadRemote.mockReturnValue(new Promise(() => {}));
    const stalled = loadExposed('billing', './SubscriptionModal', 1000).catch(() => 'failed');
    void loadSettled('billing', './SubscriptionModal').then(() => settled.push('timed out'));
    await vi.advanceTimersByTimeAsync(1001);
    expect(await stalled).toBe('failed');
    expect(settled).toEqual(['none under way', 'loaded', 'timed out']);
    const registered = runtime.registerRemotes.mock.calls.length;
    await loadSettled('billing', './SubscriptionModal');
    expect(runtime.registerRemotes).toHaveBeenCalledTimes(registered);
  });

  it('registers each remote of the pointer as an ES module', () => {
    expect(runtime.registerRemotes).toHaveBeenCalledWith([{ name: 'billing', entry: 'http://localhost:5176/remoteEntry.js', type: 'module' }], {
      force: false,
    });
  });

  it('rejects with a timeout when the remote never answers', async () => {
    runtime.loadRemote.mockReturnValue(new Promise(() => {}));
    const loading = loadExposed('billing', './PricingPage', 1000);
    const assertion = expect(loading).rejects.toMatchObject({ reason: 'timeout', remote: 'billing' });
    await vi.advanceTimersByTimeAsync(1001);
    await assertion;
  });

  it('turns a refused connection into an unavailable error', async () => {
    runtime.loadRemote.mockRejectedValue(new TypeError('Failed to fetch dynamically imported module'));
    await expect(loadExposed('billing', './PricingPage')).rejects.toMatchObject({ reason: 'unavailable' });
    expect(runtime.loadRemote).toHaveBeenCalledWith('billing/PricingPage');
  });

  it('refuses a remote the pointer does not configure', async () => {
    await expect(loadExposed('generator', './GeneratorPage')).rejects.toBeInstanceOf(RemoteLoadError);
    expect(runtime.loadRemote).not.toHaveBeenCalled();
  });

  it('re-registers a failed remote under a fresh URL so a retry makes a new request', () => {
    resetRemote('billing');
    resetRemote('billing');
    expect(runtime.registerRemotes).toHaveBeenLastCalledWith([{ name: 'billing', entry: 'http://localhost:5176/remoteEntry.js?retry=2', type: 'module' }], {
      force: true,
    });
  });

  it('keeps what a remote handed over, so a region can start drawn, and forgets it when the remote is reset or the pointer changes', async () => {
    const pricing = { default: () => null };
    runtime.loadRemote.mockResolvedValue(pricing);
    expect(loadedExposed('billing', './PricingPage')).toBeUndefined();
    await loadExposed('billing', './PricingPage');
    expect(loadedExposed('billing', './PricingPage')).toBe(pricing);
    expect(loadedExposed('billing', './SubscriptionModal')).toBeUndefined();
    resetRemote('billing');
    expect(loadedExposed('billing', './PricingPage')).toBeUndefined();
    await loadExposed('billing', './PricingPage');
    setRemotesPointer({ billing: { entry: 'http://localhost:5176/releases/2.0.0/remoteEntry.js', version: '2.0.0' } });
    expect(loadedExposed('billing', './PricingPage')).toBeUndefined();
  });

  it('shares a load under way: a second region asking for the same module waits for the same load and its timeout', async () => {
    runtime.loadRemote.mockReturnValue(new Promise(() => {}));
    const first = loadExposed('billing', './PricingPage', 1000);
    const second = loadExposed('billing', './PricingPage', 1000);
    expect(second).toBe(first);
    expect(runtime.loadRemote).toHaveBeenCalledTimes(1);
    const assertion = expect(second).rejects.toMatchObject({ reason: 'timeout' });
    await vi.advanceTimersByTimeAsync(1001);
    await assertion;
  });

  it('after a failed load, the next one asks for the entry afresh, so an origin that has recovered is seen without a reload', async () => {
    runtime.loadRemote.mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'));
    await expect(loadExposed('billing', './PricingPage')).rejects.toMatchObject({ reason: 'unavailable' });
    expect(runtime.registerRemotes).toHaveBeenCalledTimes(1);
    const pricing = { default: () => null };
    runtime.loadRemote.mockResolvedValue(pricing);
    await expect(loadExposed('billing', './PricingPage')).resolves.toBe(pricing);
    expect(runtime.registerRemotes).toHaveBeenLastCalledWith([{ name: 'billing', entry: 'http://localhost:5176/remoteEntry.js?retry=1', type: 'module' }], {
      force: true,
    });
    // A load that worked leaves the remote as it is.
    await loadExposed('billing', './PricingPage');
    expect(runtime.registerRemotes).toHaveBeenCalledTimes(2);
  });
});
