import { randomUUID } from 'node:crypto';
import type { PlanKey } from '@reelmint/contract/plans';
import type { TokenSigner } from '../accounts/tokens.ts';
import type { CoreContext } from '../context.ts';
import type { CheckoutSession, Subscription } from '../db/schema.ts';
import { AppError } from '../http/errors.ts';
import { CREDIT_PACKS, packById, planByKey, pricing } from '../plans/catalogue.ts';
import type { BillingCycle } from '../plans/catalogue.ts';
import { changeDirection, currentSubscription, planOf } from '../plans/subscriptions.ts';
import { upgradeAllowance } from './proration.ts';
import type { PaymentProvider } from './provider.ts';
import { checkoutFailure } from './provider-errors.ts';

/**
 * Opening checkouts: a session row, then the provider's checkout page for it, for a plan or a credit pack. A person
 * has at most one open checkout of each kind; a newer one closes the older (api/README "Payments").
 */

export interface CheckoutContext extends CoreContext {
  payments: PaymentProvider;
  siteOrigin: string;
  tokens: Pick<TokenSigner, 'signCheckout'>;
}

export interface StartedCheckout {
  session: CheckoutSession;
  checkoutUrl: string;
}

/** Who asks for a checkout, and where: the API's own address (for a checkout page it serves) and the sign-in session the link is tied to. */
export interface CheckoutCaller {
  apiBase: string;
  /** The access token's jti: logging out of it ends the checkout link. */
  session: string;
}

/**
 * Opens a checkout session for a paid plan with the configured provider, for the person whose subscription in force is
 * `current`: refused when that plan and cycle are in force already, beside a live provider subscription, or for a move
 * down (which waits for the end of the paid period instead). A move up is priced less the old period's unused part.
 */
export async function startCheckout(
  ctx: CheckoutContext,
  current: Subscription,
  plan: PlanKey,
  cycle: BillingCycle,
  source: string | null,
  caller: CheckoutCaller,
): Promise<StartedCheckout> {
  if (plan === 'free') throw new AppError(400, 'INVALID_PLAN', 'The free plan needs no payment');
  const userId = current.user_id;
  const refusal = checkoutRefusal(current, plan, cycle, null);
  if (refusal) throw refusal;
  if (changeDirection(current, plan, cycle) === 'down') {
    // The person has paid for the current period: a cheaper plan starts when it ends, unpaid until then.
    throw new AppError(
      409,
      'CHANGE_AT_PERIOD_END',
      'A cheaper plan or billing cycle starts when your paid period ends: schedule it with /api/subscription/change',
    );
  }
  await closeOpenCheckouts(ctx, userId, null, 'plan');
  const allowance = upgradeAllowance(current, plan, cycle, ctx.now());
  return openSession(
    ctx,
    {
      userId,
      plan,
      cycle,
      amountCents: pricing(plan, cycle).amountCents - allowance.cents,
      source,
      kind: 'plan',
      pack: null,
      returnsCredits: allowance.credits,
    },
    planByKey(plan).name,
    caller,
  );
}

/**
 * Opens a checkout for a one-time credit pack. Packs top up a paid plan, so the person must have
 * one in force; a newer pack checkout replaces an older open one, and plan checkouts are left alone.
 */
export async function startPackCheckout(
  ctx: CheckoutContext,
  userId: string,
  packId: string,
  source: string | null,
  caller: CheckoutCaller,
): Promise<StartedCheckout> {
  const pack = packById(packId);
  if (!pack)
    throw new AppError(400, 'INVALID_PACK', `Unknown credit pack "${packId.slice(0, 40)}". Choose one of ${CREDIT_PACKS.map((p) => p.id).join(', ')}.`);
  const current = await currentSubscription(ctx, userId);
  const plan = planOf(current);
  if (plan === 'free') throw new AppError(409, 'PLAN_REQUIRED', 'Credit packs top up a paid plan: choose Pro or Max first');
  await closeOpenCheckouts(ctx, userId, null, 'pack');
  return openSession(
    ctx,
    { userId, plan, cycle: 'once', amountCents: pack.price * 100, source, kind: 'pack', pack: pack.id, returnsCredits: 0 },
    `${pack.credits.toLocaleString('en-US')} credits`,
    caller,
  );
}

interface SessionInput {
  userId: string;
  plan: PlanKey;
  cycle: BillingCycle | 'once';
  amountCents: number;
  source: string | null;
  kind: 'plan' | 'pack';
  pack: string | null;
  /** A move up: the credits of the old period's unused part, taken back at payment. */
  returnsCredits: number;
}

async function openSession(ctx: CheckoutContext, input: SessionInput, productName: string, caller: CheckoutCaller): Promise<StartedCheckout> {
  const session: CheckoutSession = {
    id: `cs_${randomUUID().replaceAll('-', '')}`,
    user_id: input.userId,
    plan: input.plan,
    billing_cycle: input.cycle,
    amount_cents: input.amountCents,
    currency: 'USD',
    status: 'open',
    provider: ctx.payments.name,
    provider_ref: null,
    source: input.source,
    credits_granted: null,
    created_at: ctx.now().toISOString(),
    completed_at: null,
    kind: input.kind,
    pack: input.pack,
    returns_credits: input.returnsCredits || null,
    provider_subscription: null,
  };
  await ctx.db.insertInto('checkout_sessions').values(session).execute();
  const customer = await newestCustomer(ctx, input.userId);
  const query = `session_id=${encodeURIComponent(session.id)}`;
  let created;
  try {
    created = await ctx.payments.createCheckout(session, {
      apiBase: caller.apiBase,
      successUrl: `${ctx.siteOrigin}/payment/success?${query}`,
      cancelUrl: `${ctx.siteOrigin}/payment/cancel?${query}`,
      planName: productName,
      ownerToken: await ctx.tokens.signCheckout(input.userId, session.id, caller.session),
      customerRef: customer?.customer_ref ?? null,
    });
  } catch (error) {
    await ctx.db.updateTable('checkout_sessions').set({ status: 'failed' }).where('id', '=', session.id).execute();
    throw checkoutFailure(error);
  }
  if (created.providerRef) {
    await ctx.db.updateTable('checkout_sessions').set({ provider_ref: created.providerRef }).where('id', '=', session.id).execute();
  }
  return { session: { ...session, provider_ref: created.providerRef }, checkoutUrl: created.checkoutUrl };
}

/** The provider's customer a person pays as: the newest one recorded (api/README "Credit packs"). */
export async function newestCustomer(ctx: CheckoutContext, userId: string): Promise<{ customer_ref: string } | undefined> {
  return ctx.db
    .selectFrom('payment_customers')
    .select('customer_ref')
    .where('user_id', '=', userId)
    .where('provider', '=', ctx.payments.name)
    .orderBy('created_at', 'desc')
    .orderBy('customer_ref', 'desc')
    .executeTakeFirst();
}

/**
 * Why a checkout for `plan` and `cycle` may not be paid given the subscription in force, or null.
 * Asked when a checkout starts and again, under a lock, when it is paid: the plan may have changed
 * in between (another checkout paid), and a session opened earlier must not grant a plan twice.
 */
export function checkoutRefusal(current: Subscription, plan: PlanKey, cycle: BillingCycle, paidSubscriptionId: string | null): AppError | null {
  const currentPlan = planOf(current);
  if (currentPlan === plan && current.status === 'active' && current.billing_cycle === cycle) {
    return new AppError(409, 'ALREADY_SUBSCRIBED', `You are already on the ${planByKey(plan).name} plan`);
  }
  // A live subscription at a provider is changed in place, never doubled: a second one would keep
  // billing while only the newest is stored.
  if (currentPlan !== 'free' && current.provider_ref && current.provider_ref !== paidSubscriptionId) {
    return new AppError(
      409,
      'ALREADY_SUBSCRIBED',
      'You already have a paid subscription; change it with /api/subscription/change rather than buying a second one',
    );
  }
  return null;
}

/**
 * Closes a person's open checkouts (all but `keep`): a newer checkout replaces them, and a paid one
 * makes them stale. Hosted sessions are expired at the provider too; if that fails, a payment that
 * still arrives for one is refused by applyPaymentEvent and its subscription ended at once.
 */
export async function closeOpenCheckouts(
  ctx: CheckoutContext,
  userId: string,
  keep: string | null,
  kind: 'plan' | 'pack',
  db: CoreContext['db'] = ctx.db,
): Promise<CheckoutSession[]> {
  let query = db
    .updateTable('checkout_sessions')
    .set({ status: 'canceled' })
    .where('user_id', '=', userId)
    .where('status', '=', 'open')
    .where('kind', '=', kind);
  if (keep) query = query.where('id', '!=', keep);
  const closed = await query.returningAll().execute();
  if (db === ctx.db) await expireAtProvider(ctx, closed);
  return closed;
}

export async function expireAtProvider(ctx: CheckoutContext, sessions: CheckoutSession[]): Promise<void> {
  const expire = ctx.payments.expireCheckout;
  if (!expire) return;
  await Promise.allSettled(sessions.filter((s) => s.provider_ref).map((s) => expire.call(ctx.payments, s.provider_ref as string)));
}

/** Closes an unpaid session (its owner pressed Cancel); a paid one stays paid. */
export async function cancelCheckout(ctx: CoreContext, sessionId: string): Promise<void> {
  await ctx.db.updateTable('checkout_sessions').set({ status: 'canceled' }).where('id', '=', sessionId).where('status', '=', 'open').execute();
}
