// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { createManifestCache } from './remote-manifests.ts';

const LOCAL = 'http://localhost:5176/remoteEntry.js';
const PUBLISHED = 'http://localhost:5176/releases/1.0.0+abc/remoteEntry.js';
const body = (name: string) => ({ exposes: [{ path: `./${name}`, assets: { js: { sync: [], async: [] }, css: { sync: [], async: [] } } }] });
const ok = (value: unknown) => new Response(JSON.stringify(value), { status: 200 });

describe('remote manifests', () => {
  it('reads the manifest beside the entry and answers later pages without asking again', async () => {
    const fetch = vi.fn(() => Promise.resolve(ok(body('PricingPage'))));
    const cache = createManifestCache({ fetch });
    expect(await cache.get(PUBLISHED, 1000)).toEqual(body('PricingPage'));
    expect(await cache.get(PUBLISHED, 1000)).toEqual(body('PricingPage'));
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch.mock.calls[0]).toEqual(['http://localhost:5176/releases/1.0.0+abc/mf-manifest.json', expect.anything()]);
  });

  it('gives up on a remote that does not answer within the wait, without failing', async () => {
    const cache = createManifestCache({ fetch: () => new Promise<Response>(() => {}) });
    expect(await cache.get(LOCAL, 10)).toBeUndefined();
  });

  it('keeps the last good manifest of a rebuilt remote while it fetches the new one', async () => {
    let clock = 0;
    const answers = [ok(body('Old')), ok(body('New'))];
    const fetch = vi.fn(() => Promise.resolve(answers.shift()!));
    const cache = createManifestCache({ fetch, maxAgeMs: 100, now: () => clock });
    expect(await cache.get(LOCAL, 1000)).toEqual(body('Old'));
    clock = 500;
    expect(await cache.get(LOCAL, 1000)).toEqual(body('Old'));
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
    await vi.waitFor(async () => expect(await cache.get(LOCAL, 1000)).toEqual(body('New')));
  });

  it('does not ask a failing remote again on every page', async () => {
    let clock = 0;
    const fetch = vi.fn(() => Promise.resolve(new Response('down', { status: 503 })));
    const cache = createManifestCache({ fetch, maxAgeMs: 100, now: () => clock });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(await cache.get(LOCAL, 1000)).toBeUndefined();
    expect(await cache.get(LOCAL, 1000)).toBeUndefined();
    expect(fetch).toHaveBeenCalledTimes(1);
    clock = 500;
    await cache.get(LOCAL, 1000);
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});
