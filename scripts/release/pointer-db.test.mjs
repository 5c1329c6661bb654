// The pointer in the database (REMOTES_POINTER_STORE=database), on SQLite, and on PostgreSQL with DATABASE_URL set
// (`npm run test:release:postgres`). That two shell servers follow it is the shell server's test (shell/server).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { releaseConfig } from './config.mjs';
import { openPointerStore } from './pointer-store.mjs';
import { releaseOnDatabase } from './fixtures.mjs';

test('changes made at the same moment from several processes are serialised: none is lost', async (t) => {
  const { env, release, publish } = await releaseOnDatabase(t);
  const versions = [await publish('2.0.0'), await publish('2.1.0'), await publish('2.2.0'), await publish('2.3.0')];
  const results = await Promise.all(versions.map((version, index) => release('promote', 'billing', version, '-m', `race ${index}`, '--no-smoke')));
  for (const result of results) assert.equal(result.code, 0, result.out);

  const store = await openPointerStore(releaseConfig({ ...process.env, ...env }));
  try {
    const pointer = await store.read();
    const promotes = (await store.history()).filter((entry) => entry.action === 'promote');
    assert.equal(promotes.length, 4);
    // Each change read the one before it: the chain of from -> to has no gap and ends at the live version.
    for (let index = 1; index < promotes.length; index += 1) assert.equal(promotes[index].from, promotes[index - 1].to);
    assert.equal(promotes.at(-1).to, pointer.remotes.billing.version);
    assert.deepEqual([...pointer.remotes.billing.previous].slice(-3).sort(), versions.filter((version) => version !== pointer.remotes.billing.version).sort());
  } finally {
    await store.close();
  }
});

/** Takes the pointer's lock as another change would hold it (SQLite's write lock, or PostgreSQL's row lock); returns its release. */
async function holdLock(config) {
  if (config.databaseUrl) {
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: config.databaseUrl });
    await client.connect();
    await client.query('BEGIN');
    await client.query('SELECT document FROM release_pointer WHERE id = 1 FOR UPDATE');
    return async () => {
      await client.query('ROLLBACK');
      await client.end();
    };
  }
  const { default: Database } = await import('better-sqlite3');
  const db = new Database(config.sqlitePath);
  db.exec('BEGIN IMMEDIATE');
  return async () => {
    db.exec('ROLLBACK');
    db.close();
  };
}

test('a change waits for the lock another change holds, then gives up saying so, and the pointer and history stay as they were', async (t) => {
  const { env } = await releaseOnDatabase(t);
  const config = releaseConfig({ ...process.env, ...env });
  // The wait shortened from the CLI's 10 seconds, so the test does not sit through it.
  const store = await openPointerStore({ ...config, lockWaitMs: 300 });
  const change = (version) =>
    store.change({ action: 'promote', remote: 'billing', actor: 'Ada (test)', reason: version }, (current) => ({
      document: { ...current, remotes: { ...current.remotes, billing: { version, entry: `http://localhost:7176/releases/${version}/remoteEntry.js` } } },
      summary: { to: version },
    }));
  // Closed before the test's database is dropped.
  try {
    await change('1.0.0');
    const release = await holdLock(config);
    try {
      await assert.rejects(change('1.1.0'), /Another release command holds the pointer's lock in the (database|PostgreSQL database)/);
    } finally {
      await release();
    }
    assert.equal((await store.read()).remotes.billing.version, '1.0.0');
    // Once the other change is over, the next one goes through.
    await change('1.2.0');
    assert.equal((await store.read()).remotes.billing.version, '1.2.0');
    assert.deepEqual(
      (await store.history()).map((entry) => entry.reason),
      ['1.0.0', '1.2.0'],
    );
  } finally {
    await store.close();
  }
});
