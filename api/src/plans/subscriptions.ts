import { PLAN_FEATURES, PLAN_KEYS } from '@reelmint/shared/plans';
import type { PlanKey, SubscriptionStatus, SubscriptionStatusValue } from '@reelmint/shared/plans';
import type { Transaction } from 'kysely';
import type { CoreContext } from '../context.ts';
import type { DB, Subscription } from '../db/schema.ts';

const isPlanKey = (value: string): value is PlanKey => (PLAN_KEYS as readonly string[]).includes(value);

/**
 * The subscription in force now. A paid period that has ended falls back to free here, lazily,
 * because the local provider has no renewals and Stripe renewals arrive as webhooks that extend
 * the period before it ends.
 */
export async function currentSubscription(ctx: CoreContext, userId: string): Promise<Subscription> {
  const row = await ctx.db.selectFrom('subscriptions').selectAll().where('user_id', '=', userId).executeTakeFirst();
  const now = ctx.now().toISOString();
  if (!row) return freeRow(userId, now);
  if (row.plan !== 'free' && row.current_period_end !== null && row.current_period_end <= now) {
    const reset = freeRow(userId, now);
    await ctx.db
      .updateTable('subscriptions')
      .set({ plan: 'free', status: 'active', billing_cycle: null, current_period_end: null, updated_at: now })
      .where('user_id', '=', userId)
      .where('current_period_end', '=', row.current_period_end)
      .execute();
    return reset;
  }
  return row;
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
    updated_at: now,
  };
}

export function planOf(row: Subscription): PlanKey {
  return isPlanKey(row.plan) ? row.plan : 'free';
}

export function toStatus(row: Subscription): SubscriptionStatus {
  const plan = planOf(row);
  return {
    plan,
    status: row.status as SubscriptionStatusValue,
    features: PLAN_FEATURES[plan],
    expiresAt: row.current_period_end,
  };
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
