import type { Kysely } from 'kysely';
import { normalizeEmail } from '@reelmint/contract/account-api';
import type { AccountRole } from '@reelmint/contract/account-api';
import { releaseTables } from './database.ts';
import type { ReleaseTables } from './database.ts';

/** Whether an account holds a role (the API asks before it opens the release dashboard). */
export async function hasRole<T extends ReleaseTables>(database: Kysely<T>, userId: string, role: AccountRole): Promise<boolean> {
  const db = releaseTables(database);
  return (await db.selectFrom('account_roles').select('role').where('user_id', '=', userId).where('role', '=', role).executeTakeFirst()) !== undefined;
}

export type GrantOutcome = 'granted' | 'already' | 'no-account';

/** Gives the account with this email a role; `by` is who ran the command, kept beside it. */
export async function grantRole<T extends ReleaseTables>(database: Kysely<T>, email: string, role: AccountRole, by: string, now: Date): Promise<GrantOutcome> {
  const db = releaseTables(database);
  const user = await db.selectFrom('users').select('id').where('email', '=', normalizeEmail(email)).executeTakeFirst();
  if (!user) return 'no-account';
  // A role held already is a row there already (the pair is the table's key): nothing is written twice.
  const result = await db
    .insertInto('account_roles')
    .values({ user_id: user.id, role, granted_at: now.toISOString(), granted_by: by })
    .onConflict((conflict) => conflict.doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0 ? 'granted' : 'already';
}

export async function revokeRole<T extends ReleaseTables>(database: Kysely<T>, email: string, role: AccountRole): Promise<boolean> {
  const db = releaseTables(database);
  const user = await db.selectFrom('users').select('id').where('email', '=', normalizeEmail(email)).executeTakeFirst();
  if (!user) return false;
  const result = await db.deleteFrom('account_roles').where('user_id', '=', user.id).where('role', '=', role).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
