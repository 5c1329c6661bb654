// `npm run release -- watch` and the release-manager role commands, on the API's database (the same one the API
// uses: DATABASE_URL, else the SQLite file in DATA_DIR) and the pointer's store.
import type { Kysely } from 'kysely';
import { RELEASE_MANAGER } from '@reelmint/contract/account-api';
import type { PointerStoreConfig } from '../config.mjs';
import { ReleaseError } from '../releases.mjs';
import { openApiDatabase } from './database.ts';
import type { ReleaseTables } from './database.ts';
import { grantRole, revokeRole } from './roles.ts';
import { openReleaseSource } from './source.ts';
import { watchReport } from './watch.ts';

type Say = (line: string) => void;

/** A table the API creates is not there: the API has not brought this database's schema up to date yet. */
function schemaMissing(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return code === '42P01' || (typeof message === 'string' && message.includes('no such table'));
}

async function withApiDatabase<T>(config: PointerStoreConfig, work: (db: Kysely<ReleaseTables>) => Promise<T>): Promise<T> {
  const db = await openApiDatabase(config);
  try {
    return await work(db);
  } catch (error) {
    if (schemaMissing(error)) throw new ReleaseError("The API's database is older than this command: start the API once so it brings it up to date");
    throw error;
  } finally {
    await db.destroy();
  }
}

/** Grants or takes away the release-manager role of the account with this address; `by` is who ran it. */
export async function changeReleaseManager(config: PointerStoreConfig, action: 'grant' | 'revoke', email: string, by: string, say: Say): Promise<void> {
  const where = config.databaseUrl ? 'postgres' : 'sqlite';
  await withApiDatabase(config, async (db) => {
    if (action === 'revoke') {
      const removed = await revokeRole(db, email, RELEASE_MANAGER);
      say(removed ? `${email} is no longer a release manager.` : `${email} was not a release manager; nothing changed.`);
      return;
    }
    const outcome = await grantRole(db, email, RELEASE_MANAGER, by, new Date());
    if (outcome === 'no-account') throw new ReleaseError(`No account uses ${email}: the person signs up first, then gets the role.`);
    say(outcome === 'granted' ? `${email} is now a release manager (${where}).` : `${email} was already a release manager; nothing changed.`);
  });
}

/**
 * The release figures of the last `minutes`: once, or again every `every` seconds in place until Ctrl+C.
 */
export async function watchFigures(config: PointerStoreConfig, options: { once: boolean; minutes: number; every: number }, say: Say): Promise<void> {
  const source = await openReleaseSource(config);
  try {
    await withApiDatabase(config, async (db) => {
      const show = async () => {
        const report = await watchReport(db, source, new Date(), options.minutes);
        // Clear the screen between refreshes so the figures stay in place.
        say(options.once ? report : `\x1b[2J\x1b[H${report}\n\n(refreshing every ${options.every} s; Ctrl+C to stop)`);
      };
      await show();
      if (options.once) return;
      await new Promise<void>((resolve) => {
        const timer = setInterval(
          () => void show().catch((error: unknown) => console.error(error instanceof Error ? error.message : error)),
          options.every * 1000,
        );
        process.once('SIGINT', () => {
          clearInterval(timer);
          resolve();
        });
      });
    });
  } finally {
    await source.close();
  }
}
