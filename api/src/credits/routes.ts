import type { FastifyInstance } from 'fastify';
import { creditHistoryPage, creditHistoryQuery, creditsReply, deductReply, deductRequest, refundReply, refundRequest } from '@reelmint/contract/billing-api';
import type { CreditHistoryQuery, DeductRequest, RefundRequest } from '@reelmint/contract/billing-api';
import { jsonSchemaOf } from '@reelmint/contract/schema';
import { errorReplies, envelopeSchema, ok } from '../http/envelope.ts';
import { idempotencyHeaderSchema, idempotencyKey } from '../http/idempotency.ts';
import { coerceIntegerQuery } from '../http/query.ts';
import type { Services } from '../services.ts';
import { creditHistory } from './history.ts';
import { deductCredits, refundCredits } from './client-spends.ts';

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
      const deducted = await deductCredits(services, user.id, idempotencyKey(request, true), request.body);
      return ok(deducted, deducted.replayed ? 'Already processed' : 'Credits deducted');
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
      const refunded = await refundCredits(services, user.id, idempotencyKey(request, true), request.body);
      return ok(refunded, refunded.replayed ? 'Already processed' : 'Credits refunded');
    },
  );
}
