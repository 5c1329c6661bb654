import { createServer } from 'node:http';
import type { Server } from 'node:http';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { listen } from '@reelmint/release/origin';
import { createShellServer, shellDocuments, shellPages } from 'shell/server';
import { expect, test } from '../support/test.ts';
import { API, SHELL } from '../support/origins.ts';

// What operators see of the servers `npm start` runs (README "Operating"): the shell's server and the API each answer
// /healthz, /readyz and /metrics, and a request id given to the shell's server reaches the API's reads of a page.
// This spec's own shell server listens on 5211 and its recording API on 5212.
const SHELL_PORT = 5211;
const RECORDER_PORT = 5212;

test('the shell server and the API answer /healthz, /readyz and /metrics, and hide the metrics from proxied requests', async ({ request }) => {
  for (const origin of [SHELL, API]) {
    const alive = await request.get(`${origin}/healthz`);
    expect(alive.status(), origin).toBe(200);
    expect((await alive.json()).data).toEqual({ status: 'alive' });
    const ready = await request.get(`${origin}/readyz`);
    expect(ready.status(), origin).toBe(200);
    expect((await ready.json()).data.status).toBe('ready');
    const metrics = await request.get(`${origin}/metrics`);
    expect(metrics.status(), origin).toBe(200);
    const text = await metrics.text();
    expect(text).toMatch(/^http_requests_total\{/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds /m);
    expect((await request.get(`${origin}/metrics`, { headers: { 'x-forwarded-for': '203.0.113.9' } })).status(), origin).toBe(404);
  }
  const api = await (await request.get(`${API}/metrics`)).text();
  expect(api).toMatch(/^reelmint_job_queue_depth \d+$/m);
  expect(api).toMatch(/^reelmint_credits_spent_total \d+$/m);
});

test('a request id given to the shell server is echoed, and sent on with the page’s read of the API', async ({ request }) => {
  const asked: Array<{ url: string; id: string | undefined }> = [];
  const recorder: Server = createServer((req, res) => {
    asked.push({ url: req.url ?? '', id: req.headers['x-request-id'] as string | undefined });
    res.writeHead(404, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ success: false, data: null, error: 'NOT_FOUND', message: 'not shared' }));
  });
  await listen(recorder, RECORDER_PORT);
  const dir = mkdtempSync(join(tmpdir(), 'reelmint-operations-'));
  const pointerFile = join(dir, 'remotes.json');
  writeFileSync(pointerFile, JSON.stringify({ remotes: {} }));
  const root = join(import.meta.dirname, '..', '..');
  const documents = shellDocuments({ pointerFile, apiBase: `http://127.0.0.1:${RECORDER_PORT}` });
  const pages = await shellPages({ shellDir: join(root, 'shell'), siteOrigin: `http://localhost:${SHELL_PORT}`, documents });
  const shell = await listen(createShellServer({ dir: join(root, 'shell', 'dist'), documents, pages }), SHELL_PORT);
  try {
    // A shared video's page: the server asks the API for the video to write its preview card.
    const page = await request.get(`http://localhost:${SHELL_PORT}/en/v/vid_operations`, { headers: { 'x-request-id': 'edge-0d4b2f6e-0101' } });
    expect(page.headers()['x-request-id']).toBe('edge-0d4b2f6e-0101');
    expect(page.status()).toBe(404);
    expect(asked).toEqual([{ url: '/api/public/videos/vid_operations', id: 'edge-0d4b2f6e-0101' }]);

    // The real API takes the same id and echoes it.
    const config = await request.get(`${API}/api/config`, { headers: { 'x-request-id': 'edge-0d4b2f6e-0101' } });
    expect(config.headers()['x-request-id']).toBe('edge-0d4b2f6e-0101');
  } finally {
    await Promise.all(
      [shell, recorder].map(
        (server) =>
          new Promise((resolve) => {
            server.close(resolve);
            server.closeAllConnections();
          }),
      ),
    );
  }
});
