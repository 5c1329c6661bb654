import { PLAN_FEATURES, PLAN_KEYS, PLAN_NAMES } from '@reelmint/contract/plans';
import type { SubscriptionReply } from '@reelmint/contract/plan-api';
import type { PlanKey, SubscriptionStatusValue } from '@reelmint/contract/plans';
import type { Transaction } from 'kysely';
import type { CoreContext } from '../context.ts';
import { grantInTransaction } from '../credits/ledger.ts';
import { isUniqueViolation } from '../db/database.ts';
import type { DB, Subscription } from '../db/schema.ts';
import { recordReceipt } from '../payments/receipts.ts';
import { planRank, pricing } from './catalogue.ts';
import type { BillingCycle } from './catalogue.ts';

/** A subscription row back on Free: no paid period, cycle, period terms or waiting change. */
export const BACK_TO_FREE = {
  plan: 'free',
  status: 'active',
  billing_cycle: null,
  current_period_end: null,
  period_credits: null,
  period_cents: null,
  scheduled_plan: null,
  scheduled_cycle: null,
  provider_schedule_ref: null,
} as const;

const isPlanKey = (value: string): value is PlanKey => (PLAN_KEYS as readonly string[]).includes(value);

/**
 * A subscription at a provider whose period has ended stays in force this long while its renewal
 * is on its way: Stripe pays a renewal invoice about an hour after the period ends, and retries a
 * failed payment for days before it ends the subscription (which arrives as a webhook).
 */
export const PROVIDER_RENEWAL_GRACE_MS = 3 * 24 * 60 * 60 * 1000;

/**
 * The subscription in force now. A paid period that has ended is settled here, lazily: with the
 * local provider (no renewals) a move down scheduled for that moment starts its first period, and
 * otherwise the plan falls back to free. Provider subscriptions are renewed, changed and ended by
 * their webhooks; they fall back only once the renewal is overdue past the grace above.
 */
export async function currentSubscription(ctx: CoreContext, userId: string, settled = 0): Promise<Subscription> {
  const row = await ctx.db.selectFrom('subscriptions').selectAll().where('user_id', '=', userId).executeTakeFirst();
  const now = ctx.now();
  if (!row) return freeRow(userId, now.toISOString());
  if (row.plan === 'free' || row.current_period_end === null) return row;
  const end = Date.parse(row.current_period_end);
  if (row.provider_ref) {
    // A renewal the provider could not charge keeps the plan (paused) while the provider retries; its
    // payment resumes it, and an end arrives as the provider's own event.
    if (isPaymentDue(row) || end + PROVIDER_RENEWAL_GRACE_MS > now.getTime()) return row;
  } else if (end > now.getTime()) {
    return row;
  }
  const scheduled = row.scheduled_plan && isPlanKey(row.scheduled_plan) && row.status === 'active' && !row.provider_ref ? row.scheduled_plan : null;
  if (scheduled && settled < 3) {
    await startScheduledPeriod(ctx, row, scheduled, (row.scheduled_cycle ?? 'monthly') as BillingCycle);
    // Read again whoever started it (a request settling it at the same moment may have won), and
    // settle the new period too if it has ended as well.
    return currentSubscription(ctx, userId, settled + 1);
  }
  await ctx.db
    .updateTable('subscriptions')
    .set({ ...BACK_TO_FREE, updated_at: now.toISOString() })
    .where('user_id', '=', userId)
    .where('current_period_end', '=', row.current_period_end)
    .execute();
  return freeRow(userId, now.toISOString());
}

/**
 * The local provider's scheduled move down: the new plan's period starts where the old one ended,
 * with its credits. The local provider takes no money (it is a test provider), so this stands for
 * the renewal a real provider would charge. Guarded on the old period end, and the grant's key is
 * unique, so two requests settling it at once start it once.
 */
async function startScheduledPeriod(ctx: CoreContext, row: Subscription, plan: PlanKey, cycle: BillingCycle): Promise<void> {
  const previousEnd = row.current_period_end as string;
  const { credits, months, amountCents } = pricing(plan, cycle);
  const periodEnd = addMonths(new Date(previousEnd), months).toISOString();
  const settle = async (trx: Transaction<DB>): Promise<void> => {
    const moved = await trx
      .updateTable('subscriptions')
      .set({
        plan,
        billing_cycle: cycle,
        current_period_end: periodEnd,
        period_credits: credits,
        period_cents: amountCents,
        scheduled_plan: null,
        scheduled_cycle: null,
        provider_schedule_ref: null,
        updated_at: ctx.now().toISOString(),
      })
      .where('user_id', '=', row.user_id)
      .where('current_period_end', '=', previousEnd)
      .where('scheduled_plan', '=', plan)
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) === 0) return;
    await grantInTransaction(trx, ctx, {
      userId: row.user_id,
      amount: credits,
      idempotencyKey: `scheduled:${row.user_id}:${previousEnd}`,
      source: 'subscription',
      reason: `${PLAN_NAMES[plan]} plan, ${cycle}, from the scheduled change`,
      metadata: { plan, billingCycle: cycle, periodStart: previousEnd },
    });
    // The test provider moves no money; the receipt says so (provider 'local'), at the list price.
    await recordReceipt(trx, ctx, {
      userId: row.user_id,
      kind: 'renewal',
      plan,
      billingCycle: cycle,
      pack: null,
      amountCents: pricing(plan, cycle).amountCents,
      listPriceCents: pricing(plan, cycle).amountCents,
      credits,
      provider: 'local',
      reference: `scheduled:${row.user_id}:${previousEnd}`,
    });
  };
  try {
    await (ctx.db.isTransaction ? settle(ctx.db as Transaction<DB>) : ctx.db.transaction().execute(settle));
  } catch (error) {
    // Another request settled the same period first.
    if (!isUniqueViolation(error)) throw error;
  }
}

function freeRow(userId: string, now: string): Subscription {
  return {
    user_id: userId,
    plan: 'free',
    status: 'active',
    billing_cycle: null,
    current_period_end: null,
    provider: null,
    provider_ref: null,
    scheduled_plan: null,
    scheduled_cycle: null,
    provider_schedule_ref: null,
    provider_event_at: null,
    period_credits: null,
    period_cents: null,
    updated_at: now,
  };
}

export function planOf(row: Subscription): PlanKey {
  return isPlanKey(row.plan) ? row.plan : 'free';
}

/** A renewal is due and unpaid (api/README "Failed renewals"): the plan is kept, its paid features pause. */
export const isPaymentDue = (row: Subscription): boolean => row.status === 'past_due' || row.status === 'unpaid';

/** The plan whose features a person has now: theirs, or Free's while a payment is due. */
export function entitledPlan(row: Subscription): PlanKey {
  return isPaymentDue(row) ? 'free' : planOf(row);
}

export function toStatus(row: Subscription): SubscriptionReply {
  const plan = planOf(row);
  const scheduled = row.scheduled_plan && isPlanKey(row.scheduled_plan) && row.current_period_end ? row.scheduled_plan : null;
  return {
    plan,
    status: row.status as SubscriptionStatusValue,
    features: PLAN_FEATURES[entitledPlan(row)],
    expiresAt: row.current_period_end,
    billingCycle: plan === 'free' ? null : ((row.billing_cycle ?? 'monthly') as BillingCycle),
    scheduledChange: scheduled
      ? { plan: scheduled, billingCycle: (row.scheduled_cycle ?? 'monthly') as BillingCycle, effectiveDate: row.current_period_end as string }
      : null,
  };
}

/**
 * Which way a change goes. Up: a dearer plan, or the same plan from monthly to yearly (paid now,
 * what is left of the current period counted). Down: a cheaper plan, or yearly to monthly (at
 * the end of the paid period, when the person has had what they paid for).
 */
export type ChangeDirection = 'up' | 'down' | 'same';

export function changeDirection(current: Subscription, plan: PlanKey, cycle: BillingCycle): ChangeDirection {
  const currentPlan = planOf(current);
  if (currentPlan === 'free') return 'up';
  if (planRank(plan) !== planRank(currentPlan)) return planRank(plan) > planRank(currentPlan) ? 'up' : 'down';
  if (current.billing_cycle === cycle) return 'same';
  return cycle === 'yearly' ? 'up' : 'down';
}

export async function createFreeSubscription(trx: Transaction<DB>, userId: string, now: string): Promise<void> {
  await trx.insertInto('subscriptions').values(freeRow(userId, now)).execute();
}

/** Adds `months` to a date, clamping to the month's last day (Jan 31 + 1 month = Feb 28/29). */
export function addMonths(from: Date, months: number): Date {
  const result = new Date(from.getTime());
  const day = result.getUTCDate();
  result.setUTCDate(1);
  result.setUTCMonth(result.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0)).getUTCDate();
  result.setUTCDate(Math.min(day, lastDay));
  return result;
}
