import { existsSync } from 'node:fs';
import type { AccountRole } from '@reelmint/contract/account-api';
import type { TelemetryKind } from '@reelmint/contract/telemetry';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import type { PointerStoreConfig } from '../config.mjs';
import { ReleaseError } from '../releases.mjs';

/**
 * The tables of the API's database the release tooling reads and writes (the API creates them, with the rest of
 * its schema): visitors' reports of each remote version, accounts by address, and the roles granted to them.
 */
export interface ReleaseTables {
  release_events: {
    id: string;
    remote: string;
    version: string;
    /** 1 when the visitor was shown the remote's canary. */
    canary: number;
    kind: TelemetryKind;
    duration_ms: number | null;
    created_at: string;
  };
  users: { id: string; email: string };
  account_roles: { user_id: string; role: AccountRole; granted_at: string; granted_by: string };
}

/**
 * The release tables of a database that has them. Kysely's type holds the whole schema and does not narrow to a
 * part of it, while these modules only ever name their own tables, so the API's handle is read as one of them.
 */
export function releaseTables<T extends ReleaseTables>(db: Kysely<T>): Kysely<ReleaseTables> {
  return db as unknown as Kysely<ReleaseTables>;
}

/**
 * The API's database for a command run outside the API (`release watch`, the role commands): PostgreSQL at
 * DATABASE_URL, else the SQLite file in its data folder. The API brings the schema up to date when it starts, so
 * a database it has never opened is refused rather than created here.
 */
export async function openApiDatabase(config: Pick<PointerStoreConfig, 'databaseUrl' | 'sqlitePath'>): Promise<Kysely<ReleaseTables>> {
  if (config.databaseUrl) {
    const { default: pg } = await import('pg');
    const pool = new pg.Pool({ connectionString: config.databaseUrl, max: 2 });
    // As the API's own pool: an idle client that errors must not crash the process.
    pool.on('error', () => undefined);
    return new Kysely<ReleaseTables>({ dialect: new PostgresDialect({ pool }) });
  }
  if (!existsSync(config.sqlitePath)) {
    throw new ReleaseError(`The API's database ${config.sqlitePath} does not exist yet: start the API once (npm start), then run this again`);
  }
  const { default: Database } = await import('better-sqlite3');
  const sqlite = new Database(config.sqlitePath, { fileMustExist: true });
  // The API writes to the same file: wait for its write lock as the API's own connection does.
  sqlite.pragma('busy_timeout = 5000');
  return new Kysely<ReleaseTables>({ dialect: new SqliteDialect({ database: sqlite }) });
}
