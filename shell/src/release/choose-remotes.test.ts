import { describe, expect, it, vi } from 'vitest';
import { chooseRemotes } from './choose-remotes.ts';
import type { ChooseEnvironment } from './choose-remotes.ts';
import { getOverrideReport } from './override-report.ts';
import { inCanary } from './canary.ts';
import { VISITOR_KEY } from './visitor.ts';
import type { PointerDocument } from '../remotes/pointer.ts';

const document_: PointerDocument = {
  remotes: {
    marketing: { version: 'local', entry: 'http://localhost:5174/remoteEntry.js', releases: 'http://localhost:5174/releases/' },
    billing: {
      version: '1.0.0+a',
      entry: 'http://localhost:5176/releases/1.0.0+a/remoteEntry.js',
      releases: 'http://localhost:5176/releases/',
      canary: { version: '1.1.0+b', entry: 'http://localhost:5176/releases/1.1.0+b/remoteEntry.js', percent: 50 },
    },
  },
  allowedOverrideOrigins: ['http://localhost:5176'],
};

/** How the releases origin answers the published check: found, a definite 404, or no answer at all. */
type Origin = 'published' | 'missing' | 'down';

function environment(search = '', origin: Origin = 'published'): ChooseEnvironment & { replaced: string[] } {
  const replaced: string[] = [];
  return {
    search,
    storage: localStorage,
    fetch: vi.fn(async () => {
      if (origin === 'down') throw new TypeError('Failed to fetch');
      return new Response('{}', { status: origin === 'published' ? 200 : 404 });
    }),
    replaceSearch: (next) => replaced.push(next),
    root: document.createElement('html'),
    replaced,
  };
}

/** A visitor id on the chosen side of the billing canary. */
function visitorFor(inside: boolean): string {
  for (let i = 0; ; i += 1) if (inCanary(`v${i}`, 'billing', 50) === inside) return `v${i}`;
}

describe('chooseRemotes', () => {
  it('gives a visitor outside the canary the live version and says so on <html>', async () => {
    localStorage.setItem(VISITOR_KEY, visitorFor(false));
    const env = environment();
    const chosen = await chooseRemotes(document_, env);
    expect(chosen.billing).toEqual({ version: '1.0.0+a', entry: 'http://localhost:5176/releases/1.0.0+a/remoteEntry.js' });
    expect(env.root.dataset).toMatchObject({ remoteBilling: '1.0.0+a', remoteBillingSource: 'live', remoteMarketing: 'local' });
    expect(chosen.generator).toBeUndefined();
  });

  it('gives a visitor inside the canary the canary, on every visit', async () => {
    localStorage.setItem(VISITOR_KEY, visitorFor(true));
    for (let visit = 0; visit < 3; visit += 1) {
      const env = environment();
      expect((await chooseRemotes(document_, env)).billing?.version).toBe('1.1.0+b');
      expect(env.root.dataset.remoteBillingSource).toBe('canary');
    }
  });

  it('keeps a new visitor id, so the choice is stable', async () => {
    await chooseRemotes(document_, environment());
    const id = localStorage.getItem(VISITOR_KEY);
    expect(id).toBeTruthy();
    await chooseRemotes(document_, environment());
    expect(localStorage.getItem(VISITOR_KEY)).toBe(id);
  });

  it('applies an allowed override from the URL, remembers it and removes the parameter', async () => {
    localStorage.setItem(VISITOR_KEY, visitorFor(true));
    const env = environment('?override=billing@http://localhost:5176&cycle=yearly');
    const chosen = await chooseRemotes(document_, env);
    expect(chosen.billing?.entry).toBe('http://localhost:5176/remoteEntry.js');
    expect(env.root.dataset.remoteBillingSource).toBe('override');
    expect(env.replaced).toEqual(['?cycle=yearly']);
    expect(getOverrideReport().active).toHaveLength(1);
    // The next visit, without the parameter, still uses it.
    expect((await chooseRemotes(document_, environment())).billing?.entry).toBe('http://localhost:5176/remoteEntry.js');
  });

  it('refuses a disallowed override: never loaded, not remembered, reported', async () => {
    localStorage.setItem(VISITOR_KEY, visitorFor(false));
    const env = environment('?override=billing@http://evil.test/remoteEntry.js');
    const chosen = await chooseRemotes(document_, env);
    expect(chosen.billing?.version).toBe('1.0.0+a');
    expect(getOverrideReport()).toEqual({
      active: [],
      refused: [{ remote: 'billing', value: 'http://evil.test/remoteEntry.js', reason: 'not-allowed' }],
      unchecked: [],
    });
    expect(localStorage.getItem('reelmint_remote_overrides')).toBeNull();
  });

  it('keeps a working override when a later request for the same remote is refused', async () => {
    await chooseRemotes(document_, environment('?override=billing@1.1.0%2Bb'));
    const chosen = await chooseRemotes(document_, environment('?override=billing@http://evil.test'));
    expect(chosen.billing?.version).toBe('1.1.0+b');
    expect(getOverrideReport().refused).toEqual([{ remote: 'billing', value: 'http://evil.test', reason: 'not-allowed' }]);
  });

  it('drops a stored override the server no longer allows', async () => {
    await chooseRemotes(document_, environment('?override=billing@http://localhost:5176'));
    const chosen = await chooseRemotes({ ...document_, allowedOverrideOrigins: [] }, environment());
    expect(chosen.billing?.entry).not.toBe('http://localhost:5176/remoteEntry.js');
    expect(getOverrideReport().refused).toMatchObject([{ remote: 'billing', reason: 'not-allowed' }]);
    expect(localStorage.getItem('reelmint_remote_overrides')).toBeNull();
  });

  it('refuses a version that is not published', async () => {
    const chosen = await chooseRemotes(document_, environment('?override=billing@9.9.9', 'missing'));
    expect(chosen.billing?.version).not.toBe('9.9.9');
    expect(getOverrideReport().refused).toEqual([{ remote: 'billing', value: '9.9.9', reason: 'not-published' }]);
  });

  it('keeps a stored override through a network failure, runs the live version for that visit and says so', async () => {
    localStorage.setItem(VISITOR_KEY, visitorFor(false));
    await chooseRemotes(document_, environment('?override=billing@1.1.0%2Bb'));
    const env = environment('', 'down');
    const chosen = await chooseRemotes(document_, env);
    expect(chosen.billing?.version).toBe('1.0.0+a');
    expect(env.root.dataset.remoteBillingSource).toBe('live');
    expect(getOverrideReport()).toEqual({ active: [], refused: [], unchecked: [{ remote: 'billing', value: '1.1.0+b' }] });
    expect(JSON.parse(localStorage.getItem('reelmint_remote_overrides') ?? '[]')).toEqual([{ remote: 'billing', value: '1.1.0+b' }]);
    // Once the origin answers again, the override applies again.
    expect((await chooseRemotes(document_, environment())).billing?.version).toBe('1.1.0+b');
    expect(getOverrideReport().unchecked).toEqual([]);
  });

  it('drops a stored override only when its version definitely is not published any more', async () => {
    await chooseRemotes(document_, environment('?override=billing@1.1.0%2Bb'));
    await chooseRemotes(document_, environment('', 'missing'));
    expect(getOverrideReport().refused).toEqual([{ remote: 'billing', value: '1.1.0+b', reason: 'not-published' }]);
    expect(localStorage.getItem('reelmint_remote_overrides')).toBeNull();
  });

  it('clears every override with override=off', async () => {
    await chooseRemotes(document_, environment('?override=billing@1.1.0%2Bb'));
    expect(getOverrideReport().active).toHaveLength(1);
    localStorage.setItem(VISITOR_KEY, visitorFor(false));
    const chosen = await chooseRemotes(document_, environment('?override=off'));
    expect(chosen.billing?.version).toBe('1.0.0+a');
    expect(getOverrideReport().active).toEqual([]);
  });
});
