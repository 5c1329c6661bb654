import { randomUUID } from 'node:crypto';
import type { Receipt as ReceiptView, ReceiptKind } from '@reelmint/contract/billing-api';
import type { Transaction } from 'kysely';
import type { CoreContext } from '../context.ts';
import { toCount } from '../db/database.ts';
import type { DB, Receipt } from '../db/schema.ts';

export interface ReceiptInput {
  userId: string;
  kind: ReceiptKind;
  plan: string | null;
  billingCycle: string | null;
  pack: string | null;
  amountCents: number;
  listPriceCents: number;
  credits: number;
  /**
   * The old plan's unused credits a move up took back after granting `credits`: what the ledger row removed, which
   * the balance may have cut short. Only a plan change takes any back; every other payment leaves it out (0).
   */
  creditsTakenBack?: number;
  provider: string;
  /** The checkout session or the provider's invoice that was paid. */
  reference: string;
}

/** Writes a payment's receipt in the transaction that applies the payment, so there is one per payment. */
export async function recordReceipt(trx: Transaction<DB>, ctx: CoreContext, input: ReceiptInput): Promise<void> {
  await trx
    .insertInto('receipts')
    .values({
      id: `rcpt_${randomUUID().replaceAll('-', '')}`,
      user_id: input.userId,
      kind: input.kind,
      plan: input.plan,
      billing_cycle: input.billingCycle,
      pack: input.pack,
      amount_cents: input.amountCents,
      list_price_cents: input.listPriceCents,
      currency: 'USD',
      credits: input.credits,
      credits_taken_back: input.creditsTakenBack ?? 0,
      provider: input.provider,
      reference: input.reference,
      created_at: ctx.now().toISOString(),
    })
    .execute();
}

export function toReceiptView(row: Receipt): ReceiptView {
  return {
    id: row.id,
    kind: row.kind,
    plan: row.plan,
    billingCycle: row.billing_cycle,
    pack: row.pack,
    amount: Number(row.amount_cents) / 100,
    listPrice: Number(row.list_price_cents) / 100,
    currency: row.currency,
    credits: Number(row.credits),
    creditsTakenBack: Number(row.credits_taken_back),
    provider: row.provider,
    createdAt: row.created_at,
  };
}

/** One person's receipts, newest first. */
export async function listReceipts(ctx: CoreContext, userId: string, page: number, perPage: number): Promise<{ items: ReceiptView[]; total: number }> {
  const [rows, count] = await Promise.all([
    ctx.db
      .selectFrom('receipts')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(perPage)
      .offset((page - 1) * perPage)
      .execute(),
    ctx.db
      .selectFrom('receipts')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirst(),
  ]);
  return { items: rows.map(toReceiptView), total: toCount(count?.n) };
}
