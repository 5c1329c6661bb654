import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { checkoutOwnerProof, paymentSession, paymentWebhookReply, portalReply } from '@reelmint/shared/billing-api';
import type { CheckoutOwnerProof, PaymentSession, PaymentWebhookReply, PortalReply } from '@reelmint/shared/billing-api';
import type { PlanKey } from '@reelmint/shared/plans';
import { idParams, jsonSchemaOf } from '@reelmint/shared/schema';
import type { IdParams } from '@reelmint/shared/schema';
import { envelopeSchema, errorReplies, htmlReplies, ok, redirectReplies } from '../http/envelope.ts';
import { AppError } from '../http/errors.ts';
import { packById, planByKey, pricing } from '../plans/catalogue.ts';
import type { BillingCycle } from '../plans/catalogue.ts';
import { currentSubscription, toStatus } from '../plans/subscriptions.ts';
import type { Services } from '../services.ts';
import type { CheckoutSession } from '../db/schema.ts';
import { applyPaymentEvent, cancelCheckout, newestCustomer, providerFailure } from './checkout.ts';
import { checkoutErrorPage, checkoutPage, packCheckoutPage } from './checkout-page.ts';
import { WebhookVersionError } from './provider.ts';

const sessionParams = jsonSchemaOf(idParams, 'input');

/** The owner token a checkout form posts; a bodiless POST (an API caller with a bearer header) has none. */
const postedToken = (body: unknown): string | undefined =>
  typeof body === 'object' && body !== null && 'token' in body && typeof body.token === 'string' && body.token.length <= 2000 ? body.token : undefined;

export function registerPaymentRoutes(app: FastifyInstance, services: Services): void {
  const loadLocalSession = async (id: string) => {
    if (services.payments.name !== 'local') throw new AppError(404, 'NOT_FOUND', 'The local checkout is not enabled');
    const session = await services.db.selectFrom('checkout_sessions').selectAll().where('id', '=', id).executeTakeFirst();
    if (!session || session.provider !== 'local') throw new AppError(404, 'SESSION_NOT_FOUND', 'Checkout session not found');
    return session;
  };

  /**
   * The checkout page and its buttons are reached by plain browser navigation, which sends no
   * bearer header. The link the owner was given carries a short-lived token signed for them and
   * this session; the page passes it on to its buttons. A signed-in API caller may use its bearer
   * token instead. Knowing a session id alone is not enough.
   */
  const requireOwner = async (request: FastifyRequest, session: CheckoutSession, token: string | undefined) => {
    if (token) {
      const proof = await services.tokens.verifyCheckout(token, session.id);
      // The link lives as long as the sign-in it was opened from: logging out ends it.
      if (proof?.userId === session.user_id && !(await services.auth.isRevoked(proof.accessJti))) return token;
      throw new AppError(
        403,
        'CHECKOUT_FORBIDDEN',
        'This checkout link has expired, was opened from a session that has ended, or belongs to someone else. Start the checkout again from the pricing page.',
      );
    }
    const signedIn = await services.auth.optional(request);
    if (!signedIn) throw new AppError(401, 'UNAUTHENTICATED', 'Open this checkout from the link you were given, or sign in.');
    if (signedIn.user.id !== session.user_id) {
      throw new AppError(403, 'CHECKOUT_FORBIDDEN', 'This checkout belongs to someone else.');
    }
    return services.tokens.signCheckout(session.user_id, session.id, signedIn.jti);
  };

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
      htmlOnFailure(reply, services.siteOrigin, async () => {
        const session = await loadLocalSession(request.params.id);
        const token = await requireOwner(request, session, request.query.token);
        const pack = session.kind === 'pack' && session.pack ? packById(session.pack) : null;
        if (pack) return sendHtml(reply, packCheckoutPage(session, pack.credits, token), services.siteOrigin);
        const plan = session.plan as PlanKey;
        const { credits, amountCents } = pricing(plan, session.billing_cycle as BillingCycle);
        return sendHtml(reply, checkoutPage(session, planByKey(plan).name, credits, token, amountCents), services.siteOrigin);
      }),
  );

  // The buttons' bodies are read by postedToken: a schema would refuse the bodiless POST of an API caller.
  app.post<{ Params: IdParams }>(
    '/api/payment/checkout/:id/pay',
    { schema: { tags: ['payments'], summary: 'Local checkout: pay (test, owner only)', params: sessionParams, response: redirectReplies } },
    async (request, reply) =>
      htmlOnFailure(reply, services.siteOrigin, async () => {
        const session = await loadLocalSession(request.params.id);
        await requireOwner(request, session, postedToken(request.body));
        const success = `${services.siteOrigin}/payment/success?session_id=${encodeURIComponent(session.id)}`;
        // A second click on Pay lands where the first did.
        if (session.status === 'paid') return reply.redirect(success, 303);
        if (session.status !== 'open') throw new AppError(409, 'SESSION_CLOSED', `This checkout is ${session.status} and can no longer be paid`);
        // The same entry point a provider webhook uses; it checks the plan in force again at this
        // moment, so a stale session cannot grant a plan twice.
        const applied = await applyPaymentEvent(services, {
          id: `local:${session.id}:paid`,
          type: 'checkout.completed',
          sessionId: session.id,
          providerSubscriptionId: null,
        });
        if (applied.refusal) throw applied.refusal;
        return reply.redirect(success, 303);
      }),
  );

  app.post<{ Params: IdParams }>(
    '/api/payment/checkout/:id/cancel',
    { schema: { tags: ['payments'], summary: 'Local checkout: cancel (owner only)', params: sessionParams, response: redirectReplies } },
    async (request, reply) =>
      htmlOnFailure(reply, services.siteOrigin, async () => {
        const session = await loadLocalSession(request.params.id);
        await requireOwner(request, session, postedToken(request.body));
        await cancelCheckout(services, session.id);
        return reply.redirect(`${services.siteOrigin}/payment/cancel?session_id=${encodeURIComponent(session.id)}`, 303);
      }),
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
      const session = await services.db
        .selectFrom('checkout_sessions')
        .selectAll()
        .where('id', '=', request.params.id)
        .where('user_id', '=', user.id)
        .executeTakeFirst();
      if (!session) throw new AppError(404, 'SESSION_NOT_FOUND', 'Checkout session not found');
      const paid: PaymentSession = {
        id: session.id,
        kind: session.kind as PaymentSession['kind'],
        pack: session.pack,
        status: session.status as PaymentSession['status'],
        plan: session.plan,
        planName: planByKey(session.plan as PlanKey).name,
        billingCycle: session.billing_cycle as BillingCycle,
        amount: session.amount_cents / 100,
        currency: session.currency,
        creditsGranted: session.credits_granted,
        balance: user.balance,
        subscription: toStatus(await currentSubscription(services, user.id)),
      };
      return ok(paid);
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
      const portal = services.payments.portalUrl;
      if (!portal) throw new AppError(409, 'PORTAL_UNAVAILABLE', 'This site runs the test payment provider, which keeps no payment method to mend');
      const customer = await newestCustomer(services, user.id);
      if (!customer) throw new AppError(409, 'NO_BILLING_ACCOUNT', 'You have not paid with a card here yet, so there is no payment method to mend');
      let url: string;
      try {
        url = await portal.call(services.payments, customer.customer_ref, `${services.siteOrigin}/account`);
      } catch (error) {
        throw providerFailure(
          error,
          { code: 'PORTAL_REFUSED', message: 'The payment provider refused to open its billing page' },
          { code: 'PORTAL_FAILED', message: 'The payment provider could not be reached; try again in a minute' },
        );
      }
      return ok<PortalReply>({ url });
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
        const parse = services.payments.parseWebhook;
        if (!parse) throw new AppError(404, 'WEBHOOK_NOT_CONFIGURED', 'No payment provider webhook is enabled');
        if (!Buffer.isBuffer(request.body)) throw new AppError(400, 'VALIDATION_ERROR', 'Webhook body must be JSON');
        const signature = request.headers['stripe-signature'];
        let event;
        try {
          event = parse.call(services.payments, request.body, Array.isArray(signature) ? signature[0] : signature);
        } catch (error) {
          if (error instanceof WebhookVersionError) throw new AppError(400, 'WEBHOOK_API_VERSION', error.message);
          throw new AppError(400, 'INVALID_SIGNATURE', 'Webhook signature verification failed');
        }
        const { outcome } = await applyPaymentEvent(services, event);
        if (outcome === 'refused' && event.type === 'checkout.completed' && event.providerSubscriptionId && services.payments.endNow) {
          // Money arrived for a checkout that may not be paid: end that second subscription now, rather
          // than let it bill beside the one in force, and give the payment back. The event is
          // acknowledged either way; a failure here is left for the operator, since Stripe does not
          // deliver an acknowledged event again.
          try {
            const { refundedCents } = await services.payments.endNow(event.providerSubscriptionId, 'payment');
            request.log.warn({ subscription: event.providerSubscriptionId, refundedCents }, 'ended and refunded a subscription whose checkout was refused');
          } catch (error) {
            request.log.error({ err: error, subscription: event.providerSubscriptionId }, 'could not end and refund a refused subscription at the provider');
          }
        }
        return ok<PaymentWebhookReply>({ received: true, outcome });
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
