import { randomUUID } from 'node:crypto';
import type { PaymentEventOutcome } from '@reelmint/shared/billing-api';
import type { PlanKey } from '@reelmint/shared/plans';
import { sql } from 'kysely';
import type { Transaction } from 'kysely';
import type { TokenSigner } from '../accounts/tokens.ts';
import type { CoreContext } from '../context.ts';
import { isUniqueViolation } from '../db/database.ts';
import type { CheckoutSession, DB, Subscription } from '../db/schema.ts';
import { grantInTransaction, takeBackInTransaction } from '../credits/ledger.ts';
import { AppError } from '../http/errors.ts';
import { CREDIT_PACKS, packById, planByKey, pricing } from '../plans/catalogue.ts';
import type { BillingCycle } from '../plans/catalogue.ts';
import { addMonths, changeDirection, currentSubscription, planOf } from '../plans/subscriptions.ts';
import { changeReturn, periodTerms, upgradeAllowance } from './proration.ts';
import { PaymentProviderError } from './provider.ts';
import type { CheckoutEvent, PaymentEvent, PaymentProvider, SubscriptionEvent } from './provider.ts';
import { recordReceipt } from './receipts.ts';

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

/** Opens a checkout session for a paid plan with the configured provider. */
export async function startCheckout(
  ctx: CheckoutContext,
  userId: string,
  plan: PlanKey,
  cycle: BillingCycle,
  source: string | null,
  caller: CheckoutCaller,
): Promise<StartedCheckout> {
  if (plan === 'free') throw new AppError(400, 'INVALID_PLAN', 'The free plan needs no payment');
  const current = await currentSubscription(ctx, userId);
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
 * Why a provider call failed, for the caller: a request the provider refused is not worth repeating
 * as it is (422 `refused.code`, with the provider's reason), a declined card is the person's to fix
 * (402), a provider asking us to slow down is a wait (503 with Retry-After), and only an outage or a
 * failure of ours is a 502 (`failed`).
 */
export function providerFailure(error: unknown, refused: { code: string; message: string }, failed: { code: string; message: string }): AppError {
  if (error instanceof PaymentProviderError) {
    switch (error.kind) {
      case 'invalid-request':
        return new AppError(422, refused.code, `${refused.message}: ${error.message.slice(0, 300)}`);
      case 'declined':
        return new AppError(402, 'PAYMENT_DECLINED', 'Your payment was declined, so nothing changed. Check your card with the payment provider and try again.');
      case 'rate-limited':
        return new AppError(503, 'PAYMENT_PROVIDER_BUSY', 'The payment provider is busy; nothing changed. Try again in a minute', { retryAfterSeconds: 60 });
      case 'unavailable':
        break;
    }
  }
  return new AppError(502, failed.code, failed.message);
}

function checkoutFailure(error: unknown): AppError {
  return providerFailure(
    error,
    { code: 'CHECKOUT_REFUSED', message: 'The payment provider refused this checkout' },
    { code: 'UPGRADE_FAILED', message: 'Failed to initiate upgrade' },
  );
}

/**
 * Why a checkout for `plan` and `cycle` may not be paid given the subscription in force, or null.
 * Asked when a checkout starts and again, under a lock, when it is paid: the plan may have changed
 * in between (another checkout paid), and a session opened earlier must not grant a plan twice.
 */
function checkoutRefusal(current: Subscription, plan: PlanKey, cycle: BillingCycle, paidSubscriptionId: string | null): AppError | null {
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
async function closeOpenCheckouts(
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

async function expireAtProvider(ctx: CheckoutContext, sessions: CheckoutSession[]): Promise<void> {
  const expire = ctx.payments.expireCheckout;
  if (!expire) return;
  await Promise.allSettled(sessions.filter((s) => s.provider_ref).map((s) => expire.call(ctx.payments, s.provider_ref as string)));
}

/** Serialises payments of one person on PostgreSQL (SQLite runs one write transaction at a time). */
async function lockSubscription(ctx: CoreContext, trx: Transaction<DB>, userId: string): Promise<void> {
  if (ctx.dialect !== 'postgres') return;
  await trx.selectFrom('subscriptions').select('user_id').where('user_id', '=', userId).forUpdate().execute();
}

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
          await takeBackInTransaction(trx, ctx, {
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

/**
 * Serialises, on PostgreSQL, the events of one provider subscription with the checkout that links
 * it: an event that finds no subscription and is deferred, and the checkout that would replay it,
 * cannot pass each other unseen (SQLite writes one transaction at a time).
 */
async function lockProviderSubscription(ctx: CoreContext, trx: Transaction<DB>, providerSubscriptionId: string): Promise<void> {
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
async function applySubscriptionEvent(
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
      .set({
        plan: 'free',
        status: 'active',
        billing_cycle: null,
        current_period_end: null,
        provider_ref: null,
        period_credits: null,
        period_cents: null,
        ...noSchedule,
        ...stamp,
      })
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
      if (previous.terms) {
        await takeBackInTransaction(trx, ctx, {
          userId,
          amount: returns,
          idempotencyKey: `change-return:${event.invoiceId}`,
          source: 'plan-change',
          reason: 'Unused credits of the previous plan, whose unused money the provider credited',
          metadata: { plan: previous.plan, billingCycle: previous.billingCycle, changeInvoiceId: event.invoiceId, owed: returns },
        });
      }
      await recordReceipt(trx, ctx, {
        userId,
        kind: 'change',
        plan: event.plan,
        billingCycle: event.billingCycle,
        pack: null,
        amountCents: event.amountCents,
        listPriceCents: pricing(event.plan, event.billingCycle).amountCents,
        credits,
        provider: ctx.payments.name,
        reference: event.invoiceId,
      });
      return 'applied';
    }
  }
}

/** Replays, oldest first, what was deferred about a subscription a checkout has just linked, then forgets it. */
async function applyDeferredEvents(ctx: CheckoutContext, trx: Transaction<DB>, providerSubscriptionId: string, now: Date): Promise<void> {
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

/** How long an event about a subscription nobody has linked is kept, and how often that is checked. */
export interface DeferredEventRules {
  /** Stripe retries a webhook for 3 days: a checkout completion later than this is not coming. */
  maxAgeMs: number;
  sweepEveryMs: number;
}

export const DEFAULT_DEFERRED_EVENT_RULES: DeferredEventRules = { maxAgeMs: 7 * 24 * 3600_000, sweepEveryMs: 3600_000 };

/** What the sweep did with one deferred event: applied to a subscription that is linked by now, or dropped. */
export interface SweptEvent {
  id: string;
  type: string;
  providerSubscriptionId: string;
  receivedAt: string;
  outcome: 'applied' | 'dropped';
}

/**
 * Settles events deferred longer than `maxAgeMs` (api/README "Webhooks delivered late"): one whose
 * subscription is linked by now is applied (oldest first, as the checkout would have), any other is
 * dropped, since the checkout that would link it is not coming. Each is reported, for a log line.
 */
export async function sweepDeferredEvents(ctx: CheckoutContext, maxAgeMs: number): Promise<SweptEvent[]> {
  const now = ctx.now();
  const before = new Date(now.getTime() - maxAgeMs).toISOString();
  const old = await ctx.db
    .selectFrom('deferred_payment_events')
    .selectAll()
    .where('received_at', '<', before)
    // A checkout paid with a delayed method waits for its money (days, for a bank debit): its events wait with it.
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('checkout_sessions')
            .select('checkout_sessions.id')
            .whereRef('checkout_sessions.provider_subscription', '=', 'deferred_payment_events.provider_subscription_id')
            .where('checkout_sessions.status', '=', 'pending'),
        ),
      ),
    )
    .orderBy('occurred_at')
    .orderBy('received_at')
    .execute();
  const swept: SweptEvent[] = [];
  for (const row of old) {
    const event = reviveEvent(JSON.parse(row.event) as Record<string, unknown>);
    const outcome = await ctx.db.transaction().execute(async (trx): Promise<SweptEvent['outcome'] | null> => {
      await lockProviderSubscription(ctx, trx, row.provider_subscription_id);
      // Gone already: the checkout linked it meanwhile and applied it.
      const still = await trx.deleteFrom('deferred_payment_events').where('id', '=', row.id).returning('id').executeTakeFirst();
      if (!still) return null;
      const applied = await applySubscriptionEvent(ctx, trx, event, now, 'ignore');
      return applied === 'ignored' ? 'dropped' : 'applied';
    });
    if (outcome) swept.push({ id: row.id, type: event.type, providerSubscriptionId: row.provider_subscription_id, receivedAt: row.received_at, outcome });
  }
  return swept;
}

/** Runs the sweep now and then every `sweepEveryMs`; each settled event gets a log line. */
export function startDeferredEventSweeper(
  ctx: CheckoutContext,
  rules: DeferredEventRules,
  log: { warn: (details: object, message: string) => void },
): () => void {
  const run = () =>
    void sweepDeferredEvents(ctx, rules.maxAgeMs).then(
      (swept) => {
        for (const event of swept) {
          log.warn(
            { event: event.id, type: event.type, subscription: event.providerSubscriptionId, receivedAt: event.receivedAt, outcome: event.outcome },
            event.outcome === 'dropped'
              ? 'dropped a payment event kept for a subscription no checkout ever linked'
              : 'applied a kept payment event to its subscription',
          );
        }
      },
      (error: unknown) => log.warn({ err: error }, 'sweeping deferred payment events failed'),
    );
  run();
  const timer = setInterval(run, rules.sweepEveryMs);
  timer.unref();
  return () => clearInterval(timer);
}

/** A deferred event read back from JSON: its dates were written as ISO strings. */
function reviveEvent(stored: Record<string, unknown>): SubscriptionEvent {
  const revived: Record<string, unknown> = { ...stored };
  for (const key of ['occurredAt', 'periodEnd']) {
    if (typeof stored[key] === 'string') revived[key] = new Date(stored[key]);
  }
  // Written by applySubscriptionEvent from a SubscriptionEvent; only its dates needed reviving.
  return revived as unknown as SubscriptionEvent;
}

/** Closes an unpaid session (its owner pressed Cancel); a paid one stays paid. */
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
