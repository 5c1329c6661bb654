import type { FastifyInstance } from 'fastify';
import { creditPackCatalogue, packCheckoutRequest, receiptsPage, receiptsQuery } from '@reelmint/contract/billing-api';
import type { PackCheckoutRequest, ReceiptsQuery } from '@reelmint/contract/billing-api';
import { checkoutSessionReply } from '@reelmint/contract/plan-api';
import { jsonSchemaOf } from '@reelmint/contract/schema';
import { errorReplies, envelopeSchema, ok } from '../http/envelope.ts';
import type { AccountAllowance } from '../http/rate-limits.ts';
import { coerceIntegerQuery } from '../http/query.ts';
import { CREDIT_PACKS } from '../plans/catalogue.ts';
import { currentSubscription } from '../plans/subscriptions.ts';
import type { Services } from '../services.ts';
import { startPackCheckout } from './open-checkout.ts';
import { listReceipts } from './receipts.ts';

/** Credit packs (one-time top-ups bought through the same checkout) and the receipts of every payment. */
export function registerPackAndReceiptRoutes(app: FastifyInstance, services: Services, checkouts: AccountAllowance): void {
  app.get(
    '/api/credits/packs',
    {
      schema: {
        tags: ['credits'],
        summary: 'The credit packs on sale (public); buying one needs a paid plan',
        response: { 200: envelopeSchema(creditPackCatalogue), ...errorReplies },
      },
    },
    async () => ok(CREDIT_PACKS),
  );

  app.post<{ Body: PackCheckoutRequest }>(
    '/api/payment/create-pack-session',
    {
      schema: {
        tags: ['payments'],
        summary: 'Create a checkout session for a credit pack (members of a paid plan)',
        body: jsonSchemaOf(packCheckoutRequest, 'input'),
        response: {
          200: envelopeSchema(checkoutSessionReply),
          ...errorReplies,
        },
      },
    },
    async (request) => {
      const { user, jti } = await services.auth.require(request);
      await checkouts(user.id);
      const started = await startPackCheckout(services, user.id, request.body.packId, request.body.source ?? 'pricing', {
        apiBase: services.publicBase(request),
        session: jti,
      });
      const message = 'Checkout session created';
      return ok({ checkoutUrl: started.checkoutUrl, message, sessionId: started.session.id }, message);
    },
  );

  app.get<{ Querystring: ReceiptsQuery }>(
    '/api/payment/receipts',
    {
      preValidation: coerceIntegerQuery(['page', 'per_page']),
      schema: {
        tags: ['payments'],
        summary: 'The receipts of the signed-in user’s payments, newest first',
        querystring: jsonSchemaOf(receiptsQuery, 'input'),
        response: { 200: envelopeSchema(receiptsPage), ...errorReplies },
      },
    },
    async (request) => {
      const { user } = await services.auth.require(request);
      // A period that ended since the last visit may owe a receipt (a scheduled change starting): settle it first.
      await currentSubscription(services, user.id);
      // Validation has filled in the page and its size.
      const { page, per_page: perPage } = request.query;
      const { items, total } = await listReceipts(services, user.id, page, perPage);
      return ok({ items, page, perPage, total });
    },
  );
}
