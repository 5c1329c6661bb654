import { describe, expect, it, vi } from 'vitest';
import { checkOverride, checkPublished, loadStoredRequests, parseOverrideParams, storeRequests } from './overrides.ts';
import type { PointerEntry } from '../remotes/pointer.ts';

const billing: PointerEntry = {
  version: '1.0.0+abc',
  entry: 'http://localhost:5176/releases/1.0.0+abc/remoteEntry.js',
  releases: 'http://localhost:5176/releases/',
};
const allowed = ['http://localhost:5176', 'https://billing-dev.example.com'];

describe('override query parameters', () => {
  it('reads remote@value pairs, restoring a + that arrived unencoded as a space', () => {
    expect(parseOverrideParams('?override=billing@1.2.0+abc&override=marketing@http://localhost:5174')).toEqual({
      requests: [
        { remote: 'billing', value: '1.2.0+abc' },
        { remote: 'marketing', value: 'http://localhost:5174' },
      ],
      clear: false,
      present: true,
    });
    expect(parseOverrideParams('?override=billing%401.2.0%2Babc').requests).toEqual([{ remote: 'billing', value: '1.2.0+abc' }]);
  });

  it('understands off as "clear every override"', () => {
    expect(parseOverrideParams('?override=off')).toMatchObject({ clear: true, requests: [] });
    expect(parseOverrideParams('?lng=fr')).toEqual({ requests: [], clear: false, present: false });
  });
});

describe('the override allow list', () => {
  it('accepts a dev server URL on an allowed origin, adding remoteEntry.js to a bare origin', () => {
    expect(checkOverride({ remote: 'billing', value: 'http://localhost:5176' }, billing, allowed)).toEqual({
      ok: true,
      override: { remote: 'billing', kind: 'url', version: 'http://localhost:5176/remoteEntry.js', entry: 'http://localhost:5176/remoteEntry.js' },
    });
    const check = checkOverride({ remote: 'billing', value: 'https://billing-dev.example.com/pr-12/remoteEntry.js' }, billing, allowed);
    expect(check).toMatchObject({ ok: true, override: { entry: 'https://billing-dev.example.com/pr-12/remoteEntry.js' } });
  });

  it('refuses an origin that is not on the list, even one that only looks like an allowed one', () => {
    for (const value of [
      'http://evil.test/remoteEntry.js',
      'http://localhost:5999',
      'https://localhost:5176',
      'http://localhost.evil.test:5176',
      'http://user@evil.test',
    ]) {
      expect(checkOverride({ remote: 'billing', value }, billing, allowed)).toEqual({
        ok: false,
        refusal: { remote: 'billing', value, reason: 'not-allowed' },
      });
    }
  });

  it('refuses everything when the server allows no origin', () => {
    expect(checkOverride({ remote: 'billing', value: 'http://localhost:5176' }, billing, [])).toMatchObject({ ok: false, refusal: { reason: 'not-allowed' } });
  });

  it('refuses scripts that are not http(s), unknown remotes and malformed values', () => {
    expect(checkOverride({ remote: 'billing', value: 'javascript:alert(1)' }, billing, allowed)).toMatchObject({ ok: false, refusal: { reason: 'invalid' } });
    expect(checkOverride({ remote: 'billing', value: 'data:text/javascript,alert(1)' }, billing, allowed)).toMatchObject({
      ok: false,
      refusal: { reason: 'invalid' },
    });
    expect(checkOverride({ remote: 'payments', value: '1.0.0' }, billing, allowed)).toMatchObject({ ok: false, refusal: { reason: 'unknown-remote' } });
    expect(checkOverride({ remote: 'billing', value: '../../etc' }, billing, allowed)).toMatchObject({ ok: false, refusal: { reason: 'invalid' } });
    expect(checkOverride({ remote: 'billing', value: '' }, billing, allowed)).toMatchObject({ ok: false, refusal: { reason: 'invalid' } });
  });

  it('turns a version into its entry under the remote releases path, and checks it via release.json', () => {
    expect(checkOverride({ remote: 'billing', value: '1.2.0+def' }, billing, [])).toEqual({
      ok: true,
      override: {
        remote: 'billing',
        kind: 'version',
        version: '1.2.0+def',
        entry: 'http://localhost:5176/releases/1.2.0+def/remoteEntry.js',
        check: 'http://localhost:5176/releases/1.2.0+def/release.json',
      },
    });
    expect(checkOverride({ remote: 'billing', value: 'local' }, billing, [])).toMatchObject({
      ok: true,
      override: { entry: 'http://localhost:5176/remoteEntry.js' },
    });
  });

  it('treats a version as published when its release.json answers, and as not published only on a 404', async () => {
    const check = checkOverride({ remote: 'billing', value: '1.2.0+def' }, billing, []);
    if (!check.ok) throw new Error('expected a valid override');
    const found = vi.fn(async () => new Response('{}', { status: 200 }));
    const missing = vi.fn(async () => new Response('Not found', { status: 404 }));
    const failing = vi.fn(async () => new Response('Bad gateway', { status: 502 }));
    const down = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    const slow = vi.fn(async () => {
      throw new DOMException('The operation timed out.', 'TimeoutError');
    });
    expect(await checkPublished(check.override, found)).toBe('published');
    expect(found).toHaveBeenCalledWith('http://localhost:5176/releases/1.2.0+def/release.json', expect.anything());
    expect(await checkPublished(check.override, missing)).toBe('not-published');
    expect(await checkPublished(check.override, failing)).toBe('unreachable');
    expect(await checkPublished(check.override, down)).toBe('unreachable');
    expect(await checkPublished(check.override, slow)).toBe('unreachable');
  });
});

describe('stored overrides', () => {
  it('round-trips through local storage and ignores junk', () => {
    storeRequests([{ remote: 'billing', value: '1.2.0+def' }]);
    expect(loadStoredRequests()).toEqual([{ remote: 'billing', value: '1.2.0+def' }]);
    localStorage.setItem('reelmint_remote_overrides', '{not json');
    expect(loadStoredRequests()).toEqual([]);
    storeRequests([]);
    expect(localStorage.getItem('reelmint_remote_overrides')).toBeNull();
  });
});
