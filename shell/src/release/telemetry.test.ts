import { describe, expect, it, vi } from 'vitest';
import { installTelemetry, TelemetryReporter } from './telemetry.ts';
import type { TelemetryEnvironment } from './telemetry.ts';

function harness(overrides: Partial<TelemetryEnvironment> = {}) {
  const sent: Array<{ url: string; body: unknown }> = [];
  const pending: Array<() => void> = [];
  const env: TelemetryEnvironment = {
    endpoint: () => 'http://api.test/api/telemetry/remotes',
    beacon: (url, body) => {
      sent.push({ url, body: JSON.parse(body) });
      return true;
    },
    fetch: undefined,
    later: (run) => pending.push(run),
    path: () => '/fr/pricing',
    ...overrides,
  };
  const reporter = new TelemetryReporter(env);
  reporter.setTarget('billing', { version: '1.5.0+7ab1c2d3e4', entry: 'http://localhost:5176/releases/1.5.0+7ab1c2d3e4/remoteEntry.js', source: 'canary' });
  reporter.setTarget('marketing', { version: 'local', entry: 'http://localhost:5174/remoteEntry.js', source: 'live' });
  const runLater = () => pending.splice(0).forEach((run) => run());
  return { reporter, sent, runLater, pending };
}

describe('release telemetry', () => {
  it('batches events into one report sent later, tagged with version and canary, path without language', () => {
    const { reporter, sent, runLater } = harness();
    reporter.record('billing', 'load', { ms: 812.4 });
    reporter.record('marketing', 'load-error', { detail: 'timeout' });
    expect(sent).toEqual([]);
    runLater();
    expect(sent).toEqual([
      {
        url: 'http://api.test/api/telemetry/remotes',
        body: {
          events: [
            { remote: 'billing', version: '1.5.0+7ab1c2d3e4', canary: true, kind: 'load', ms: 812, route: '/pricing' },
            { remote: 'marketing', version: 'local', canary: false, kind: 'load-error', detail: 'timeout', route: '/pricing' },
          ],
        },
      },
    ]);
  });

  it('reports nothing for a remote run through an override, and no free text', () => {
    const { reporter, sent } = harness();
    reporter.setTarget('billing', { version: '2.0.0', entry: 'http://localhost:5176/remoteEntry.js', source: 'override' });
    reporter.record('billing', 'load', { ms: 5 });
    reporter.record('marketing', 'render-error', { detail: 'Cannot read email of undefined' });
    reporter.flush();
    expect(sent).toHaveLength(1);
    expect((sent[0]!.body as { events: unknown[] }).events).toEqual([
      { remote: 'marketing', version: 'local', canary: false, kind: 'render-error', route: '/pricing' },
    ]);
  });

  it('sends at once when a report is full, in reports of at most 50', () => {
    const { reporter, sent } = harness();
    for (let i = 0; i < 50; i += 1) reporter.record('billing', 'load', { ms: i });
    expect(sent).toHaveLength(1);
    expect((sent[0]!.body as { events: unknown[] }).events).toHaveLength(50);
  });

  it('falls back to a keepalive fetch when the beacon is refused, and a dead endpoint throws nothing', async () => {
    const fetch = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')));
    const { reporter } = harness({ beacon: () => false, fetch: fetch as unknown as typeof globalThis.fetch });
    reporter.record('billing', 'fallback', { detail: 'load' });
    expect(() => reporter.flush()).not.toThrow();
    expect(fetch).toHaveBeenCalledWith(
      'http://api.test/api/telemetry/remotes',
      expect.objectContaining({ method: 'POST', keepalive: true, credentials: 'omit' }),
    );
    await Promise.resolve();
    // Sent once and dropped: nothing is retried or kept growing.
    reporter.flush();
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('a beacon that throws costs the page nothing', () => {
    const { reporter } = harness({
      beacon: () => {
        throw new TypeError('Illegal invocation');
      },
    });
    reporter.record('billing', 'load', { ms: 1 });
    expect(() => reporter.flush()).not.toThrow();
  });

  it('ties an uncaught error to the remote whose files its stack passes through, and sends on pagehide', () => {
    const { reporter, sent } = harness();
    installTelemetry(window, reporter);
    const error = new RangeError('boom');
    error.stack = 'RangeError: boom\n    at onClick (http://localhost:5176/releases/1.5.0+7ab1c2d3e4/assets/PricingPage-abc.js:1:200)';
    window.dispatchEvent(new ErrorEvent('error', { error, filename: 'http://localhost:5176/releases/1.5.0+7ab1c2d3e4/assets/PricingPage-abc.js' }));
    const shellError = new Error('shell');
    shellError.stack = 'Error: shell\n    at boot (http://localhost:5173/assets/index-1.js:1:1)';
    window.dispatchEvent(new ErrorEvent('error', { error: shellError, filename: 'http://localhost:5173/assets/index-1.js' }));
    window.dispatchEvent(new Event('pagehide'));
    expect(sent).toHaveLength(1);
    expect((sent[0]!.body as { events: unknown[] }).events).toEqual([
      { remote: 'billing', version: '1.5.0+7ab1c2d3e4', canary: true, kind: 'uncaught-error', detail: 'RangeError', route: '/pricing' },
    ]);
  });
});
