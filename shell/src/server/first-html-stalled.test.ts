// @vitest-environment node
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ComponentType } from 'react';
import { BOOT_DATA_ID } from '../boot/boot-data.ts';
import { createFirstHtml } from './first-html.ts';
import type { PageRendering } from './first-html.ts';

// The first HTML of a page whose remote fails, with the server's real manifest and stylesheet caches reading over
// HTTP from a local origin: the page must go out within its waits whatever that origin does. The reads from the
// origin are given far longer than the test (ORIGIN_TIMEOUT_MS), so a page that waited for the origin would never
// come; each page is checked to have gone out while the origin still held its request unanswered.

const TEMPLATE = `<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>Reelmint</title>
<meta name="description" content="x" /><script type="module" crossorigin src="/assets/main.js"></script></head>
<body><div id="root"></div></body></html>`;

const WAIT_MS = 150;
const LOAD_MS = 400;
/** Longer than the test may run: a read of the origin only ends when the origin answers. */
const ORIGIN_TIMEOUT_MS = 600_000;

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
  vi.restoreAllMocks();
});

/** A server that accepts connections and never answers, as a stalled CDN does. */
async function stalledOrigin(): Promise<{ url: string; held: () => number }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(
    () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  );
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, held: () => [...sockets].filter((socket) => !socket.destroyed).length };
}

/** A remote's origin that answers its manifest and stylesheet until it is told to stall; then it holds every request. */
async function origin(): Promise<{ url: string; stall(): void; requests: string[]; held: ServerResponse[] }> {
  let stalled = false;
  const requests: string[] = [];
  const held: ServerResponse[] = [];
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    requests.push(request.url ?? '');
    if (stalled) return void held.push(response);
    if (request.url === '/mf-manifest.json') {
      response.setHeader('content-type', 'application/json');
      response.end(
        JSON.stringify({
          exposes: [
            { path: './FaqsPage', assets: { js: { sync: ['assets/faqs-AAAAAAAA.js'], async: [] }, css: { sync: ['assets/faqs-AAAAAAAA.css'], async: [] } } },
          ],
        }),
      );
      return;
    }
    if (request.url === '/assets/faqs-AAAAAAAA.css') return void response.end('.faqs{color:red}');
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(
    () =>
      new Promise((resolve) => {
        for (const response of held) response.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, stall: () => (stalled = true), requests, held };
}

function site(entry: string, load: PageRendering['screens']['load']) {
  const draws: boolean[] = [];
  const firstHtml = createFirstHtml({
    template: TEMPLATE,
    siteOrigin: 'https://reelmint.example',
    strings: () => undefined,
    manifestWaitMs: WAIT_MS,
    // Refreshed on every page, so a page after the stall sees the origin's silence.
    manifests: { maxAgeMs: 0, fetchTimeoutMs: ORIGIN_TIMEOUT_MS },
    styles: { fetchTimeoutMs: ORIGIN_TIMEOUT_MS },
    render: {
      screens: { load },
      loadTimeoutMs: LOAD_MS,
      renderPage: (request) => {
        draws.push(request.screen !== null);
        return Promise.resolve({ html: request.screen ? '<h1>FAQs</h1>' : '<p>outline</p>', complete: true });
      },
    },
  });
  const pointer = { remotes: { marketing: { entry, version: 'local' } } };
  const request = (path: string) => firstHtml({ url: new URL(path, 'http://localhost:5173'), headers: {}, config: {}, pointer, styleNonce: 'bm9uY2U=' });
  return {
    draws,
    /** A page that waits on no remote first: the first page a process composes is slower for reasons of its own. */
    warm: () => request('/auth'),
    page: async (path: string) => {
      const { html } = await request(path);
      const rendered = (
        JSON.parse(new RegExp(`<script id="${BOOT_DATA_ID}" type="application/json">(.*?)</script>`).exec(html)![1]!) as { rendered: { screen: boolean } }
      ).rendered;
      return { html, screen: rendered.screen };
    },
  };
}

describe('the first HTML of a page whose remote accepts connections and never answers', () => {
  it('goes out within the manifest wait, with the region’s outline, when the server never read that remote', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const stalled = await stalledOrigin();
    const { page, draws, warm } = site(`${stalled.url}/remoteEntry.js`, () => Promise.reject(new Error('never asked')));
    await warm();
    for (const path of ['/en/faqs', '/fr/faqs']) {
      const { screen, html } = await page(path);
      // The page went out while the origin still held the manifest's read.
      expect(stalled.held(), path).toBeGreaterThan(0);
      expect(screen).toBe(false);
      expect(html).not.toContain('rel="stylesheet"');
    }
    expect(draws).toEqual([false, false]);
  });

  it('goes out within its remote’s wait when the remote stalls before the server holds its build, and is drawn whole once the build is in', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const remote = await origin();
    let loaded: ComponentType | null = null;
    const Screen: ComponentType = () => null;
    // Like the server's remote screens: a build not in gives up after the time it is given.
    const { page, warm } = site(`${remote.url}/remoteEntry.js`, (_remote, _entry, _module, _stamp, timeoutMs) =>
      loaded ? Promise.resolve(loaded) : new Promise<ComponentType>((_, reject) => setTimeout(() => reject(new Error('not in')), timeoutMs)),
    );
    await warm();

    // Healthy: the manifest and the stylesheet are read, but the server build never arrives (the origin is slow to hand it over).
    const first = await page('/en/faqs');
    expect(first.screen).toBe(false);
    await vi.waitFor(() => expect(remote.requests).toEqual(expect.arrayContaining(['/mf-manifest.json', '/assets/faqs-AAAAAAAA.css'])), { timeout: 15_000 });
    await page('/en/faqs');

    // The origin stalls: the page still waits no longer than its remote's wait in all.
    remote.stall();
    const stalled = await page('/en/faqs');
    expect(stalled.screen).toBe(false);
    // It went out while the origin still held the page's read of the manifest.
    expect(remote.held.length).toBeGreaterThan(0);

    // The server build is in (it was loaded before the stall): the page is drawn with its screen and the stylesheet
    // read earlier, at once, although the origin still answers nothing.
    loaded = Screen;
    const drawn = await page('/en/faqs');
    expect(drawn.screen).toBe(true);
    expect(drawn.html).toContain('<style nonce="bm9uY2U=" data-remote-style="' + remote.url + '/assets/faqs-AAAAAAAA.css">.faqs{color:red}</style>');
  });
});
