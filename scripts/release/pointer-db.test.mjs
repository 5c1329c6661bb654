import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { test } from 'node:test';
import { createAppServer, listen, shellDocuments } from '../serve-static.mjs';
import { releaseConfig } from './config.mjs';
import { openPointerStore, pointerReader } from './pointer-store.mjs';
import { fakeDist, fakeShellDist, releaseEnv, temporaryDir } from './fixtures.mjs';

const cli = fileURLToPath(new URL('./cli.mjs', import.meta.url));
const run = promisify(execFile);

/**
 * A database of this test's own in the PostgreSQL cluster DATABASE_URL names, dropped when the test ends, so the
 * tests share nothing with each other or with another suite using the same cluster.
 */
async function postgresDatabase(t, adminUrl) {
  const { default: pg } = await import('pg');
  const name = `release_${randomBytes(8).toString('hex')}`;
  const admin = async (sql) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  t.after(() => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

// On SQLite (a file in the test's folder) by default; on PostgreSQL when DATABASE_URL is set, as `npm test` does
// (`npm run test:release:postgres`: this file against a throwaway cluster).
async function setUp(t) {
  const dir = temporaryDir();
  const env = releaseEnv(dir, {
    REMOTE_ORIGIN_BILLING: 'http://localhost:7176',
    SHELL_ORIGIN: 'http://127.0.0.1:9',
    REMOTES_POINTER_STORE: 'database',
    DATA_DIR: join(dir, 'api-data'),
    // Set or absent, never inherited: an empty value means the SQLite file in DATA_DIR.
    DATABASE_URL: process.env.DATABASE_URL ? await postgresDatabase(t, process.env.DATABASE_URL) : '',
  });
  fakeShellDist(env.SHELL_DIST);
  const release = async (...args) => {
    try {
      const { stdout } = await run(process.execPath, [cli, ...args], { env: { ...process.env, ...env } });
      return { code: 0, out: stdout };
    } catch (error) {
      return { code: error.code, out: `${error.stdout}${error.stderr}` };
    }
  };
  const publish = async (version) => {
    const out = await release(
      'publish',
      'billing',
      '--dist',
      fakeDist(join(dir, `dist-${version}`), { marker: version }),
      '--version',
      version,
      '--allow-dirty',
    );
    assert.equal(out.code, 0, out.out);
    return /Published billing (\S+)/.exec(out.out)[1];
  };
  return { dir, env, release, publish };
}

/** A shell server as `npm start` runs it with REMOTES_POINTER_STORE=database: its own connection, its own reader. */
async function shellServer(dir, env) {
  const store = await openPointerStore(releaseConfig({ ...process.env, ...env }));
  const site = join(dir, `shell-site-${Math.random().toString(36).slice(2)}`);
  mkdirSync(site, { recursive: true });
  writeFileSync(join(site, 'index.html'), '<!doctype html><title>shell</title>');
  const documents = shellDocuments({ readPointer: pointerReader(store), apiBase: 'http://localhost:8787' });
  const server = await listen(createAppServer({ dir: site, spa: true, documents }), 0);
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
  const { dir, env, release, publish } = await setUp(t);
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

test('changes made at the same moment from several processes are serialised: none is lost', async (t) => {
  const { env, release, publish } = await setUp(t);
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
  const { env } = await setUp(t);
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
