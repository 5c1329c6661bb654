import type { Kysely } from 'kysely';
import { isUniqueViolation } from '../db/database.ts';
import type { AccountRole } from '@reelmint/shared/account-api';
import type { DB } from '../db/schema.ts';
import { normalizeEmail } from '../accounts/mailed-links.ts';

export async function hasRole(db: Kysely<DB>, userId: string, role: AccountRole): Promise<boolean> {
  return (await db.selectFrom('account_roles').select('role').where('user_id', '=', userId).where('role', '=', role).executeTakeFirst()) !== undefined;
}

export type GrantOutcome = 'granted' | 'already' | 'no-account';

/** Gives the account with this email a role; `by` is who ran the command, kept beside it. */
export async function grantRole(db: Kysely<DB>, email: string, role: AccountRole, by: string, now: Date): Promise<GrantOutcome> {
  const user = await db.selectFrom('users').select('id').where('email', '=', normalizeEmail(email)).executeTakeFirst();
  if (!user) return 'no-account';
  try {
    await db.insertInto('account_roles').values({ user_id: user.id, role, granted_at: now.toISOString(), granted_by: by }).execute();
    return 'granted';
  } catch (error) {
    if (isUniqueViolation(error)) return 'already';
    throw error;
  }
}

export async function revokeRole(db: Kysely<DB>, email: string, role: AccountRole): Promise<boolean> {
  const user = await db.selectFrom('users').select('id').where('email', '=', normalizeEmail(email)).executeTakeFirst();
  if (!user) return false;
  const result = await db.deleteFrom('account_roles').where('user_id', '=', user.id).where('role', '=', role).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
