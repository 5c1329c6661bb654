import type { Kysely } from 'kysely';
import type { Dialect } from './db/database.ts';
import type { DB } from './db/schema.ts';

/** What every feature module needs from the app: the database and the clock. */
export interface CoreContext {
  db: Kysely<DB>;
  dialect: Dialect;
  /** Injectable so tests can move time (token expiry, billing periods, stale jobs). */
  now: () => Date;
}
