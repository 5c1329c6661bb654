import type { FastifyInstance, FastifyReply } from 'fastify';
import type { PlanKey } from '@reelmint/shared/plans';
import { errorReplies, envelopeSchema, ok } from '../http/envelope.ts';
import { AppError } from '../http/errors.ts';
import { planByKey, pricing } from '../plans/catalogue.ts';
import type { BillingCycle } from '../plans/catalogue.ts';
import { subscriptionStatusSchema } from '../plans/routes.ts';
import { currentSubscription, toStatus } from '../plans/subscriptions.ts';
import type { Services } from '../services.ts';
import { applyPaymentEvent, cancelCheckout } from './checkout.ts';
import { checkoutPage } from './checkout-page.ts';

const sessionParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', minLength: 1, maxLength: 100 } },
};

const htmlReply = { 200: { type: 'string', description: 'HTML page' }, ...errorReplies };
const redirectReply = { 303: { type: 'null', description: 'Redirect to the site' }, ...errorReplies };

export function registerPaymentRoutes(app: FastifyInstance, services: Services): void {
  const loadLocalSession = async (id: string) => {
    if (services.payments.name !== 'local') throw new AppError(404, 'NOT_FOUND', 'The local checkout is not enabled');
    const session = await services.db.selectFrom('checkout_sessions').selectAll().where('id', '=', id).executeTakeFirst();
    if (!session || session.provider !== 'local') throw new AppError(404, 'SESSION_NOT_FOUND', 'Checkout session not found');
    return session;
  };

  // The checkout page and its buttons are reached by a plain browser navigation (no bearer
  // token); the unguessable session id is what authorises them, as with a hosted checkout link.
  app.get<{ Params: { id: string } }>(
    '/api/payment/checkout/:id',
    { schema: { tags: ['payments'], summary: 'Local test checkout page', params: sessionParams, produces: ['text/html'], response: htmlReply } },
    async (request, reply) => {
      const session = await loadLocalSession(request.params.id);
      const plan = session.plan as PlanKey;
      const { credits } = pricing(plan, session.billing_cycle as BillingCycle);
      return sendHtml(reply, checkoutPage(session, planByKey(plan).name, credits), services.siteOrigin);
    },
  );

  app.post<{ Params: { id: string } }>(
    '/api/payment/checkout/:id/pay',
    { schema: { tags: ['payments'], summary: 'Local checkout: pay (test)', params: sessionParams, response: redirectReply } },
    async (request, reply) => {
      const session = await loadLocalSession(request.params.id);
      if (session.status !== 'open' && session.status !== 'paid') {
        throw new AppError(409, 'SESSION_CLOSED', `This checkout is ${session.status}`);
      }
      // The same entry point a provider webhook uses; the event id is per session, so a double
      // click is a duplicate delivery.
      await applyPaymentEvent(services, { id: `local:${session.id}:paid`, type: 'checkout.completed', sessionId: session.id, providerSubscriptionId: null });
      return reply.redirect(`${services.siteOrigin}/payment/success?session_id=${encodeURIComponent(session.id)}`, 303);
    },
  );

  app.post<{ Params: { id: string } }>(
    '/api/payment/checkout/:id/cancel',
    { schema: { tags: ['payments'], summary: 'Local checkout: cancel', params: sessionParams, response: redirectReply } },
    async (request, reply) => {
      const session = await loadLocalSession(request.params.id);
      await cancelCheckout(services, session.id);
      return reply.redirect(`${services.siteOrigin}/payment/cancel?session_id=${encodeURIComponent(session.id)}`, 303);
    },
  );

  app.get<{ Params: { id: string } }>(
    '/api/payment/session/:id',
    {
      schema: {
        tags: ['payments'],
        summary: 'A checkout session of the signed-in user, with the plan and balance it led to',
        params: sessionParams,
        response: {
          200: envelopeSchema({
            type: 'object',
            properties: {
              id: { type: 'string' },
              status: { type: 'string', enum: ['open', 'paid', 'canceled', 'failed'] },
              plan: { type: 'string' },
              planName: { type: 'string' },
              billingCycle: { type: 'string' },
              amount: { type: 'number' },
              currency: { type: 'string' },
              creditsGranted: { type: ['integer', 'null'] },
              balance: { type: 'integer' },
              subscription: subscriptionStatusSchema,
            },
          }),
          ...errorReplies,
        },
      },
    },
    async (request) => {
      const { user } = await services.auth.require(request);
      const session = await services.db
        .selectFrom('checkout_sessions')
        .selectAll()
        .where('id', '=', request.params.id)
        .where('user_id', '=', user.id)
        .executeTakeFirst();
      if (!session) throw new AppError(404, 'SESSION_NOT_FOUND', 'Checkout session not found');
      return ok({
        id: session.id,
        status: session.status,
        plan: session.plan,
        planName: planByKey(session.plan as PlanKey).name,
        billingCycle: session.billing_cycle,
        amount: session.amount_cents / 100,
        currency: session.currency,
        creditsGranted: session.credits_granted,
        balance: user.balance,
        subscription: toStatus(await currentSubscription(services, user.id)),
      });
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
            200: envelopeSchema({
              type: 'object',
              properties: { received: { type: 'boolean' }, outcome: { type: 'string', enum: ['applied', 'duplicate', 'ignored'] } },
            }),
            ...errorReplies,
          },
        },
      },
      async (request) => {
        const parse = services.payments.parseWebhook;
        if (!parse) throw new AppError(404, 'WEBHOOK_NOT_CONFIGURED', 'No payment provider webhook is enabled');
        if (!Buffer.isBuffer(request.body)) throw new AppError(400, 'VALIDATION_ERROR', 'Webhook body must be JSON');
        const signature = request.headers['stripe-signature'];
        let event;
        try {
          event = parse.call(services.payments, request.body, Array.isArray(signature) ? signature[0] : signature);
        } catch {
          throw new AppError(400, 'INVALID_SIGNATURE', 'Webhook signature verification failed');
        }
        const outcome = await applyPaymentEvent(services, event);
        return ok({ received: true, outcome });
      },
    );
  });
}

function sendHtml(reply: FastifyReply, html: string, siteOrigin: string) {
  // The forms post here and then redirect to the site; browsers check form-action on redirects too.
  return reply
    .type('text/html; charset=utf-8')
    .header(
      'content-security-policy',
      `default-src 'none'; style-src 'unsafe-inline'; form-action 'self' ${siteOrigin}; base-uri 'none'; frame-ancestors 'none'`,
    )
    .send(html);
}
