import type { FastifyInstance } from 'fastify';
import { creditHistoryPage, creditHistoryQuery, creditsReply, deductReply, deductRequest, refundReply, refundRequest } from '@reelmint/shared/billing-api';
import type { CreditHistoryQuery, DeductRequest, RefundRequest } from '@reelmint/shared/billing-api';
import { jsonSchemaOf } from '@reelmint/shared/schema';
import { isUniqueViolation } from '../db/database.ts';
import { errorReplies, envelopeSchema, ok } from '../http/envelope.ts';
import { AppError } from '../http/errors.ts';
import { idempotencyHeaderSchema, idempotencyKey, requestHash } from '../http/idempotency.ts';
import { coerceIntegerQuery } from '../http/query.ts';
import type { Services } from '../services.ts';
import { creditHistory } from './history.ts';
import { idempotentEntry, refundInTransaction, spendInTransaction } from './ledger.ts';
import { CLIENT_SPEND_SOURCE } from './sources.ts';

export function registerCreditRoutes(app: FastifyInstance, services: Services): void {
  app.get(
    '/api/user/credits',
    {
      schema: {
        tags: ['credits'],
        summary: 'Credit balance of the signed-in user',
        response: {
          200: envelopeSchema(creditsReply),
          ...errorReplies,
        },
      },
    },
    async (request) => {
      const { user } = await services.auth.require(request);
      return ok({ balance: user.balance });
    },
  );

  app.get<{ Querystring: CreditHistoryQuery }>(
    '/api/user/credits/history',
    {
      preValidation: coerceIntegerQuery(['page', 'per_page']),
      schema: {
        tags: ['credits'],
        summary: 'Every grant, spend and refund of the signed-in user, newest first',
        querystring: jsonSchemaOf(creditHistoryQuery, 'input'),
        response: {
          200: envelopeSchema(creditHistoryPage),
          ...errorReplies,
        },
      },
    },
    async (request) => {
      const { user } = await services.auth.require(request);
      // Validation has filled in the page and its size.
      const { page, per_page: perPage } = request.query;
      const { items, total } = await creditHistory(services, user.id, page, perPage);
      return ok({ items, page, perPage, total });
    },
  );

  app.post<{ Body: DeductRequest }>(
    '/api/user/credits/deduct',
    {
      schema: {
        tags: ['credits'],
        summary: 'Spend credits (needs an Idempotency-Key header; a replay returns the first result)',
        headers: idempotencyHeaderSchema(true),
        body: jsonSchemaOf(deductRequest, 'input'),
        response: {
          200: envelopeSchema(deductReply),
          ...errorReplies,
        },
      },
    },
    async (request) => {
      const { user } = await services.auth.require(request);
      const key = idempotencyKey(request, true);
      const { amount, metadata } = request.body;
      if (JSON.stringify(metadata).length > 4096) throw new AppError(400, 'VALIDATION_ERROR', 'metadata is too large');
      // The timestamp is the client's clock at sending: a retry carries a new one and is still the same request.
      const { timestamp: _sentAt, ...meaning } = metadata;
      const hash = requestHash('deduct', { amount, metadata: meaning });
      const { entry, replayed } = await idempotentEntry(
        services,
        `deduct:${user.id}:${key}`,
        (existing) => existing.user_id === user.id && existing.amount === -amount && (existing.request_hash ?? hash) === hash,
        (trx) =>
          spendInTransaction(trx, services, {
            userId: user.id,
            amount,
            idempotencyKey: `deduct:${user.id}:${key}`,
            source: CLIENT_SPEND_SOURCE,
            metadata,
            requestHash: hash,
          }),
      );
      return ok({ newBalance: entry.balance_after, transactionId: entry.id, replayed }, replayed ? 'Already processed' : 'Credits deducted');
    },
  );

  app.post<{ Body: RefundRequest }>(
    '/api/user/credits/refund',
    {
      schema: {
        tags: ['credits'],
        summary: 'Return credits of one earlier /deduct spend (at most what it took, once)',
        headers: idempotencyHeaderSchema(true),
        body: jsonSchemaOf(refundRequest, 'input'),
        response: {
          200: envelopeSchema(refundReply),
          ...errorReplies,
        },
      },
    },
    async (request) => {
      const { user } = await services.auth.require(request);
      const key = `refund:${user.id}:${idempotencyKey(request, true)}`;
      const { amount, reason, transactionId } = request.body;
      const hash = requestHash('refund', { amount, reason, transactionId });
      const { entry, replayed } = await idempotentEntry(
        services,
        key,
        (existing) =>
          existing.user_id === user.id && existing.amount === amount && existing.refund_of === transactionId && (existing.request_hash ?? hash) === hash,
        async (trx) => {
          const spend = await trx
            .selectFrom('credit_ledger')
            .selectAll()
            .where('id', '=', transactionId)
            .where('user_id', '=', user.id)
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
          return refundInTransaction(trx, services, spend, { userId: user.id, amount, idempotencyKey: key, source: 'refund', reason, requestHash: hash });
        },
      ).catch((error: unknown) => {
        // Two different keys refunding one spend at once: the loser hits the unique refund_of.
        if (error instanceof AppError) throw error;
        if (isUniqueViolation(error)) throw new AppError(409, 'ALREADY_REFUNDED', 'This transaction has already been refunded');
        throw error;
      });
      return ok({ newBalance: entry.balance_after, refundId: entry.id, replayed }, replayed ? 'Already processed' : 'Credits refunded');
    },
  );
}
