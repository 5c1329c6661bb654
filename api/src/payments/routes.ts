import type { FastifyInstance, FastifyReply } from 'fastify';
import { checkoutOwnerProof, paymentSession, paymentWebhookReply, portalReply } from '@reelmint/contract/billing-api';
import type { CheckoutOwnerProof, PortalReply } from '@reelmint/contract/billing-api';
import { idParams, jsonSchemaOf } from '@reelmint/contract/schema';
import type { IdParams } from '@reelmint/contract/schema';
import { envelopeSchema, errorReplies, htmlReplies, ok, redirectReplies } from '../http/envelope.ts';
import { AppError } from '../http/errors.ts';
import type { Services } from '../services.ts';
import { billingPortalUrl, paymentSessionOf } from './account-billing.ts';
import { checkoutErrorPage } from './checkout-page.ts';
import { cancelLocalCheckout, localCheckoutPage, payLocalCheckout } from './local-checkout.ts';
import { receivePaymentWebhook } from './webhook.ts';

const sessionParams = jsonSchemaOf(idParams, 'input');

/** The owner token a checkout form posts; a bodiless POST (an API caller with a bearer header) has none. */
const postedToken = (body: unknown): string | undefined =>
  typeof body === 'object' && body !== null && 'token' in body && typeof body.token === 'string' && body.token.length <= 2000 ? body.token : undefined;

export function registerPaymentRoutes(app: FastifyInstance, services: Services): void {
  app.get<{ Params: IdParams; Querystring: CheckoutOwnerProof }>(
    '/api/payment/checkout/:id',
    {
      schema: {
        tags: ['payments'],
        summary: 'Local test checkout page (owner only)',
        params: sessionParams,
        querystring: jsonSchemaOf(checkoutOwnerProof, 'input'),
        produces: ['text/html'],
        response: htmlReplies,
      },
    },
    async (request, reply) =>
      htmlOnFailure(reply, services.siteOrigin, async () =>
        sendHtml(reply, await localCheckoutPage(services, request, request.params.id, request.query.token), services.siteOrigin),
      ),
  );

  // The buttons' bodies are read by postedToken: a schema would refuse the bodiless POST of an API caller.
  app.post<{ Params: IdParams }>(
    '/api/payment/checkout/:id/pay',
    { schema: { tags: ['payments'], summary: 'Local checkout: pay (test, owner only)', params: sessionParams, response: redirectReplies } },
    async (request, reply) =>
      htmlOnFailure(reply, services.siteOrigin, async () =>
        reply.redirect(await payLocalCheckout(services, request, request.params.id, postedToken(request.body)), 303),
      ),
  );

  app.post<{ Params: IdParams }>(
    '/api/payment/checkout/:id/cancel',
    { schema: { tags: ['payments'], summary: 'Local checkout: cancel (owner only)', params: sessionParams, response: redirectReplies } },
    async (request, reply) =>
      htmlOnFailure(reply, services.siteOrigin, async () =>
        reply.redirect(await cancelLocalCheckout(services, request, request.params.id, postedToken(request.body)), 303),
      ),
  );

  app.get<{ Params: IdParams }>(
    '/api/payment/session/:id',
    {
      schema: {
        tags: ['payments'],
        summary: 'A checkout session of the signed-in user, with the plan and balance it led to',
        params: sessionParams,
        response: {
          200: envelopeSchema(paymentSession),
          ...errorReplies,
        },
      },
    },
    async (request) => {
      const { user } = await services.auth.require(request);
      return ok(await paymentSessionOf(services, user, request.params.id));
    },
  );

  app.post(
    '/api/payment/portal',
    {
      schema: {
        tags: ['payments'],
        summary: 'A page at the payment provider (Stripe customer portal) where the signed-in person mends their payment method',
        response: { 200: envelopeSchema(portalReply), ...errorReplies },
      },
    },
    async (request) => {
      const { user } = await services.auth.require(request);
      return ok<PortalReply>({ url: await billingPortalUrl(services, user.id) });
    },
  );

  // Webhooks are verified on the exact bytes received, so this route keeps its body raw.
  void app.register(async (scoped) => {
    scoped.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 1024 * 1024 }, (_request, body, done) => done(null, body));
    scoped.post(
      '/api/payment/webhook',
      {
        schema: {
          tags: ['payments'],
          summary: 'Payment provider webhook (Stripe-Signature verified)',
          response: {
            200: envelopeSchema(paymentWebhookReply),
            ...errorReplies,
          },
        },
      },
      async (request) => {
        const signature = request.headers['stripe-signature'];
        return ok(await receivePaymentWebhook(services, request.body, Array.isArray(signature) ? signature[0] : signature, request.log));
      },
    );
  });
}

/**
 * The checkout page and its buttons are used by people in a browser: a refusal there is a page
 * that says what happened and where to go, with the same status and code an API caller gets.
 */
async function htmlOnFailure(reply: FastifyReply, siteOrigin: string, handle: () => Promise<FastifyReply>): Promise<FastifyReply> {
  try {
    return await handle();
  } catch (error) {
    if (!(error instanceof AppError) || !reply.request.headers.accept?.includes('text/html')) throw error;
    return sendHtml(reply.code(error.statusCode), checkoutErrorPage(error.code, error.message, siteOrigin), siteOrigin);
  }
}

function sendHtml(reply: FastifyReply, html: string, siteOrigin: string) {
  // The forms post here and then redirect to the site; browsers check form-action on redirects too.
  return (
    reply
      .type('text/html; charset=utf-8')
      // The page carries its owner's token: no cache, shared or the browser's own, may keep it.
      .header('cache-control', 'no-store')
      .header(
        'content-security-policy',
        `default-src 'none'; style-src 'unsafe-inline'; form-action 'self' ${siteOrigin}; base-uri 'none'; frame-ancestors 'none'`,
      )
      .send(html)
  );
}
