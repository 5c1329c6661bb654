import type { PaymentEventOutcome } from '@reelmint/contract/billing-api';
import type { PlanKey } from '@reelmint/contract/plans';
import type { Transaction } from 'kysely';
import { isUniqueViolation } from '../db/database.ts';
import type { CheckoutSession, DB } from '../db/schema.ts';
import { grantInTransaction, takeBackInTransaction } from '../credits/ledger.ts';
import { AppError } from '../http/errors.ts';
import { packById, planByKey, pricing } from '../plans/catalogue.ts';
import type { BillingCycle } from '../plans/catalogue.ts';
import { addMonths, currentSubscription } from '../plans/subscriptions.ts';
import { checkoutRefusal, closeOpenCheckouts, expireAtProvider } from './open-checkout.ts';
import type { CheckoutContext } from './open-checkout.ts';
import type { CheckoutEvent, PaymentEvent } from './provider.ts';
import { recordReceipt } from './receipts.ts';
import { applyDeferredEvents, applySubscriptionEvent, lockProviderSubscription, lockSubscription } from './subscription-state.ts';

/**
 * Payment events: what the provider's webhook and the local checkout's Pay button report (a checkout paid, pending or
 * failed; news about a subscription), applied once each, in one transaction with the event's id.
 */

export interface AppliedEvent {
  /**
   * As the webhook answers it. 'refused': the checkout may no longer be paid (closed, or the plan it buys is
   * already in force); nothing was granted and the session is closed. A provider that took money for it must end
   * the subscription it created. 'deferred': the event names a subscription no checkout has linked yet; it is
   * kept and applied when the checkout's completion arrives. 'stale': an event older than the state the
   * subscription already holds, which it therefore does not change.
   */
  outcome: PaymentEventOutcome;
  /** Why a checkout was refused, for the person paying. */
  refusal?: AppError;
  /** Sessions the payment made stale, to expire at the provider. */
  closed?: CheckoutSession[];
}

/**
 * The one path by which money changes a subscription: the local checkout's Pay button and the
 * Stripe webhook both end here. The event id is recorded in the same transaction as its effects,
 * so an event delivered twice (or two deliveries racing) is applied exactly once.
 */
export async function applyPaymentEvent(ctx: CheckoutContext, event: PaymentEvent): Promise<AppliedEvent> {
  const now = ctx.now();
  let applied: AppliedEvent;
  try {
    applied = await ctx.db.transaction().execute(async (trx): Promise<AppliedEvent> => {
      await trx.insertInto('payment_events').values({ id: event.id, provider: ctx.payments.name, type: event.type, received_at: now.toISOString() }).execute();

      switch (event.type) {
        case 'checkout.pending':
        case 'checkout.failed':
          return { outcome: await applyDelayedPayment(ctx, trx, event, now) };
        case 'checkout.completed': {
          if (event.providerSubscriptionId) await lockProviderSubscription(ctx, trx, event.providerSubscriptionId);
          const found = await trx.selectFrom('checkout_sessions').select(['user_id']).where('id', '=', event.sessionId).executeTakeFirst();
          if (!found) return { outcome: 'ignored' };
          await recordCustomer(ctx, trx, event.customerRef, found.user_id, now);
          await lockSubscription(ctx, trx, found.user_id);
          // Guarded state change: only an open session (or one whose delayed payment was on its way) can
          // become paid, whatever the event id.
          const markPaid = (from: 'open' | 'pending' | 'canceled') =>
            trx
              .updateTable('checkout_sessions')
              .set({ status: 'paid', completed_at: now.toISOString() })
              .where('id', '=', event.sessionId)
              .where('status', '=', from)
              .returningAll()
              .executeTakeFirst();
          let session = (await markPaid('open')) ?? (await markPaid('pending'));
          if (!session) {
            const state = await trx
              .selectFrom('checkout_sessions')
              .select(['status', 'kind', 'provider'])
              .where('id', '=', event.sessionId)
              .executeTakeFirstOrThrow();
            if (state.status === 'paid') return { outcome: 'ignored' };
            // A pack checkout a newer one replaced was still paid at a hosted provider (its expiry
            // failed or crossed the payment): the money is taken, and a pack changes no plan, so
            // the pack is granted rather than kept without credits. The local checkout refuses
            // before any payment, so a closed one there stays refused.
            if (state.kind === 'pack' && state.status === 'canceled' && state.provider !== 'local') session = await markPaid('canceled');
            if (!session) {
              return { outcome: 'refused', refusal: new AppError(409, 'SESSION_CLOSED', `This checkout is ${state.status} and can no longer be paid`) };
            }
          }
          if (session.kind === 'pack') {
            // A one-time top-up: credits once (the key is the session's), no change to the plan.
            const pack = session.pack ? packById(session.pack) : null;
            if (!pack) return { outcome: 'ignored' };
            await grantInTransaction(trx, ctx, {
              userId: session.user_id,
              amount: pack.credits,
              idempotencyKey: `checkout:${session.id}`,
              source: 'pack',
              reason: `${pack.credits} credits pack`,
              metadata: { pack: pack.id, sessionId: session.id },
            });
            await trx.updateTable('checkout_sessions').set({ credits_granted: pack.credits }).where('id', '=', session.id).execute();
            await recordReceipt(trx, ctx, {
              userId: session.user_id,
              kind: 'pack',
              plan: null,
              billingCycle: null,
              pack: pack.id,
              amountCents: session.amount_cents,
              listPriceCents: pack.price * 100,
              credits: pack.credits,
              provider: session.provider,
              reference: session.id,
            });
            return { outcome: 'applied' };
          }
          const plan = session.plan as PlanKey;
          const cycle = session.billing_cycle as BillingCycle;
          const current = await currentSubscription({ ...ctx, db: trx }, session.user_id);
          const refusal = checkoutRefusal(current, plan, cycle, event.providerSubscriptionId);
          if (refusal) {
            await trx.updateTable('checkout_sessions').set({ status: 'canceled', completed_at: null }).where('id', '=', session.id).execute();
            return { outcome: 'refused', refusal };
          }
          const { credits, months, amountCents: listCents } = pricing(plan, cycle);
          await trx
            .updateTable('subscriptions')
            .set({
              plan,
              status: 'active',
              billing_cycle: session.billing_cycle,
              current_period_end: addMonths(now, months).toISOString(),
              period_credits: credits,
              period_cents: listCents,
              provider: ctx.payments.name,
              provider_ref: event.providerSubscriptionId,
              // A move up supersedes a move down that was waiting for the end of the old period.
              scheduled_plan: null,
              scheduled_cycle: null,
              provider_schedule_ref: null,
              provider_event_at: (event.occurredAt ?? now).toISOString(),
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
            metadata: { plan, billingCycle: session.billing_cycle, sessionId: session.id },
          });
          // A move up: the old period's unused part was taken off the price, and its credits go back with it.
          const takenBack = await takeBackInTransaction(trx, ctx, {
            userId: session.user_id,
            amount: session.returns_credits ?? 0,
            idempotencyKey: `change-return:${session.id}`,
            source: 'plan-change',
            reason: 'Unused credits of the previous plan, whose unused money counted toward the new one',
            metadata: { plan: current.plan, billingCycle: current.billing_cycle, sessionId: session.id, owed: session.returns_credits },
          });
          await trx.updateTable('checkout_sessions').set({ credits_granted: credits }).where('id', '=', session.id).execute();
          await recordReceipt(trx, ctx, {
            userId: session.user_id,
            kind: 'plan',
            plan,
            billingCycle: cycle,
            pack: null,
            amountCents: session.amount_cents,
            listPriceCents: pricing(plan, cycle).amountCents,
            credits,
            // What the ledger row removed, not what the session asked for: the balance may not have covered it all.
            creditsTakenBack: takenBack ? -takenBack.amount : 0,
            provider: session.provider,
            reference: session.id,
          });
          const closed = await closeOpenCheckouts(ctx, session.user_id, session.id, 'plan', trx);
          // What the provider reported about this subscription before its checkout's completion arrived.
          if (event.providerSubscriptionId) await applyDeferredEvents(ctx, trx, event.providerSubscriptionId, now);
          return { outcome: 'applied', closed };
        }
        case 'subscription.renewed':
        case 'subscription.changed':
        case 'subscription.updated':
        case 'subscription.ended':
        case 'subscription.payment_failed':
          return { outcome: await applySubscriptionEvent(ctx, trx, event, now, 'defer') };
        case 'ignored':
          return { outcome: 'ignored' };
      }
    });
  } catch (error) {
    if (isUniqueViolation(error)) return { outcome: 'duplicate' };
    throw error;
  }
  if (applied.closed?.length) await expireAtProvider(ctx, applied.closed);
  return applied;
}

/**
 * The customer the provider made for a checkout is the person's, paid, pending or refused here, so that deleting the
 * account deletes it at the provider too.
 */
async function recordCustomer(ctx: CheckoutContext, trx: Transaction<DB>, customerRef: string | null | undefined, userId: string, now: Date) {
  if (!customerRef) return;
  await trx
    .insertInto('payment_customers')
    .values({ customer_ref: customerRef, user_id: userId, provider: ctx.payments.name, created_at: now.toISOString() })
    .onConflict((oc) => oc.column('customer_ref').doNothing())
    .execute();
}

/**
 * A checkout paid with a delayed method (a bank debit): done, with the money on its way (`pending`,
 * shown as such; its subscription's events are kept until the money arrives, see the sweep), or
 * that money failed (`failed`: nothing is granted, and the success page says so). The payment
 * itself arrives as `checkout.completed` and grants through the usual path, once.
 */
async function applyDelayedPayment(
  ctx: CheckoutContext,
  trx: Transaction<DB>,
  event: CheckoutEvent & { type: 'checkout.pending' | 'checkout.failed' },
  now: Date,
): Promise<PaymentEventOutcome> {
  const found = await trx.selectFrom('checkout_sessions').select(['user_id']).where('id', '=', event.sessionId).executeTakeFirst();
  if (!found) return 'ignored';
  await recordCustomer(ctx, trx, event.customerRef, found.user_id, now);
  const moved =
    event.type === 'checkout.pending'
      ? await trx
          .updateTable('checkout_sessions')
          .set({ status: 'pending', provider_subscription: event.providerSubscriptionId })
          .where('id', '=', event.sessionId)
          .where('status', '=', 'open')
          .executeTakeFirst()
      : await trx
          .updateTable('checkout_sessions')
          .set({ status: 'failed', completed_at: now.toISOString() })
          .where('id', '=', event.sessionId)
          .where('status', 'in', ['open', 'pending'])
          .executeTakeFirst();
  return Number(moved.numUpdatedRows) > 0 ? 'applied' : 'ignored';
}
