// Several shell servers on one pointer in the database (REMOTES_POINTER_STORE=database), as behind a balancer: on
// SQLite, and on PostgreSQL with DATABASE_URL set (`npm run test:release:postgres`).
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { openPointerStore, pointerReader, releaseConfig } from '@reelmint/release';
import { listen } from '@reelmint/release/origin';
import { releaseOnDatabase } from '@reelmint/release/testing';
import { createShellServer, shellDocuments } from './shell-server.mjs';

/** A shell server as `npm start` runs it with REMOTES_POINTER_STORE=database: its own connection, its own reader. */
async function shellServer(dir, env) {
  const store = await openPointerStore(releaseConfig({ ...process.env, ...env }));
  const site = join(dir, `shell-site-${Math.random().toString(36).slice(2)}`);
  mkdirSync(site, { recursive: true });
  writeFileSync(join(site, 'index.html'), '<!doctype html><title>shell</title>');
  const documents = shellDocuments({ readPointer: pointerReader(store), apiBase: 'http://localhost:8787' });
  const server = await listen(createShellServer({ dir: site, documents }), 0);
  const origin = `http://127.0.0.1:${server.address().port}`;
  return {
    live: async () => (await (await fetch(`${origin}/remotes.json`)).json()).remotes.billing ?? null,
    close: async () => {
      await new Promise((resolve) => server.close(resolve));
      await store.close();
    },
  };
}

/** Asks until the answer is the expected one or the time is up (a reader refreshes about once a second). */
async function eventually(read, expected, withinMs = 5_000) {
  const deadline = Date.now() + withinMs;
  let last;
  while (Date.now() < deadline) {
    last = await read();
    if (JSON.stringify(last) === JSON.stringify(expected)) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
  assert.deepEqual(last, expected);
}

test('two shell servers on one database both serve a promote within seconds, without a restart', async (t) => {
  const { dir, env, release, publish } = await releaseOnDatabase(t);
  const v1 = await publish('1.0.0');
  const v2 = await publish('1.1.0');
  assert.equal((await release('promote', 'billing', v1, '-m', 'first', '--no-smoke')).code, 0);
  const shells = [await shellServer(dir, env), await shellServer(dir, env)];
  try {
    for (const shell of shells) assert.equal((await shell.live())?.version, v1);

    const promoted = await release('promote', 'billing', v2, '-m', 'second', '--no-smoke');
    assert.equal(promoted.code, 0, promoted.out);
    const entry = `http://localhost:7176/releases/${v2}/remoteEntry.js`;
    await Promise.all(shells.map((shell) => eventually(async () => (await shell.live())?.entry, entry)));

    const canary = await release('canary', 'billing', v1, '20', '-m', 'try the old one again', '--no-smoke');
    assert.equal(canary.code, 0, canary.out);
    await Promise.all(shells.map((shell) => eventually(async () => (await shell.live())?.canary?.percent, 20)));
  } finally {
    await Promise.all(shells.map((shell) => shell.close()));
  }

  // The history is in the database too, with who and why, in order.
  const history = await release('history', 'billing');
  assert.match(
    history.out,
    /promote billing \(none\) -> 1\.0\.0\S* {2}"first"[\s\S]*promote billing 1\.0\.0\S* -> 1\.1\.0\S* {2}"second"[\s\S]*canary billing/,
  );
  assert.match((await release('status')).out, /Site composition \(the (database|PostgreSQL database)/);
});
