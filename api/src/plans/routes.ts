import type { FastifyInstance } from 'fastify';
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
} from '@reelmint/shared/plan-api';
import type { CancelRequest, PlanChangeReply, PlanChangeRequest, UpgradeRequest } from '@reelmint/shared/plan-api';
import { jsonSchemaOf } from '@reelmint/shared/schema';
import type { PlanKey } from '@reelmint/shared/plans';
import { errorReplies, envelopeSchema, ok } from '../http/envelope.ts';
import type { AccountAllowance } from '../http/rate-limits.ts';
import { AppError } from '../http/errors.ts';
import { cancelSubscription, startCheckout } from '../payments/checkout.ts';
import { cancelScheduledChange, changePlan } from '../payments/plan-change.ts';
import type { Services } from '../services.ts';
import { CATALOGUE, resolvePaidPlan } from './catalogue.ts';
import { currentSubscription, toStatus } from './subscriptions.ts';

const planChangeBody = jsonSchemaOf(planChangeRequest, 'input');

/** `checkouts`: each checkout is a session at the provider, so one account may open only so many, by any route. */
export function registerPlanRoutes(app: FastifyInstance, services: Services, checkouts: AccountAllowance): void {
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
      const { user, jti } = await services.auth.require(request);
      await checkouts(user.id);
      const plan = paidPlan(request.body.planId);
      const started = await startCheckout(services, user.id, plan, request.body.billingCycle ?? 'monthly', 'upgrade', {
        apiBase: services.publicBase(request),
        session: jti,
      });
      return ok({ checkoutUrl: started.checkoutUrl, sessionId: started.session.id }, 'Checkout created');
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
      const { user, jti } = await services.auth.require(request);
      await checkouts(user.id);
      const plan = paidPlan(request.body.planName);
      const change = await changePlan(services, user.id, plan, request.body.billingCycle, request.body.source ?? 'pricing', {
        apiBase: services.publicBase(request),
        session: jti,
      });
      const [subscription, balance] = await Promise.all([currentSubscription(services, user.id), currentBalance(services, user.id)]);
      const message = { checkout: 'Checkout created', changed: 'Plan changed', scheduled: 'Plan change scheduled for the end of the period' }[change.kind];
      const changed: PlanChangeReply = {
        kind: change.kind,
        checkoutUrl: change.kind === 'checkout' ? change.checkoutUrl : null,
        sessionId: change.kind === 'checkout' ? change.sessionId : null,
        subscription: toStatus(subscription),
        balance,
      };
      return ok(changed, message);
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
      const { user, jti } = await services.auth.require(request);
      await checkouts(user.id);
      const plan = paidPlan(request.body.planName);
      const started = await startCheckout(services, user.id, plan, request.body.billingCycle, request.body.source ?? 'subscription-modal', {
        apiBase: services.publicBase(request),
        session: jti,
      });
      const message = 'Checkout session created';
      return ok({ checkoutUrl: started.checkoutUrl, message, sessionId: started.session.id }, message);
    },
  );
}

async function currentBalance(services: Services, userId: string): Promise<number> {
  const row = await services.db.selectFrom('users').select('balance').where('id', '=', userId).executeTakeFirstOrThrow();
  return Number(row.balance);
}

function paidPlan(name: string): PlanKey {
  const plan = resolvePaidPlan(name);
  if (!plan) throw new AppError(400, 'INVALID_PLAN', `Unknown paid plan "${name.slice(0, 40)}". Choose pro or premium (max).`);
  return plan;
}
