import type { PlanKey } from '@reelmint/shared/plans';
import { AppError } from '../http/errors.ts';
import { planByKey, pricing } from '../plans/catalogue.ts';
import type { BillingCycle } from '../plans/catalogue.ts';
import { changeDirection, currentSubscription } from '../plans/subscriptions.ts';
import { applyPaymentEvent, providerFailure, startCheckout } from './checkout.ts';
import type { CheckoutCaller, CheckoutContext } from './checkout.ts';
import type { Subscription } from '../db/schema.ts';
import { PaymentProviderError } from './provider.ts';
import type { PriceTarget } from './provider.ts';

export function priceTarget(plan: PlanKey, cycle: BillingCycle): PriceTarget {
  return {
    plan,
    amountCents: pricing(plan, cycle).amountCents,
    currency: 'usd',
    interval: cycle === 'yearly' ? 'year' : 'month',
    productName: `Reelmint ${planByKey(plan).name}`,
  };
}

export type PlanChange =
  /** A checkout to pay (a first plan, or a move up with the local provider). */
  | { kind: 'checkout'; checkoutUrl: string; sessionId: string }
  /** Changed at once at the provider, prorated. */
  | { kind: 'changed' }
  /** Takes effect when the paid period ends. */
  | { kind: 'scheduled'; plan: PlanKey; billingCycle: BillingCycle; effectiveDate: string };

/**
 * The one way a person changes plan (api/README "Plan changes"): up now, down at the end of the
 * period, a live provider subscription changed in place (never a second one).
 */
export async function changePlan(
  ctx: CheckoutContext,
  userId: string,
  plan: PlanKey,
  cycle: BillingCycle,
  source: string,
  caller: CheckoutCaller,
): Promise<PlanChange> {
  const current = await currentSubscription(ctx, userId);
  const direction = changeDirection(current, plan, cycle);
  if (direction === 'same') throw new AppError(409, 'ALREADY_SUBSCRIBED', `You are already on the ${planByKey(plan).name} plan, billed ${cycle}`);

  if (direction === 'up') {
    if (!current.provider_ref) {
      const started = await startCheckout(ctx, userId, plan, cycle, source, caller);
      return { kind: 'checkout', checkoutUrl: started.checkoutUrl, sessionId: started.session.id };
    }
    const changeNow = ctx.payments.changeNow;
    if (!changeNow) throw new AppError(409, 'ALREADY_SUBSCRIBED', 'This subscription cannot be changed here');
    // The provider refuses to update a subscription a schedule manages: a waiting move down is
    // released first, and put back if the change itself does not happen.
    if (current.provider_schedule_ref) await dropSchedule(ctx, userId, current.provider_schedule_ref);
    let changed;
    try {
      changed = await changeNow.call(ctx.payments, current.provider_ref, priceTarget(plan, cycle));
    } catch (error) {
      // An outage may have swallowed the answer to a change the provider made and charged: look before saying
      // nothing happened. A change found is applied as if its answer had come.
      changed = await findLostChange(ctx, current.provider_ref, plan, cycle, error);
      if (!changed) {
        await restoreSchedule(ctx, current);
        throw changeFailure(error, 'UPGRADE_FAILED', 'Failed to change your plan; nothing was charged');
      }
    }
    await applyPaymentEvent(ctx, {
      id: `${ctx.payments.name}:change:${changed.invoiceId}`,
      type: 'subscription.changed',
      providerSubscriptionId: current.provider_ref,
      invoiceId: changed.invoiceId,
      amountCents: changed.amountCents,
      creditedCents: changed.creditedCents,
      plan,
      billingCycle: cycle,
      periodEnd: changed.periodEnd,
    });
    return { kind: 'changed' };
  }

  if (current.status === 'canceled' || !current.current_period_end) {
    throw new AppError(409, 'SUBSCRIPTION_CANCELED', 'Your plan is cancelled and ends with its period; choose a new plan once it has ended');
  }
  let scheduleRef: string | null = null;
  if (current.provider_ref) {
    const schedule = ctx.payments.scheduleChange;
    if (!schedule) throw new AppError(409, 'ALREADY_SUBSCRIBED', 'This subscription cannot be changed here');
    // A change already waiting is replaced, not stacked.
    if (current.provider_schedule_ref) await dropSchedule(ctx, userId, current.provider_schedule_ref);
    try {
      scheduleRef = await schedule.call(ctx.payments, current.provider_ref, priceTarget(plan, cycle));
    } catch (error) {
      await restoreSchedule(ctx, current);
      throw changeFailure(error, 'UPGRADE_FAILED', 'Failed to schedule the change; your plan is unchanged');
    }
  }
  await ctx.db
    .updateTable('subscriptions')
    .set({ scheduled_plan: plan, scheduled_cycle: cycle, provider_schedule_ref: scheduleRef, updated_at: ctx.now().toISOString() })
    .where('user_id', '=', userId)
    .execute();
  return { kind: 'scheduled', plan, billingCycle: cycle, effectiveDate: current.current_period_end };
}

/**
 * The change the provider made though its answer was lost, or null when it made none. Only an
 * outage can hide one (a refusal or a declined card answered). When even the look fails, the
 * person is told that the outcome is unknown, not that nothing was charged: the provider's own
 * event for the change's invoice applies it once, if it was made.
 */
async function findLostChange(ctx: CheckoutContext, subscriptionRef: string, plan: PlanKey, cycle: BillingCycle, error: unknown) {
  const find = ctx.payments.findChange;
  if (!find || !(error instanceof PaymentProviderError) || error.kind !== 'unavailable') return null;
  try {
    return await find.call(ctx.payments, subscriptionRef, priceTarget(plan, cycle));
  } catch {
    throw new AppError(
      502,
      'UPGRADE_FAILED',
      'The payment provider stopped answering during your plan change, so we cannot tell yet whether it went through. If it did, your plan and credits appear within minutes; nothing is charged twice.',
    );
  }
}

/** Drops a change waiting for the end of the period: the plan simply goes on. */
export async function cancelScheduledChange(ctx: CheckoutContext, userId: string): Promise<void> {
  const current = await currentSubscription(ctx, userId);
  if (!current.scheduled_plan) throw new AppError(409, 'NO_SCHEDULED_CHANGE', 'No plan change is scheduled');
  if (current.provider_schedule_ref) await releaseAtProvider(ctx, current.provider_schedule_ref, 'CANCELLATION_FAILED');
  await clearScheduledChange(ctx, userId);
}

export async function clearScheduledChange(ctx: CheckoutContext, userId: string): Promise<void> {
  await ctx.db
    .updateTable('subscriptions')
    .set({ scheduled_plan: null, scheduled_cycle: null, provider_schedule_ref: null, updated_at: ctx.now().toISOString() })
    .where('user_id', '=', userId)
    .execute();
}

/**
 * Releases the schedule of a waiting change and forgets the change at once, so that if what comes
 * next fails, the site does not expect at the renewal a change the provider no longer makes.
 */
async function dropSchedule(ctx: CheckoutContext, userId: string, scheduleRef: string): Promise<void> {
  await releaseAtProvider(ctx, scheduleRef, 'UPGRADE_FAILED');
  await clearScheduledChange(ctx, userId);
}

/**
 * Puts back at the provider the move down that was waiting before a change the provider then
 * refused or failed, so the person is left as they were. If even that fails, the waiting change
 * stays dropped (the row already says so) and the failure is the one the caller reports.
 */
async function restoreSchedule(ctx: CheckoutContext, before: Subscription): Promise<void> {
  const schedule = ctx.payments.scheduleChange;
  if (!before.provider_schedule_ref || !before.provider_ref || !before.scheduled_plan || !before.scheduled_cycle || !schedule) return;
  const plan = before.scheduled_plan as PlanKey;
  const cycle = before.scheduled_cycle as BillingCycle;
  let scheduleRef: string;
  try {
    scheduleRef = await schedule.call(ctx.payments, before.provider_ref, priceTarget(plan, cycle));
  } catch {
    return;
  }
  await ctx.db
    .updateTable('subscriptions')
    .set({ scheduled_plan: plan, scheduled_cycle: cycle, provider_schedule_ref: scheduleRef, updated_at: ctx.now().toISOString() })
    .where('user_id', '=', before.user_id)
    .execute();
}

/** Releases a provider schedule; when the provider refuses or cannot be reached nothing changes here either. */
export async function releaseAtProvider(ctx: CheckoutContext, scheduleRef: string, code: 'UPGRADE_FAILED' | 'CANCELLATION_FAILED'): Promise<void> {
  const release = ctx.payments.releaseSchedule;
  if (!release) return;
  try {
    await release.call(ctx.payments, scheduleRef);
  } catch (error) {
    throw changeFailure(error, code, 'The payment provider could not be reached; nothing changed');
  }
}

/**
 * A change the provider refused as asked (Stripe's invalid-request errors) is not a gateway failure:
 * 422 PLAN_CHANGE_REFUSED with its reason, which trying again unchanged will not mend. A declined
 * card is 402, a rate limit 503 PAYMENT_PROVIDER_BUSY, and only an outage is a 502.
 */
function changeFailure(error: unknown, code: 'UPGRADE_FAILED' | 'CANCELLATION_FAILED', message: string): AppError {
  return providerFailure(
    error,
    { code: 'PLAN_CHANGE_REFUSED', message: 'The payment provider refused this change, so your plan is unchanged' },
    { code, message },
  );
}
