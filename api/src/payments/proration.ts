import type { PlanKey } from '@reelmint/contract/plans';
import type { Subscription } from '../db/schema.ts';
import { pricing } from '../plans/catalogue.ts';
import type { BillingCycle } from '../plans/catalogue.ts';
import { addMonths, changeDirection, planOf } from '../plans/subscriptions.ts';

/**
 * The one rule for moving up mid-period (api/README "Plan changes"): the unused part of the paid
 * period counts toward the new plan twice over, in money and in credits. What that part cost comes
 * off the new price, and the credits it granted go back, in the same share. So a plan bought in
 * steps never holds more credits for the money than the same plan bought at once.
 */

/** What the paid period in force granted and what it was priced at (the price a provider prorates). */
export function periodTerms(current: Subscription): { credits: number; cents: number; months: number } | null {
  const plan = planOf(current);
  if (plan === 'free' || !current.billing_cycle) return null;
  const listed = pricing(plan, current.billing_cycle as BillingCycle);
  return { credits: current.period_credits ?? listed.credits, cents: current.period_cents ?? listed.amountCents, months: listed.months };
}

/**
 * The credits that go back with `cents` of a period's money: the same share of what the period
 * granted, rounded up, so the money is never counted without all of its credits.
 */
export function creditsOfMoney(terms: { credits: number; cents: number }, cents: number): number {
  if (cents <= 0 || terms.cents <= 0) return 0;
  return Math.min(terms.credits, Math.ceil((terms.credits * cents) / terms.cents));
}

/** The unused share of the current paid period at `at`, by time: 1 just after paying, 0 at its end. */
export function unusedShare(current: Subscription, at: Date): number {
  const terms = periodTerms(current);
  if (!terms || !current.current_period_end) return 0;
  const end = Date.parse(current.current_period_end);
  const start = addMonths(new Date(end), -terms.months).getTime();
  return Math.min(1, Math.max(0, (end - at.getTime()) / (end - start)));
}

export interface Allowance {
  /** Taken off the new plan's price (never more than it). */
  cents: number;
  /** Taken back from the balance when the new plan is paid (never below zero). */
  credits: number;
}

/**
 * What a checkout that moves a person up (a dearer plan, or the same plan from monthly to yearly)
 * counts from the current period: its unused share of the money, rounded down and at most the new
 * price, and the credits of that money. Nothing for moves down or sideways, for the free plan, and
 * for a provider subscription (changed in place, where the provider prorates: see `changeReturn`).
 */
export function upgradeAllowance(current: Subscription, plan: PlanKey, cycle: BillingCycle, now: Date): Allowance {
  const terms = periodTerms(current);
  if (!terms || current.provider_ref || changeDirection(current, plan, cycle) !== 'up') return { cents: 0, credits: 0 };
  const unused = Math.floor(terms.cents * unusedShare(current, now));
  const cents = Math.min(unused, pricing(plan, cycle).amountCents);
  return { cents, credits: creditsOfMoney(terms, cents) };
}

/**
 * The credits to take back when a provider changed a subscription in place: those of the money it
 * credited for the unused part of the old price (`creditedCents`, read off its invoice), else,
 * when the invoice does not say, those of the unused share by time at the moment of the change.
 */
export function changeReturn(current: Subscription, creditedCents: number | null, at: Date): number {
  const terms = periodTerms(current);
  if (!terms) return 0;
  const cents = creditedCents ?? Math.floor(terms.cents * unusedShare(current, at));
  return creditsOfMoney(terms, cents);
}
