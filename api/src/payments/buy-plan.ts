import type { PlanChangeReply } from '@reelmint/contract/plan-api';
import type { PlanKey } from '@reelmint/contract/plans';
import { AppError } from '../http/errors.ts';
import { planByKey, pricing } from '../plans/catalogue.ts';
import type { BillingCycle } from '../plans/catalogue.ts';
import { changeDirection, currentSubscription, toStatus } from '../plans/subscriptions.ts';
import { startCheckout } from './open-checkout.ts';
import type { CheckoutCaller, CheckoutContext } from './open-checkout.ts';
import { applyPaymentEvent } from './payment-events.ts';
import { changeFailure } from './provider-errors.ts';
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

/** A paid plan as asked for: which, how it is billed, and where on the site it was asked for. */
export interface PlanOrder {
  plan: PlanKey;
  cycle: BillingCycle;
  source: string;
}

/** A checkout to pay (a first plan, or a move up with the local provider). */
export interface CheckoutPurchase {
  kind: 'checkout';
  checkoutUrl: string;
  sessionId: string;
}

/** What buying a plan did. */
export type PlanPurchase =
  | CheckoutPurchase
  /** Changed at once at the provider, prorated. */
  | { kind: 'changed' }
  /** Takes effect when the paid period ends. */
  | { kind: 'scheduled'; plan: PlanKey; billingCycle: BillingCycle; effectiveDate: string };

/**
 * The one way a person buys a plan (api/README "Plan changes"): up now (a checkout, or a live provider subscription
 * changed in place, never a second one), down at the end of the period. `accepts` is what the caller can answer with:
 * any of the three (`POST /api/subscription/change`), or only a checkout (the spec's `POST /api/subscription/upgrade`
 * and `POST /api/payment/create-subscription-session`), for which a move down, the plan and cycle in force, or a live
 * provider subscription is refused (409) rather than carried out.
 */
export function buyPlan(ctx: CheckoutContext, userId: string, order: PlanOrder, caller: CheckoutCaller, accepts: 'checkout'): Promise<CheckoutPurchase>;
export function buyPlan(ctx: CheckoutContext, userId: string, order: PlanOrder, caller: CheckoutCaller, accepts?: 'any'): Promise<PlanPurchase>;
export async function buyPlan(
  ctx: CheckoutContext,
  userId: string,
  order: PlanOrder,
  caller: CheckoutCaller,
  accepts: 'any' | 'checkout' = 'any',
): Promise<PlanPurchase> {
  const current = await currentSubscription(ctx, userId);
  if (accepts === 'checkout') return checkout(ctx, current, order, caller);
  const { plan, cycle } = order;
  const direction = changeDirection(current, plan, cycle);
  if (direction === 'same') throw new AppError(409, 'ALREADY_SUBSCRIBED', `You are already on the ${planByKey(plan).name} plan, billed ${cycle}`);
  if (direction === 'down') return scheduleMoveDown(ctx, current, order);
  // A first plan, or a move up with a provider that keeps no subscription (the local one): a checkout for the difference.
  if (!current.provider_ref) return checkout(ctx, current, order, caller);
  return changeNow(ctx, current, current.provider_ref, order);
}

/** What buying did, with the subscription and balance it left (the answer of `POST /api/subscription/change`). */
export async function purchaseOutcome(ctx: CheckoutContext, userId: string, purchase: PlanPurchase): Promise<PlanChangeReply> {
  const [subscription, user] = await Promise.all([
    currentSubscription(ctx, userId),
    ctx.db.selectFrom('users').select('balance').where('id', '=', userId).executeTakeFirstOrThrow(),
  ]);
  return {
    kind: purchase.kind,
    checkoutUrl: purchase.kind === 'checkout' ? purchase.checkoutUrl : null,
    sessionId: purchase.kind === 'checkout' ? purchase.sessionId : null,
    subscription: toStatus(subscription),
    balance: Number(user.balance),
  };
}

async function checkout(ctx: CheckoutContext, current: Subscription, { plan, cycle, source }: PlanOrder, caller: CheckoutCaller): Promise<CheckoutPurchase> {
  const started = await startCheckout(ctx, current, plan, cycle, source, caller);
  return { kind: 'checkout', checkoutUrl: started.checkoutUrl, sessionId: started.session.id };
}

/** A move up of a live provider subscription: changed in place and charged now, prorated. */
async function changeNow(ctx: CheckoutContext, current: Subscription, subscriptionRef: string, { plan, cycle }: PlanOrder): Promise<PlanPurchase> {
  const change = ctx.payments.changeNow;
  if (!change) throw new AppError(409, 'ALREADY_SUBSCRIBED', 'This subscription cannot be changed here');
  // The provider refuses to update a subscription a schedule manages: a waiting move down is
  // released first, and put back if the change itself does not happen.
  if (current.provider_schedule_ref) await dropSchedule(ctx, current.user_id, current.provider_schedule_ref);
  let changed;
  try {
    changed = await change.call(ctx.payments, subscriptionRef, priceTarget(plan, cycle));
  } catch (error) {
    // An outage may have swallowed the answer to a change the provider made and charged: look before saying
    // nothing happened. A change found is applied as if its answer had come.
    changed = await findLostChange(ctx, subscriptionRef, plan, cycle, error);
    if (!changed) {
      await restoreSchedule(ctx, current);
      throw changeFailure(error, 'UPGRADE_FAILED', 'Failed to change your plan; nothing was charged');
    }
  }
  await applyPaymentEvent(ctx, {
    id: `${ctx.payments.name}:change:${changed.invoiceId}`,
    type: 'subscription.changed',
    providerSubscriptionId: subscriptionRef,
    invoiceId: changed.invoiceId,
    amountCents: changed.amountCents,
    creditedCents: changed.creditedCents,
    plan,
    billingCycle: cycle,
    periodEnd: changed.periodEnd,
  });
  return { kind: 'changed' };
}

/** A move down: nothing is charged now, and the new plan starts when the paid period ends (at the provider, by a schedule). */
async function scheduleMoveDown(ctx: CheckoutContext, current: Subscription, { plan, cycle }: PlanOrder): Promise<PlanPurchase> {
  const userId = current.user_id;
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
