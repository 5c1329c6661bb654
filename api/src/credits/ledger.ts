import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Transaction } from 'kysely';
import type { DB, LedgerEntry } from '../db/schema.ts';
import { AppError, insufficientCredits } from '../http/errors.ts';
import { keyReused } from '../http/idempotency.ts';
import type { CoreContext } from '../context.ts';

type Trx = Transaction<DB>;

interface EntryInput {
  userId: string;
  amount: number;
  idempotencyKey: string;
  source: string;
  reason?: string | null;
  metadata?: unknown;
  requestHash?: string;
}

export async function findEntryByKey(ctx: CoreContext, idempotencyKey: string): Promise<LedgerEntry | undefined> {
  return ctx.db.selectFrom('credit_ledger').selectAll().where('idempotency_key', '=', idempotencyKey).executeTakeFirst();
}

/**
 * Takes credits inside the caller's transaction. The check and the deduction are one conditional
 * UPDATE, so two concurrent spends can never both pass a balance that covers only one of them.
 */
export async function spendInTransaction(trx: Trx, ctx: CoreContext, input: EntryInput): Promise<LedgerEntry> {
  const updated = await trx
    .updateTable('users')
    .set((eb) => ({ balance: eb('balance', '-', input.amount) }))
    .where('id', '=', input.userId)
    .where('balance', '>=', input.amount)
    .returning('balance')
    .executeTakeFirst();
  if (!updated) {
    const user = await trx.selectFrom('users').select('balance').where('id', '=', input.userId).executeTakeFirst();
    throw insufficientCredits(input.amount, user?.balance ?? 0);
  }
  return insertEntry(trx, ctx, 'spend', -input.amount, updated.balance, input, null);
}

/** Adds credits inside the caller's transaction; the unique key makes a repeated grant fail loudly. */
export async function grantInTransaction(trx: Trx, ctx: CoreContext, input: EntryInput): Promise<LedgerEntry> {
  const balance = await addToBalance(trx, input.userId, input.amount);
  return insertEntry(trx, ctx, 'grant', input.amount, balance, input, null);
}

/**
 * Returns credits of one spend inside the caller's transaction: the whole spend, or with `part` the share of one
 * video of a run the spend paid for. The database keeps a whole spend refunded once and each part once, so if two
 * refunds of the same thing race, exactly one commits; together they never return more than was spent.
 */
export async function refundInTransaction(trx: Trx, ctx: CoreContext, spend: LedgerEntry, input: EntryInput, part: string | null = null): Promise<LedgerEntry> {
  if (spend.kind !== 'spend' || spend.user_id !== input.userId) throw new AppError(404, 'TRANSACTION_NOT_FOUND', 'No matching spend to refund');
  const earlier = await trx
    .selectFrom('credit_ledger')
    .select((eb) => eb.fn.sum<number | string>('amount').as('total'))
    .where('refund_of', '=', spend.id)
    .executeTakeFirst();
  const refunded = Number(earlier?.total ?? 0);
  const left = -spend.amount - refunded;
  if (input.amount > left) {
    // A whole refund that would fit the spend, beaten by another refund of it that committed after the caller looked
    // (two requests at once on PostgreSQL): the spend was refunded already, which is what the loser is told.
    if (part === null && refunded > 0 && input.amount <= -spend.amount) {
      throw new AppError(409, 'ALREADY_REFUNDED', 'This transaction has already been refunded');
    }
    throw new AppError(409, 'REFUND_EXCEEDS_SPEND', `A refund can return at most ${left} credits for this transaction`);
  }
  const balance = await addToBalance(trx, input.userId, input.amount);
  return insertEntry(trx, ctx, 'refund', input.amount, balance, input, spend.id, part);
}

/**
 * Takes back up to `input.amount` credits inside the caller's transaction, never below zero: the
 * credits of a paid period's unused part whose money counts toward a new plan (api/README "Plan
 * changes"). Credits already spent stay spent; what the balance could not cover is not owed.
 * Answers the entry, or null when nothing was left to take.
 */
export async function takeBackInTransaction(trx: Trx, ctx: CoreContext, input: EntryInput): Promise<LedgerEntry | null> {
  if (input.amount <= 0) return null;
  let query = trx.selectFrom('users').select('balance').where('id', '=', input.userId);
  // PostgreSQL: no spend may pass between reading the balance and taking from it (SQLite writes one transaction at a time).
  if (ctx.dialect === 'postgres') query = query.forUpdate();
  const user = await query.executeTakeFirst();
  if (!user) throw new AppError(404, 'USER_NOT_FOUND', 'Account not found');
  const taken = Math.min(input.amount, user.balance);
  if (taken <= 0) return null;
  const balance = await addToBalance(trx, input.userId, -taken);
  return insertEntry(trx, ctx, 'forfeit', -taken, balance, input, null);
}

async function addToBalance(trx: Trx, userId: string, amount: number): Promise<number> {
  const row = await trx
    .updateTable('users')
    .set((eb) => ({ balance: eb('balance', '+', amount) }))
    .where('id', '=', userId)
    .returning('balance')
    .executeTakeFirst();
  if (!row) throw new AppError(404, 'USER_NOT_FOUND', 'Account not found');
  return row.balance;
}

async function insertEntry(
  trx: Trx,
  ctx: CoreContext,
  kind: LedgerEntry['kind'],
  amount: number,
  balanceAfter: number,
  input: EntryInput,
  refundOf: string | null,
  refundPart: string | null = null,
): Promise<LedgerEntry> {
  const entry: Omit<LedgerEntry, 'seq'> = {
    id: `txn_${randomUUID()}`,
    user_id: input.userId,
    kind,
    amount,
    balance_after: balanceAfter,
    idempotency_key: input.idempotencyKey,
    refund_of: refundOf,
    refund_part: refundPart,
    source: input.source,
    reason: input.reason ?? null,
    metadata: input.metadata === undefined ? null : JSON.stringify(input.metadata),
    request_hash: input.requestHash ?? null,
    created_at: ctx.now().toISOString(),
  };
  // Numbered after the person's last entry: the caller changed their balance in this transaction, which no other write
  // to their ledger passes (PostgreSQL locks their row; SQLite writes one transaction at a time).
  const { seq } = await trx
    .insertInto('credit_ledger')
    .values({
      ...entry,
      seq: (eb) =>
        eb
          .selectFrom('credit_ledger')
          .select(sql<number>`coalesce(max(seq), 0) + 1`.as('next'))
          .where('user_id', '=', input.userId),
    })
    .returning('seq')
    .executeTakeFirstOrThrow();
  return { ...entry, seq };
}

/**
 * Runs `work` in a transaction whose ledger row carries `idempotencyKey`. A replay (the key is
 * already in the ledger, or a concurrent twin committed it first) returns that first entry and
 * changes nothing. `matches` tells whether a stored entry answers the same request.
 *
 * The first attempt goes straight to the transaction: a replay then fails on the unique key (or
 * on a balance its twin already spent), rolls back, and is answered from the stored entry. That
 * keeps the common case, a new request, to a single transaction.
 */
export async function idempotentEntry(
  ctx: CoreContext,
  idempotencyKey: string,
  matches: (entry: LedgerEntry) => boolean,
  work: (trx: Trx) => Promise<LedgerEntry>,
): Promise<{ entry: LedgerEntry; replayed: boolean }> {
  try {
    const entry = await ctx.db.transaction().execute(work);
    return { entry, replayed: false };
  } catch (error) {
    const existing = await findEntryByKey(ctx, idempotencyKey);
    if (!existing) throw error;
    if (!matches(existing)) throw keyReused();
    return { entry: existing, replayed: true };
  }
}

/** Sum of the ledger for one user: equals the cached balance when the books are right. */
export async function ledgerSum(ctx: CoreContext, userId: string): Promise<number> {
  const row = await ctx.db
    .selectFrom('credit_ledger')
    .select((eb) => eb.fn.sum<number | string>('amount').as('total'))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(row?.total ?? 0);
}
