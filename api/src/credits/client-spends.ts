import type { DeductReply, DeductRequest, RefundReply, RefundRequest } from '@reelmint/contract/billing-api';
import type { CoreContext } from '../context.ts';
import { isUniqueViolation } from '../db/database.ts';
import { AppError } from '../http/errors.ts';
import { requestHash } from '../http/idempotency.ts';
import { idempotentEntry, refundInTransaction, spendInTransaction } from './ledger.ts';
import { CLIENT_SPEND_SOURCE } from './sources.ts';

/**
 * Spends and refunds the client asks for itself (`/api/user/credits/deduct` and `/refund`), each bound to the
 * caller's Idempotency-Key: a replay of the same request answers the first result, another request under the same
 * key is refused.
 */

/** Takes `amount` credits for the client's own purpose, once per key. */
export async function deductCredits(ctx: CoreContext, userId: string, clientKey: string, request: DeductRequest): Promise<DeductReply> {
  const { amount, metadata } = request;
  if (JSON.stringify(metadata).length > 4096) throw new AppError(400, 'VALIDATION_ERROR', 'metadata is too large');
  // The timestamp is the client's clock at sending: a retry carries a new one and is still the same request.
  const { timestamp: _sentAt, ...meaning } = metadata;
  const hash = requestHash('deduct', { amount, metadata: meaning });
  const key = `deduct:${userId}:${clientKey}`;
  const { entry, replayed } = await idempotentEntry(
    ctx,
    key,
    (existing) => existing.user_id === userId && existing.amount === -amount && (existing.request_hash ?? hash) === hash,
    (trx) => spendInTransaction(trx, ctx, { userId, amount, idempotencyKey: key, source: CLIENT_SPEND_SOURCE, metadata, requestHash: hash }),
  );
  return { newBalance: entry.balance_after, transactionId: entry.id, replayed };
}

/** Returns credits of one earlier client spend (at most what it took, once), once per key. */
export async function refundCredits(ctx: CoreContext, userId: string, clientKey: string, request: RefundRequest): Promise<RefundReply> {
  const key = `refund:${userId}:${clientKey}`;
  const { amount, reason, transactionId } = request;
  const hash = requestHash('refund', { amount, reason, transactionId });
  const { entry, replayed } = await idempotentEntry(
    ctx,
    key,
    (existing) => existing.user_id === userId && existing.amount === amount && existing.refund_of === transactionId && (existing.request_hash ?? hash) === hash,
    async (trx) => {
      const spend = await trx
        .selectFrom('credit_ledger')
        .selectAll()
        .where('id', '=', transactionId)
        .where('user_id', '=', userId)
        .where('kind', '=', 'spend')
        .executeTakeFirst();
      if (!spend) throw new AppError(404, 'TRANSACTION_NOT_FOUND', 'No spend of yours has this transaction id');
      if (spend.source !== CLIENT_SPEND_SOURCE) {
        // Generation spends are refunded by the server when the job fails; a client refund
        // of one would make the video free.
        throw new AppError(409, 'REFUND_NOT_ALLOWED', 'This transaction is refunded automatically if its video fails');
      }
      const already = await trx.selectFrom('credit_ledger').select('id').where('refund_of', '=', spend.id).executeTakeFirst();
      if (already) throw new AppError(409, 'ALREADY_REFUNDED', 'This transaction has already been refunded');
      return refundInTransaction(trx, ctx, spend, { userId, amount, idempotencyKey: key, source: 'refund', reason, requestHash: hash });
    },
  ).catch((error: unknown) => {
    // Two different keys refunding one spend at once: the loser hits the unique refund_of.
    if (error instanceof AppError) throw error;
    if (isUniqueViolation(error)) throw new AppError(409, 'ALREADY_REFUNDED', 'This transaction has already been refunded');
    throw error;
  });
  return { newBalance: entry.balance_after, refundId: entry.id, replayed };
}
