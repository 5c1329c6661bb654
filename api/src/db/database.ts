import { chmodSync, closeSync, mkdirSync, openSync } from 'node:fs';
import { dirname } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import type { SqliteDatabase, SqliteStatement } from 'kysely';
import pg from 'pg';
import { migrateToLatest } from './migrations.ts';
import type { DB } from './schema.ts';

export type Dialect = 'sqlite' | 'postgres';

export interface Database {
  db: Kysely<DB>;
  dialect: Dialect;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres://... selects PostgreSQL; otherwise `sqlitePath` is used. */
  databaseUrl?: string | undefined;
  sqlitePath: string;
  /** Pool size for PostgreSQL. */
  maxConnections?: number;
}

/** Opens the database named by the options and brings its schema up to date. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const database = options.databaseUrl ? openPostgres(options.databaseUrl, options.maxConnections ?? 10) : openSqlite(options.sqlitePath);
  try {
    await migrateToLatest(database.db as Kysely<unknown>);
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}

/**
 * The file holds password hashes and sessions: it and its folder are the owner's alone. SQLite gives
 * its write-ahead log and shared-memory files the database file's permissions, so they follow. A file
 * an older version left readable by others is closed to them too.
 */
function ownerOnlyFile(path: string): void {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  closeSync(openSync(path, 'a', 0o600));
  chmodSync(path, 0o600);
}

function openSqlite(path: string): Database {
  if (path !== ':memory:') ownerOnlyFile(path);
  const sqlite = new BetterSqlite3(path);
  // WAL lets a separate worker process read while the API writes; busy_timeout makes writers
  // queue for the lock instead of failing at once.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('foreign_keys = ON');
  const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  return { db, dialect: 'sqlite', close: () => db.destroy() };
}

/** Enough for every query the API builds; statements for rarer shapes (an IN list of another length) come and go. */
const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely asks better-sqlite3 to prepare every query it runs, and preparing (parsing and planning the SQL) cost
 * more than running it: about a sixth of the time of an authenticated GET under load. The API runs the same
 * few dozen statements over and over, so each is prepared once and kept, least recently used out first.
 * Reusing one is safe: Kysely runs one query at a time on its single SQLite connection, and SQLite prepares a
 * statement again by itself if the schema changes under it.
 */
export function withStatementCache(sqlite: SqliteDatabase, size = STATEMENT_CACHE_SIZE): SqliteDatabase {
  const statements = new Map<string, SqliteStatement>();
  return {
    prepare(sql) {
      const cached = statements.get(sql);
      if (cached) {
        statements.delete(sql);
        statements.set(sql, cached);
        return cached;
      }
      const statement = sqlite.prepare(sql);
      statements.set(sql, statement);
      if (statements.size > size) statements.delete(statements.keys().next().value!);
      return statement;
    },
    close() {
      statements.clear();
      sqlite.close();
    },
  };
}

function openPostgres(url: string, max: number): Database {
  const pool = new pg.Pool({ connectionString: url, max });
  // An idle client that errors (e.g. the server restarts) must not crash the process.
  pool.on('error', () => undefined);
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  return { db, dialect: 'postgres', close: () => db.destroy() };
}

/** True when an error is a unique-constraint violation, on either database. */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/** COUNT(*) arrives as a string from pg (int8) and as a number from SQLite. */
export function toCount(value: unknown): number {
  return Number(value ?? 0);
}
