import type { PaymentEventOutcome } from '@reelmint/contract/billing-api';
import type { PlanKey } from '@reelmint/contract/plans';
import { sql } from 'kysely';
import type { Transaction } from 'kysely';
import type { CoreContext } from '../context.ts';
import type { DB } from '../db/schema.ts';
import { grantInTransaction, takeBackInTransaction } from '../credits/ledger.ts';
import { AppError } from '../http/errors.ts';
import { planByKey, pricing } from '../plans/catalogue.ts';
import type { BillingCycle } from '../plans/catalogue.ts';
import { BACK_TO_FREE, currentSubscription, planOf } from '../plans/subscriptions.ts';
import type { CheckoutContext } from './open-checkout.ts';
import { changeReturn, periodTerms } from './proration.ts';
import type { SubscriptionEvent } from './provider.ts';
import { recordReceipt } from './receipts.ts';

/**
 * The subscription's state machine: how a provider's news about a subscription (renewed, changed, updated, payment
 * failed, ended) and the person's cancellation move its row, in event-time order, with news about a subscription no
 * checkout has linked yet kept until one does (api/README "Webhooks delivered late, twice or out of order").
 */

/** Serialises payments of one person on PostgreSQL (SQLite runs one write transaction at a time). */
export async function lockSubscription(ctx: CoreContext, trx: Transaction<DB>, userId: string): Promise<void> {
  if (ctx.dialect !== 'postgres') return;
  await trx.selectFrom('subscriptions').select('user_id').where('user_id', '=', userId).forUpdate().execute();
}

/**
 * Serialises, on PostgreSQL, the events of one provider subscription with the checkout that links
 * it: an event that finds no subscription and is deferred, and the checkout that would replay it,
 * cannot pass each other unseen (SQLite writes one transaction at a time).
 */
export async function lockProviderSubscription(ctx: CoreContext, trx: Transaction<DB>, providerSubscriptionId: string): Promise<void> {
  if (ctx.dialect !== 'postgres') return;
  await sql`select pg_advisory_xact_lock(hashtextextended(${`reelmint:provider-subscription:${providerSubscriptionId}`}, 0))`.execute(trx);
}

/**
 * Applies an event about one provider subscription. Providers deliver late, twice and out of
 * order, so the event's own time decides: one older than the state the row holds changes no state
 * (money it reports is still granted, once, by its invoice's key), and the end of a subscription
 * is final whenever it is reported. An event for a subscription not linked to anyone yet (its
 * checkout's completion is still on its way) is kept, with `defer`, and replayed by that checkout.
 */
export async function applySubscriptionEvent(
  ctx: CheckoutContext,
  trx: Transaction<DB>,
  event: SubscriptionEvent,
  now: Date,
  unknown: 'defer' | 'ignore',
): Promise<PaymentEventOutcome> {
  await lockProviderSubscription(ctx, trx, event.providerSubscriptionId);
  const at = event.occurredAt ?? now;
  const subscription = await trx.selectFrom('subscriptions').selectAll().where('provider_ref', '=', event.providerSubscriptionId).executeTakeFirst();
  if (!subscription) {
    if (unknown === 'ignore') return 'ignored';
    await trx
      .insertInto('deferred_payment_events')
      .values({
        id: event.id,
        provider_subscription_id: event.providerSubscriptionId,
        occurred_at: at.toISOString(),
        event: JSON.stringify(event),
        received_at: now.toISOString(),
      })
      .execute();
    return 'deferred';
  }
  await lockSubscription(ctx, trx, subscription.user_id);
  const stale = subscription.provider_event_at !== null && at.getTime() < Date.parse(subscription.provider_event_at);
  const stamp = { provider_event_at: at.toISOString(), updated_at: now.toISOString() };
  const noSchedule = { scheduled_plan: null, scheduled_cycle: null, provider_schedule_ref: null };
  const userId = subscription.user_id;

  const end = async (): Promise<PaymentEventOutcome> => {
    await trx
      .updateTable('subscriptions')
      // The provider's subscription ended with it: nothing of it is kept.
      .set({ ...BACK_TO_FREE, provider_ref: null, ...stamp })
      .where('user_id', '=', userId)
      .execute();
    return 'applied';
  };

  switch (event.type) {
    case 'subscription.ended':
      return end();
    case 'subscription.payment_failed': {
      // A renewal (or a change) the provider could not charge: paid features pause until it is paid,
      // which arrives as the invoice's payment (a renewal) and lifts the pause. An older failure,
      // delivered after a newer success, changes nothing.
      if (stale) return 'stale';
      await trx
        .updateTable('subscriptions')
        .set({ status: 'past_due', ...stamp })
        .where('user_id', '=', userId)
        .execute();
      return 'applied';
    }
    case 'subscription.updated': {
      if (stale) return 'stale';
      if (event.status === 'canceled' || event.status === 'incomplete_expired') return end();
      const plan = event.plan ?? (subscription.plan as PlanKey);
      const cycle = event.billingCycle ?? subscription.billing_cycle;
      // A waiting change that is now the subscription's price has happened; cancelling drops one.
      const changeDone = subscription.scheduled_plan === plan && subscription.scheduled_cycle === cycle;
      // The paid period moves on only with a payment (renewed, changed): the provider starts its next
      // period before it is paid, and a renewal that then fails must not have extended it.
      const recorded = subscription.current_period_end ? Date.parse(subscription.current_period_end) : null;
      const periodEnd =
        event.periodEnd && (recorded === null || event.periodEnd.getTime() < recorded) ? event.periodEnd.toISOString() : subscription.current_period_end;
      await trx
        .updateTable('subscriptions')
        .set({
          plan,
          billing_cycle: cycle,
          status: event.paymentDue ? (event.status === 'unpaid' ? 'unpaid' : 'past_due') : event.cancelAtPeriodEnd ? 'canceled' : 'active',
          current_period_end: periodEnd,
          ...(changeDone || event.cancelAtPeriodEnd ? noSchedule : {}),
          ...stamp,
        })
        .where('user_id', '=', userId)
        .execute();
      return 'applied';
    }
    case 'subscription.renewed': {
      if (subscription.plan === 'free') return 'ignored';
      // A move down scheduled for this renewal: the provider's schedule billed the new price.
      const scheduled = subscription.scheduled_plan && subscription.provider_schedule_ref;
      const plan = (scheduled ? subscription.scheduled_plan : subscription.plan) as PlanKey;
      const cycle = ((scheduled ? subscription.scheduled_cycle : subscription.billing_cycle) ?? 'monthly') as BillingCycle;
      const { credits } = pricing(plan, cycle);
      // A paid period later than the one recorded is the truth whenever it is reported (a late
      // renewal after a cancellation still paid for that period); the status only moves on newer news.
      const laterPeriod = !subscription.current_period_end || event.periodEnd.getTime() > Date.parse(subscription.current_period_end);
      if (laterPeriod) {
        await trx
          .updateTable('subscriptions')
          .set({
            plan,
            billing_cycle: cycle,
            current_period_end: event.periodEnd.toISOString(),
            period_credits: credits,
            period_cents: pricing(plan, cycle).amountCents,
            ...noSchedule,
            ...(stale ? {} : { status: 'active', ...stamp }),
          })
          .where('user_id', '=', userId)
          .execute();
      }
      await grantInTransaction(trx, ctx, {
        userId,
        amount: credits,
        idempotencyKey: `invoice:${event.invoiceId}`,
        source: 'subscription',
        reason: `${planByKey(plan).name} plan renewal`,
        metadata: { plan, billingCycle: cycle, invoiceId: event.invoiceId },
      });
      await recordReceipt(trx, ctx, {
        userId,
        kind: 'renewal',
        plan,
        billingCycle: cycle,
        pack: null,
        amountCents: event.amountCents,
        listPriceCents: pricing(plan, cycle).amountCents,
        credits,
        provider: ctx.payments.name,
        reference: event.invoiceId,
      });
      return 'applied';
    }
    case 'subscription.changed': {
      const { credits, amountCents: listCents } = pricing(event.plan, event.billingCycle);
      // The provider credited the old price's unused part: its credits go back (api/README "Plan changes").
      const returns = changeReturn(subscription, event.creditedCents ?? null, at);
      const previous = { plan: subscription.plan, billingCycle: subscription.billing_cycle, terms: periodTerms(subscription) };
      if (!stale) {
        await trx
          .updateTable('subscriptions')
          .set({
            plan: event.plan,
            billing_cycle: event.billingCycle,
            status: 'active',
            current_period_end: event.periodEnd.toISOString(),
            period_credits: credits,
            period_cents: listCents,
            ...noSchedule,
            ...stamp,
          })
          .where('user_id', '=', userId)
          .execute();
      }
      // The new period starts now, as with a move up through a checkout: its credits with it.
      await grantInTransaction(trx, ctx, {
        userId,
        amount: credits,
        idempotencyKey: `invoice:${event.invoiceId}`,
        source: 'subscription',
        reason: `${planByKey(event.plan).name} plan, ${event.billingCycle}`,
        metadata: { plan: event.plan, billingCycle: event.billingCycle, changeInvoiceId: event.invoiceId },
      });
      const takenBack = previous.terms
        ? await takeBackInTransaction(trx, ctx, {
            userId,
            amount: returns,
            idempotencyKey: `change-return:${event.invoiceId}`,
            source: 'plan-change',
            reason: 'Unused credits of the previous plan, whose unused money the provider credited',
            metadata: { plan: previous.plan, billingCycle: previous.billingCycle, changeInvoiceId: event.invoiceId, owed: returns },
          })
        : null;
      await recordReceipt(trx, ctx, {
        userId,
        kind: 'change',
        plan: event.plan,
        billingCycle: event.billingCycle,
        pack: null,
        amountCents: event.amountCents,
        listPriceCents: pricing(event.plan, event.billingCycle).amountCents,
        credits,
        // What the ledger row removed, which the balance may have cut short of `returns`.
        creditsTakenBack: takenBack ? -takenBack.amount : 0,
        provider: ctx.payments.name,
        reference: event.invoiceId,
      });
      return 'applied';
    }
  }
}

/** Replays, oldest first, what was deferred about a subscription a checkout has just linked, then forgets it. */
export async function applyDeferredEvents(ctx: CheckoutContext, trx: Transaction<DB>, providerSubscriptionId: string, now: Date): Promise<void> {
  const rows = await trx
    .selectFrom('deferred_payment_events')
    .selectAll()
    .where('provider_subscription_id', '=', providerSubscriptionId)
    .orderBy('occurred_at')
    .orderBy('received_at')
    .execute();
  for (const row of rows) await applySubscriptionEvent(ctx, trx, reviveEvent(JSON.parse(row.event) as Record<string, unknown>), now, 'ignore');
  if (rows.length) await trx.deleteFrom('deferred_payment_events').where('provider_subscription_id', '=', providerSubscriptionId).execute();
}

/** A deferred event read back from JSON: its dates were written as ISO strings. */
export function reviveEvent(stored: Record<string, unknown>): SubscriptionEvent {
  const revived: Record<string, unknown> = { ...stored };
  for (const key of ['occurredAt', 'periodEnd']) {
    if (typeof stored[key] === 'string') revived[key] = new Date(stored[key]);
  }
  // Written by applySubscriptionEvent from a SubscriptionEvent; only its dates needed reviving.
  return revived as unknown as SubscriptionEvent;
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
    // Cancelling wins over a change waiting for the same moment: nothing follows the period.
    if (current.provider_schedule_ref && ctx.payments.releaseSchedule) {
      try {
        await ctx.payments.releaseSchedule(current.provider_schedule_ref);
      } catch {
        throw new AppError(502, 'CANCELLATION_FAILED', 'Failed to cancel subscription');
      }
      // Forgotten once released: the provider refuses a second release, so if the cancellation
      // below fails, a retry must not start by releasing it again.
      await ctx.db
        .updateTable('subscriptions')
        .set({ scheduled_plan: null, scheduled_cycle: null, provider_schedule_ref: null, updated_at: ctx.now().toISOString() })
        .where('user_id', '=', userId)
        .execute();
    }
    if (current.provider_ref && ctx.payments.cancelAtPeriodEnd) {
      try {
        await ctx.payments.cancelAtPeriodEnd(current.provider_ref);
      } catch {
        throw new AppError(502, 'CANCELLATION_FAILED', 'Failed to cancel subscription');
      }
    }
    await ctx.db
      .updateTable('subscriptions')
      // Stamped with now, so a provider event from before the cancellation, delivered late, cannot undo it.
      .set({
        status: 'canceled',
        scheduled_plan: null,
        scheduled_cycle: null,
        provider_schedule_ref: null,
        provider_event_at: ctx.now().toISOString(),
        updated_at: ctx.now().toISOString(),
      })
      .where('user_id', '=', userId)
      .execute();
  }
  return current.current_period_end;
}

/**
 * Undoes a cancellation while its period lasts: the plan renews again as before, at the provider too. A plan that is
 * not cancelled, or whose period has ended (it is then the free plan), has nothing to undo.
 */
export async function resumeSubscription(ctx: CheckoutContext, userId: string): Promise<void> {
  const current = await currentSubscription(ctx, userId);
  if (planOf(current) === 'free' || current.status !== 'canceled') {
    throw new AppError(409, 'NOT_CANCELED', 'Your plan is not cancelled, so there is nothing to undo');
  }
  if (current.provider_ref && ctx.payments.renewAgain) {
    try {
      await ctx.payments.renewAgain(current.provider_ref);
    } catch {
      throw new AppError(502, 'RESUME_FAILED', 'Failed to undo the cancellation');
    }
  }
  await ctx.db
    .updateTable('subscriptions')
    // Stamped with now, as a cancellation is: a provider event from before this, delivered late, cannot undo it.
    .set({ status: 'active', provider_event_at: ctx.now().toISOString(), updated_at: ctx.now().toISOString() })
    .where('user_id', '=', userId)
    .where('status', '=', 'canceled')
    .execute();
}
