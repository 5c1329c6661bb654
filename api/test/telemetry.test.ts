import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepOldEvents } from '../src/release/telemetry.ts';
import { call, createTestApp } from './helpers.ts';
import type { TestApp } from './helpers.ts';

const PUBLISHED = '1.4.2+3f9c0d1e2a';

/** Publishes a version the way the release CLI lays it out: a folder with its release.json. */
async function publish(t: TestApp, remote: string, version: string) {
  const dir = join(t.dataDir, 'releases', `mfe-${remote}`, version);
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, 'release.json'), JSON.stringify({ version }));
}

const load = (overrides: Record<string, unknown> = {}) => ({
  remote: 'billing',
  version: PUBLISHED,
  canary: false,
  kind: 'load',
  ms: 420,
  route: '/pricing',
  ...overrides,
});

async function rows(t: TestApp) {
  return t.app.services.db.selectFrom('release_events').selectAll().orderBy('kind').execute();
}

describe('telemetry reports from the shell', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await publish(t, 'billing', PUBLISHED);
  });
  afterAll(async () => t.close());

  it('stores a batch of events for published versions and the local build, as sendBeacon posts it (text/plain)', async () => {
    const events = [
      load(),
      load({ kind: 'render-error', ms: undefined, detail: 'TypeError', canary: true }),
      load({ remote: 'marketing', version: 'local', kind: 'load-error', ms: undefined, detail: 'timeout' }),
    ];
    const reply = await call(t.app, 'POST', '/api/telemetry/remotes', {
      rawBody: JSON.stringify({ events }),
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
    });
    expect(reply.status).toBe(202);
    expect(reply.body.data.stored).toBe(3);
    const stored = await rows(t);
    expect(stored.map((row) => [row.remote, row.version, row.kind, row.canary, row.duration_ms, row.detail, row.route])).toEqual([
      ['billing', PUBLISHED, 'load', 0, 420, null, '/pricing'],
      ['marketing', 'local', 'load-error', 0, null, 'timeout', '/pricing'],
      ['billing', PUBLISHED, 'render-error', 1, null, 'TypeError', '/pricing'],
    ]);
    // Nothing that could name the visitor: the row has no address, account, agent or free text column.
    expect(Object.keys(stored[0]!).sort()).toEqual(['canary', 'created_at', 'detail', 'duration_ms', 'id', 'kind', 'remote', 'route', 'version']);
  });

  it('accepts JSON too', async () => {
    const reply = await call(t.app, 'POST', '/api/telemetry/remotes', { body: { events: [load({ kind: 'fallback', ms: undefined })] } });
    expect(reply.status).toBe(202);
  });

  it('refuses a report naming a version that was never published, and stores none of it', async () => {
    const before = (await rows(t)).length;
    const reply = await call(t.app, 'POST', '/api/telemetry/remotes', { body: { events: [load(), load({ version: '9.9.9+forged' })] } });
    expect(reply.status).toBe(422);
    expect(reply.body.error).toBe('UNKNOWN_VERSION');
    const traversal = await call(t.app, 'POST', '/api/telemetry/remotes', { body: { events: [load({ version: '../../../etc' })] } });
    expect(traversal.status).toBe(422);
    expect((await rows(t)).length).toBe(before);
  });

  it('learns a version published after a refusal within seconds', async () => {
    let clock = Date.now();
    const other = await createTestApp({ now: () => new Date(clock) });
    const fresh = '1.5.0+7ab1c2d3e4';
    const send = () => call(other.app, 'POST', '/api/telemetry/remotes', { body: { events: [load({ version: fresh, remote: 'generator' })] } });
    try {
      expect((await send()).status).toBe(422);
      await publish(other, 'generator', fresh);
      clock += 11_000;
      expect((await send()).status).toBe(202);
    } finally {
      await other.close();
    }
  });

  it.each([
    ['no events', { events: [] }],
    ['an unknown remote', { events: [load({ remote: 'shell' })] }],
    ['an unknown kind', { events: [load({ kind: 'click' })] }],
    ['a negative time', { events: [load({ ms: -1 })] }],
    ['free text as detail', { events: [load({ detail: 'Cannot read properties of undefined (reading email@example.com)' })] }],
    ['a query string in the route', { events: [load({ route: '/reset-password?token=secret' })] }],
    ['an extra field', { events: [load({ email: 'someone@example.com' })] }],
    ['too many events', { events: Array.from({ length: 51 }, () => load()) }],
  ])('refuses %s with a 400', async (_, body) => {
    const before = (await rows(t)).length;
    const reply = await call(t.app, 'POST', '/api/telemetry/remotes', { body });
    expect(reply.status).toBe(400);
    expect(reply.body.error).toBe('VALIDATION_ERROR');
    expect((await rows(t)).length).toBe(before);
  });

  it('refuses a giant report with a 413 before reading it all, and stores none of it', async () => {
    const before = (await rows(t)).length;
    for (const contentType of ['text/plain', 'application/json']) {
      const reply = await call(t.app, 'POST', '/api/telemetry/remotes', {
        rawBody: JSON.stringify({ events: [load({ route: `/${'a'.repeat(20_000)}` })] }),
        headers: { 'content-type': contentType },
      });
      expect(reply.status).toBe(413);
      expect(reply.body.error).toBe('PAYLOAD_TOO_LARGE');
    }
    expect((await rows(t)).length).toBe(before);
  });

  it('refuses text that is not JSON with a 400', async () => {
    const reply = await call(t.app, 'POST', '/api/telemetry/remotes', { rawBody: 'events=1', headers: { 'content-type': 'text/plain' } });
    expect(reply.status).toBe(400);
  });

  it('deletes events past the retention limit', async () => {
    const old = new Date(Date.now() - 20 * 24 * 60 * 60_000).toISOString();
    await t.app.services.db
      .insertInto('release_events')
      .values({ id: 'old-event', remote: 'billing', version: PUBLISHED, canary: 0, kind: 'load', duration_ms: 100, detail: null, route: null, created_at: old })
      .execute();
    const kept = (await rows(t)).length - 1;
    expect(await sweepOldEvents(t.app.services, 14)).toBe(1);
    expect((await rows(t)).length).toBe(kept);
  });
});

describe('a flood of reports', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ telemetry: { rateLimit: { max: 3, timeWindow: 60_000 } } });
  });
  afterAll(async () => t.close());

  it('is cut off with a 429 once an address passes its allowance', async () => {
    const send = () => call(t.app, 'POST', '/api/telemetry/remotes', { body: { events: [load({ version: 'local' })] } });
    const statuses = [];
    for (let i = 0; i < 5; i += 1) statuses.push((await send()).status);
    expect(statuses).toEqual([202, 202, 202, 429, 429]);
    expect((await t.app.services.db.selectFrom('release_events').select('id').execute()).length).toBe(3);
  });
});
