// @vitest-environment node
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServerReads } from './public-reads.ts';

const TEMPLATES = [{ id: 'sunrise', title: 'Sunrise' }];
let base = '';
const asked: string[] = [];
const requestIds: Array<string | undefined> = [];
const server = createServer((request, response) => {
  asked.push(request.url ?? '');
  requestIds.push(request.headers['x-request-id'] as string | undefined);
  if (request.url === '/api/video/templates?lang=fr') {
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify({ success: true, data: TEMPLATES }));
  } else if (request.url === '/api/subscription/plans') {
    // Never answers: the read gives up after its time.
  }
});

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

describe('public reads while a page is drawn', () => {
  it('sends the page request’s id on to the API, so its log lines carry the same id', async () => {
    requestIds.length = 0;
    const reads = createServerReads({ apiBase: base, timeoutMs: 2000, lng: 'fr', requestId: 'edge-4d2c9e7a-0042' });
    await expect(reads.read('templates')).resolves.toEqual(TEMPLATES);
    expect(requestIds).toEqual(['edge-4d2c9e7a-0042']);
    // Without one, none is made up here: the API makes its own.
    await createServerReads({ apiBase: base, timeoutMs: 2000, lng: 'fr' }).read('templates');
    expect(requestIds).toEqual(['edge-4d2c9e7a-0042', undefined]);
  });

  it('asks the API once per read, in the page’s language, and gives its data, which is then written into the boot data', async () => {
    asked.length = 0;
    const reads = createServerReads({ apiBase: `${base}/`, timeoutMs: 2000, lng: 'fr' });
    const first = reads.read('templates');
    expect(first).toBeInstanceOf(Promise);
    expect(reads.read('templates')).toBe(first);
    await expect(first).resolves.toEqual(TEMPLATES);
    expect(reads.read('templates')).toEqual(TEMPLATES);
    expect(asked).toEqual(['/api/video/templates?lang=fr']);
    expect(reads.answered()).toEqual({ templates: TEMPLATES });
    expect(reads.asked()).toBe(1);
  });

  it('a read that hangs, fails or answers garbage gives nothing: the screen is drawn loading and the browser asks', async () => {
    const hanging = createServerReads({ apiBase: base, timeoutMs: 50, lng: 'fr' });
    await expect(hanging.read('plans')).resolves.toBeUndefined();
    expect(hanging.answered()).toEqual({});
    expect(hanging.asked()).toBe(1);

    const garbled = createServerReads({
      apiBase: base,
      timeoutMs: 1000,
      lng: 'fr',
      fetch: () => Promise.resolve(new Response('<html>', { status: 200 })),
    });
    await expect(garbled.read('templates')).resolves.toBeUndefined();
    const refused = createServerReads({
      apiBase: base,
      timeoutMs: 1000,
      lng: 'fr',
      fetch: () => Promise.resolve(Response.json({ success: false, error: 'BUSY' }, { status: 503 })),
    });
    await expect(refused.read('templates')).resolves.toBeUndefined();
    const down = createServerReads({ apiBase: 'http://127.0.0.1:9', timeoutMs: 1000, lng: 'fr' });
    await expect(down.read('templates')).resolves.toBeUndefined();
  });

  it('without an absolute API address (a same-origin API the server cannot reach by it) nothing is read', () => {
    for (const apiBase of [undefined, '', '/api-proxy']) {
      const reads = createServerReads({ apiBase, timeoutMs: 1000, lng: 'fr' });
      expect(reads.read('templates')).toBeUndefined();
      expect(reads.asked()).toBe(0);
    }
  });
});
