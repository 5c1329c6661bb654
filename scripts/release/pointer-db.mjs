// The remotes pointer and its history in the API's database (REMOTES_POINTER_STORE=database), for a site
// served by several shell servers: each reads the one row every shell agrees on. The same guarantees as
// the file: a reader sees the old document or the new one (the row is replaced inside a transaction), and
// a read-modify-write holds a lock so two release managers cannot lose each other's change (SQLite's
// write lock taken at BEGIN IMMEDIATE; PostgreSQL's row lock, SELECT ... FOR UPDATE). The change and its
// history line commit together. The release tooling owns these two tables and creates them on first use.
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';

/** How long a change waits for another holder of the lock before giving up, as with the lock file. */
const LOCK_WAIT_MS = 10_000;

/** A pointer that names no remote yet (`npm start` fills in the local builds). */
const EMPTY = JSON.stringify({ remotes: {} });

function lockHeld(where) {
  return new Error(`Another release command holds the pointer's lock in ${where}; try again when it has finished`);
}

function parseDocument(text, where) {
  const document = JSON.parse(text);
  if (!document || typeof document !== 'object' || typeof document.remotes !== 'object' || document.remotes === null) {
    throw new Error(`The pointer in ${where} is not a remotes pointer (it has no "remotes" object)`);
  }
  return document;
}

/**
 * How long one try for SQLite's write lock may hold the thread. better-sqlite3 waits for the lock synchronously, and
 * these writes also run inside the API's process, whose own connection may hold the lock across an await: waiting
 * the whole time in one go would hold the thread that connection needs to finish. So each try is short, and
 * between tries the thread is free (`writing`).
 */
const BUSY_SLICE_MS = 20;
const RETRY_MS = 25;

const busy = (error) => error?.code === 'SQLITE_BUSY' || error?.code === 'SQLITE_BUSY_SNAPSHOT';

/** Runs a write, trying again while another connection holds the write lock, for up to `waitMs`. */
async function writing(write, waitMs) {
  const deadline = Date.now() + waitMs;
  for (;;) {
    try {
      return write();
    } catch (error) {
      if (!busy(error) || Date.now() >= deadline) throw error;
      await delay(RETRY_MS);
    }
  }
}

function historyRow(change, at, summary) {
  return { at, actor: change.actor, action: change.action, remote: change.remote, reason: change.reason, ...summary };
}

async function sqliteStore(path, lockWaitMs) {
  const { default: Database } = await import('better-sqlite3');
  mkdirSync(dirname(path), { recursive: true });
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  // A writer waits up to lockWaitMs for SQLite's write lock (another change, or the API's own writes) before failing.
  db.pragma(`busy_timeout = ${Math.min(BUSY_SLICE_MS, lockWaitMs)}`);
  await writing(
    () =>
      db.exec(`CREATE TABLE IF NOT EXISTS release_pointer (id INTEGER PRIMARY KEY CHECK (id = 1), document TEXT NOT NULL);
    CREATE TABLE IF NOT EXISTS release_history (id INTEGER PRIMARY KEY AUTOINCREMENT, at TEXT NOT NULL, entry TEXT NOT NULL);
    INSERT OR IGNORE INTO release_pointer (id, document) VALUES (1, '${EMPTY}');`),
    lockWaitMs,
  );
  const where = `the database ${path}`;
  const selectPointer = db.prepare('SELECT document FROM release_pointer WHERE id = 1');
  const updatePointer = db.prepare('UPDATE release_pointer SET document = ? WHERE id = 1');
  const insertHistory = db.prepare('INSERT INTO release_history (at, entry) VALUES (?, ?)');
  const selectHistory = db.prepare('SELECT entry FROM release_history ORDER BY id');
  const selectLatestHistory = db.prepare('SELECT entry FROM release_history ORDER BY id DESC LIMIT ?');
  return {
    kind: 'database',
    where,
    async read() {
      return parseDocument(selectPointer.get().document, where);
    },
    async history(limit) {
      const rows = limit === undefined ? selectHistory.all() : selectLatestHistory.all(limit).reverse();
      return rows.map((row) => JSON.parse(row.entry));
    },
    async append(entry) {
      await writing(() => insertHistory.run(entry.at, JSON.stringify(entry)), lockWaitMs);
    },
    async change(change, mutate) {
      const apply = db.transaction(() => {
        const current = parseDocument(selectPointer.get().document, where);
        const result = mutate(structuredClone(current));
        if (!result) return { changed: false, document: current };
        const at = new Date().toISOString();
        const entry = historyRow(change, at, result.summary);
        updatePointer.run(JSON.stringify({ ...result.document, updatedAt: at }));
        insertHistory.run(at, JSON.stringify(entry));
        return { changed: true, document: result.document, entry };
      });
      try {
        // IMMEDIATE: the write lock is taken before the read, so no other change slips in between.
        return await writing(() => apply.immediate(), lockWaitMs);
      } catch (error) {
        if (busy(error)) throw lockHeld(where);
        throw error;
      }
    },
    async close() {
      db.close();
    },
  };
}

async function postgresStore(url, lockWaitMs) {
  const { default: pg } = await import('pg');
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  // An idle client that errors (the server restarts, or ends the connection) must not crash the process; the next
  // query opens a new one, and a query that fails says so to its caller.
  pool.on('error', () => undefined);
  const where = 'the PostgreSQL database';
  try {
    await pool.query(`CREATE TABLE IF NOT EXISTS release_pointer (id INTEGER PRIMARY KEY CHECK (id = 1), document TEXT NOT NULL);
      CREATE TABLE IF NOT EXISTS release_history (id BIGSERIAL PRIMARY KEY, at TEXT NOT NULL, entry TEXT NOT NULL);
      INSERT INTO release_pointer (id, document) VALUES (1, '${EMPTY}') ON CONFLICT (id) DO NOTHING;`);
  } catch (error) {
    // Two processes creating the tables at the same moment: the other one won, and the tables are there.
    if (error?.code !== '23505' && error?.code !== '42P07') {
      await pool.end();
      throw error;
    }
  }
  return {
    kind: 'database',
    where,
    async read() {
      const { rows } = await pool.query('SELECT document FROM release_pointer WHERE id = 1');
      return parseDocument(rows[0]?.document ?? EMPTY, where);
    },
    async history(limit) {
      const { rows } =
        limit === undefined
          ? await pool.query('SELECT entry FROM release_history ORDER BY id')
          : await pool.query('SELECT entry FROM (SELECT id, entry FROM release_history ORDER BY id DESC LIMIT $1) AS latest ORDER BY id', [limit]);
      return rows.map((row) => JSON.parse(row.entry));
    },
    async append(entry) {
      await pool.query('INSERT INTO release_history (at, entry) VALUES ($1, $2)', [entry.at, JSON.stringify(entry)]);
    },
    async change(change, mutate) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        await client.query(`SET LOCAL lock_timeout = '${Math.round(lockWaitMs)}ms'`);
        const { rows } = await client.query('SELECT document FROM release_pointer WHERE id = 1 FOR UPDATE');
        const current = parseDocument(rows[0].document, where);
        const result = mutate(structuredClone(current));
        if (!result) {
          await client.query('ROLLBACK');
          return { changed: false, document: current };
        }
        const at = new Date().toISOString();
        const entry = historyRow(change, at, result.summary);
        await client.query('UPDATE release_pointer SET document = $1 WHERE id = 1', [JSON.stringify({ ...result.document, updatedAt: at })]);
        await client.query('INSERT INTO release_history (at, entry) VALUES ($1, $2)', [at, JSON.stringify(entry)]);
        await client.query('COMMIT');
        return { changed: true, document: result.document, entry };
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {});
        // 55P03: the row lock was not granted within lock_timeout.
        if (error?.code === '55P03') throw lockHeld(where);
        throw error;
      } finally {
        client.release();
      }
    },
    async close() {
      await pool.end();
    },
  };
}

/**
 * @param {{ databaseUrl?: string, sqlitePath: string, lockWaitMs?: number }} options the API's database: DATABASE_URL when
 * set, else its SQLite file; how long a change waits for another holder of the lock (tests shorten it)
 */
export function openDatabasePointer({ databaseUrl, sqlitePath, lockWaitMs = LOCK_WAIT_MS }) {
  return databaseUrl ? postgresStore(databaseUrl, lockWaitMs) : sqliteStore(sqlitePath, lockWaitMs);
}
