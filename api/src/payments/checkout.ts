import { randomUUID } from 'node:crypto';
import type { PlanKey } from '@reelmint/shared/plans';
import type { CoreContext } from '../context.ts';
import { isUniqueViolation } from '../db/database.ts';
import type { CheckoutSession } from '../db/schema.ts';
import { grantInTransaction } from '../credits/ledger.ts';
import { AppError } from '../http/errors.ts';
import { planByKey, pricing } from '../plans/catalogue.ts';
import type { BillingCycle } from '../plans/catalogue.ts';
import { addMonths, currentSubscription, planOf } from '../plans/subscriptions.ts';
import type { PaymentEvent, PaymentProvider } from './provider.ts';

export interface CheckoutContext extends CoreContext {
  payments: PaymentProvider;
  siteOrigin: string;
}

export interface StartedCheckout {
  session: CheckoutSession;
  checkoutUrl: string;
}

/** Opens a checkout session for a paid plan with the configured provider. */
export async function startCheckout(
  ctx: CheckoutContext,
  userId: string,
  plan: PlanKey,
  cycle: BillingCycle,
  source: string | null,
  apiBase: string,
): Promise<StartedCheckout> {
  if (plan === 'free') throw new AppError(400, 'INVALID_PLAN', 'The free plan needs no payment');
  const current = await currentSubscription(ctx, userId);
  if (planOf(current) === plan && current.status === 'active' && current.billing_cycle === cycle) {
    throw new AppError(409, 'ALREADY_SUBSCRIBED', `You are already on the ${planByKey(plan).name} plan`);
  }
  const { amountCents } = pricing(plan, cycle);
  const session: CheckoutSession = {
    id: `cs_${randomUUID().replaceAll('-', '')}`,
    user_id: userId,
    plan,
    billing_cycle: cycle,
    amount_cents: amountCents,
    currency: 'USD',
    status: 'open',
    provider: ctx.payments.name,
    provider_ref: null,
    source,
    credits_granted: null,
    created_at: ctx.now().toISOString(),
    completed_at: null,
  };
  await ctx.db.insertInto('checkout_sessions').values(session).execute();
  const query = `session_id=${encodeURIComponent(session.id)}`;
  let created;
  try {
    created = await ctx.payments.createCheckout(session, {
      apiBase,
      successUrl: `${ctx.siteOrigin}/payment/success?${query}`,
      cancelUrl: `${ctx.siteOrigin}/payment/cancel?${query}`,
      planName: planByKey(plan).name,
    });
  } catch {
    await ctx.db.updateTable('checkout_sessions').set({ status: 'failed' }).where('id', '=', session.id).execute();
    throw new AppError(502, 'UPGRADE_FAILED', 'Failed to initiate upgrade');
  }
  if (created.providerRef) {
    await ctx.db.updateTable('checkout_sessions').set({ provider_ref: created.providerRef }).where('id', '=', session.id).execute();
  }
  return { session: { ...session, provider_ref: created.providerRef }, checkoutUrl: created.checkoutUrl };
}

export type EventOutcome = 'applied' | 'duplicate' | 'ignored';

/**
 * The one path by which money changes a subscription: the local checkout's Pay button and the
 * Stripe webhook both end here. The event id is recorded in the same transaction as its effects,
 * so an event delivered twice (or two deliveries racing) is applied exactly once.
 */
export async function applyPaymentEvent(ctx: CheckoutContext, event: PaymentEvent): Promise<EventOutcome> {
  const now = ctx.now();
  try {
    return await ctx.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('payment_events')
        .values({ id: event.id, provider: ctx.payments.name, type: event.type, received_at: now.toISOString() })
        .execute();

      switch (event.type) {
        case 'checkout.completed': {
          // Guarded state change: only an open session can become paid, whatever the event id.
          const session = await trx
            .updateTable('checkout_sessions')
            .set({ status: 'paid', completed_at: now.toISOString() })
            .where('id', '=', event.sessionId)
            .where('status', '=', 'open')
            .returningAll()
            .executeTakeFirst();
          if (!session) return 'ignored';
          const plan = session.plan as PlanKey;
          const { credits, months } = pricing(plan, session.billing_cycle as BillingCycle);
          await trx
            .updateTable('subscriptions')
            .set({
              plan,
              status: 'active',
              billing_cycle: session.billing_cycle,
              current_period_end: addMonths(now, months).toISOString(),
              provider: ctx.payments.name,
              provider_ref: event.providerSubscriptionId,
              updated_at: now.toISOString(),
            })
            .where('user_id', '=', session.user_id)
            .execute();
          await grantInTransaction(trx, ctx, {
            userId: session.user_id,
            amount: credits,
            idempotencyKey: `checkout:${session.id}`,
            source: 'subscription',
            reason: `${planByKey(plan).name} plan, ${session.billing_cycle}`,
          });
          await trx.updateTable('checkout_sessions').set({ credits_granted: credits }).where('id', '=', session.id).execute();
          return 'applied';
        }
        case 'subscription.renewed': {
          const subscription = await trx
            .selectFrom('subscriptions')
            .selectAll()
            .where('provider_ref', '=', event.providerSubscriptionId)
            .executeTakeFirst();
          if (!subscription || subscription.plan === 'free') return 'ignored';
          const plan = subscription.plan as PlanKey;
          const { credits } = pricing(plan, (subscription.billing_cycle ?? 'monthly') as BillingCycle);
          await trx
            .updateTable('subscriptions')
            .set({ current_period_end: event.periodEnd.toISOString(), status: 'active', updated_at: now.toISOString() })
            .where('user_id', '=', subscription.user_id)
            .execute();
          await grantInTransaction(trx, ctx, {
            userId: subscription.user_id,
            amount: credits,
            idempotencyKey: `invoice:${event.invoiceId}`,
            source: 'subscription',
            reason: `${planByKey(plan).name} plan renewal`,
          });
          return 'applied';
        }
        case 'subscription.ended': {
          const result = await trx
            .updateTable('subscriptions')
            .set({ plan: 'free', status: 'active', billing_cycle: null, current_period_end: null, provider_ref: null, updated_at: now.toISOString() })
            .where('provider_ref', '=', event.providerSubscriptionId)
            .executeTakeFirst();
          return Number(result.numUpdatedRows) > 0 ? 'applied' : 'ignored';
        }
        case 'ignored':
          return 'ignored';
      }
    });
  } catch (error) {
    if (isUniqueViolation(error)) return 'duplicate';
    throw error;
  }
}

/** Closes an unpaid session (the person pressed Cancel); a paid one stays paid. */
export async function cancelCheckout(ctx: CoreContext, sessionId: string): Promise<void> {
  await ctx.db.updateTable('checkout_sessions').set({ status: 'canceled' }).where('id', '=', sessionId).where('status', '=', 'open').execute();
}

/**
 * Cancels at the end of the paid period: the plan and its features stay until then, after which
 * currentSubscription falls back to free. Cancelling twice answers the same date.
 */
export async function cancelSubscription(ctx: CheckoutContext, userId: string): Promise<string> {
  const current = await currentSubscription(ctx, userId);
  if (planOf(current) === 'free' || !current.current_period_end) {
    throw new AppError(409, 'CANCELLATION_FAILED', 'There is no paid subscription to cancel');
  }
  if (current.status !== 'canceled') {
    if (current.provider_ref && ctx.payments.cancelAtPeriodEnd) {
      try {
        await ctx.payments.cancelAtPeriodEnd(current.provider_ref);
      } catch {
        throw new AppError(502, 'CANCELLATION_FAILED', 'Failed to cancel subscription');
      }
    }
    await ctx.db
      .updateTable('subscriptions')
      .set({ status: 'canceled', updated_at: ctx.now().toISOString() })
      .where('user_id', '=', userId)
      .execute();
  }
  return current.current_period_end;
}
