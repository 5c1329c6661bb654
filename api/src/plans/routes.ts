import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  cancelReply,
  cancelRequest,
  checkoutSessionReply,
  planChangeReply,
  planChangeRequest,
  planCatalogue,
  subscriptionReply,
  upgradeReply,
  upgradeRequest,
} from '@reelmint/contract/plan-api';
import type { CancelRequest, PlanChangeRequest, UpgradeRequest } from '@reelmint/contract/plan-api';
import { jsonSchemaOf } from '@reelmint/contract/schema';
import type { PlanKey } from '@reelmint/contract/plans';
import { errorReplies, envelopeSchema, ok } from '../http/envelope.ts';
import type { AccountAllowance } from '../http/rate-limits.ts';
import { AppError } from '../http/errors.ts';
import { buyPlan, cancelScheduledChange, purchaseOutcome } from '../payments/buy-plan.ts';
import type { PlanOrder } from '../payments/buy-plan.ts';
import type { CheckoutCaller } from '../payments/open-checkout.ts';
import { cancelSubscription, resumeSubscription } from '../payments/subscription-state.ts';
import type { Services } from '../services.ts';
import { CATALOGUE, resolvePaidPlan } from './catalogue.ts';
import type { BillingCycle } from './catalogue.ts';
import { currentSubscription, toStatus } from './subscriptions.ts';

const planChangeBody = jsonSchemaOf(planChangeRequest, 'input');

/**
 * `checkouts`: each checkout is a session at the provider, so one account may open only so many, by any route.
 * Buying a plan is one service (`buyPlan`); its three calls differ only in the body they read and the reply they write:
 * `POST /api/subscription/change` answers whatever it did, and the spec's `POST /api/subscription/upgrade` and
 * `POST /api/payment/create-subscription-session` only ever open a checkout.
 */
export function registerPlanRoutes(app: FastifyInstance, services: Services, checkouts: AccountAllowance): void {
  /** Who buys, within their allowance of checkouts, and what; a plan name that is not a paid plan is refused (400). */
  const purchase = async (request: FastifyRequest, planName: string, cycle: BillingCycle, source: string) => {
    const { user, jti } = await services.auth.require(request);
    await checkouts(user.id);
    const order: PlanOrder = { plan: paidPlan(planName), cycle, source };
    const caller: CheckoutCaller = { apiBase: services.publicBase(request), session: jti };
    return { userId: user.id, order, caller };
  };

  app.get(
    '/api/subscription/plans',
    {
      schema: {
        tags: ['plans'],
        summary: 'The plan catalogue (public)',
        response: { 200: envelopeSchema(planCatalogue), ...errorReplies },
      },
    },
    async () => ok(CATALOGUE),
  );

  app.get(
    '/api/user/subscription',
    {
      schema: {
        tags: ['plans'],
        summary: 'The signed-in user’s subscription and features',
        response: { 200: envelopeSchema(subscriptionReply), ...errorReplies },
      },
    },
    async (request) => {
      const { user } = await services.auth.require(request);
      return ok(toStatus(await currentSubscription(services, user.id)));
    },
  );

  app.post<{ Body: UpgradeRequest }>(
    '/api/subscription/upgrade',
    {
      schema: {
        tags: ['plans'],
        summary: 'Start a checkout for a paid plan',
        body: jsonSchemaOf(upgradeRequest, 'input'),
        response: {
          200: envelopeSchema(upgradeReply),
          ...errorReplies,
        },
      },
    },
    async (request) => {
      const { body } = request;
      const { userId, order, caller } = await purchase(request, body.planId, body.billingCycle ?? 'monthly', 'upgrade');
      const { checkoutUrl, sessionId } = await buyPlan(services, userId, order, caller, 'checkout');
      return ok({ checkoutUrl, sessionId }, 'Checkout created');
    },
  );

  app.post<{ Body: CancelRequest | undefined }>(
    '/api/subscription/cancel',
    {
      // The body is optional: a bare POST is as good as {timestamp}.
      preValidation: async (request) => {
        request.body ??= {};
      },
      schema: {
        tags: ['plans'],
        summary: 'Cancel at the end of the paid period',
        body: jsonSchemaOf(cancelRequest, 'input'),
        response: {
          200: envelopeSchema(cancelReply),
          ...errorReplies,
        },
      },
    },
    async (request) => {
      const { user } = await services.auth.require(request);
      const effectiveDate = await cancelSubscription(services, user.id);
      return ok({ effectiveDate }, 'Subscription will end on the effective date');
    },
  );

  app.post<{ Body: PlanChangeRequest }>(
    '/api/subscription/change',
    {
      schema: {
        tags: ['plans'],
        summary: 'Change plan or billing cycle: up now (a checkout, or in place at the provider, prorated), down at the end of the period',
        body: planChangeBody,
        response: {
          200: envelopeSchema(planChangeReply),
          ...errorReplies,
        },
      },
    },
    async (request) => {
      const { body } = request;
      const { userId, order, caller } = await purchase(request, body.planName, body.billingCycle, body.source ?? 'pricing');
      const change = await purchaseOutcome(services, userId, await buyPlan(services, userId, order, caller));
      return ok(change, { checkout: 'Checkout created', changed: 'Plan changed', scheduled: 'Plan change scheduled for the end of the period' }[change.kind]);
    },
  );

  app.delete(
    '/api/subscription/scheduled-change',
    {
      schema: {
        tags: ['plans'],
        summary: 'Drop the plan change waiting for the end of the period',
        response: { 200: envelopeSchema(subscriptionReply), ...errorReplies },
      },
    },
    async (request) => {
      const { user } = await services.auth.require(request);
      await cancelScheduledChange(services, user.id);
      return ok(toStatus(await currentSubscription(services, user.id)), 'Scheduled change dropped; your plan goes on');
    },
  );

  app.delete(
    '/api/subscription/cancellation',
    {
      schema: {
        tags: ['plans'],
        summary: 'Undo a cancellation before its period ends: the plan renews again',
        response: { 200: envelopeSchema(subscriptionReply), ...errorReplies },
      },
    },
    async (request) => {
      const { user } = await services.auth.require(request);
      await resumeSubscription(services, user.id);
      return ok(toStatus(await currentSubscription(services, user.id)), 'Cancellation undone; your plan renews again');
    },
  );

  app.post<{ Body: PlanChangeRequest }>(
    '/api/payment/create-subscription-session',
    {
      schema: {
        tags: ['payments'],
        summary: 'Create a checkout session (planName pro, premium or max; any case)',
        body: planChangeBody,
        response: {
          200: envelopeSchema(checkoutSessionReply),
          ...errorReplies,
        },
      },
    },
    async (request) => {
      const { body } = request;
      const { userId, order, caller } = await purchase(request, body.planName, body.billingCycle, body.source ?? 'subscription-modal');
      const { checkoutUrl, sessionId } = await buyPlan(services, userId, order, caller, 'checkout');
      const message = 'Checkout session created';
      return ok({ checkoutUrl, message, sessionId }, message);
    },
  );
}

function paidPlan(name: string): PlanKey {
  const plan = resolvePaidPlan(name);
  if (!plan) throw new AppError(400, 'INVALID_PLAN', `Unknown paid plan "${name.slice(0, 40)}". Choose pro or premium (max).`);
  return plan;
}
