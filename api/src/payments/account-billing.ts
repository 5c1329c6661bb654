import type { PaymentSession } from '@reelmint/contract/billing-api';
import type { PlanKey } from '@reelmint/contract/plans';
import type { User } from '../db/schema.ts';
import { AppError } from '../http/errors.ts';
import { planByKey } from '../plans/catalogue.ts';
import type { BillingCycle } from '../plans/catalogue.ts';
import { currentSubscription, toStatus } from '../plans/subscriptions.ts';
import type { Services } from '../services.ts';
import { newestCustomer } from './open-checkout.ts';
import { providerFailure } from './provider-errors.ts';

/** A checkout session of the person, with the plan and balance it led to (the site's success page reads it). */
export async function paymentSessionOf(services: Services, user: User, id: string): Promise<PaymentSession> {
  const session = await services.db.selectFrom('checkout_sessions').selectAll().where('id', '=', id).where('user_id', '=', user.id).executeTakeFirst();
  if (!session) throw new AppError(404, 'SESSION_NOT_FOUND', 'Checkout session not found');
  // A paid move up took back the old plan's unused credits as a ledger row of its own: its amount is what was
  // actually removed, which the balance may have cut short of what the session asked for (`returns_credits`).
  const [takeBack, subscription] = await Promise.all([
    services.db
      .selectFrom('credit_ledger')
      .select('amount')
      .where('idempotency_key', '=', `change-return:${session.id}`)
      .where('user_id', '=', user.id)
      .executeTakeFirst(),
    currentSubscription(services, user.id),
  ]);
  return {
    id: session.id,
    kind: session.kind as PaymentSession['kind'],
    pack: session.pack,
    status: session.status as PaymentSession['status'],
    plan: session.plan,
    planName: planByKey(session.plan as PlanKey).name,
    billingCycle: session.billing_cycle as BillingCycle,
    amount: session.amount_cents / 100,
    currency: session.currency,
    creditsGranted: session.credits_granted,
    creditsTakenBack: takeBack ? -Number(takeBack.amount) : 0,
    balance: user.balance,
    subscription: toStatus(subscription),
  };
}

/** The address of the provider's page (Stripe's customer portal) where the person mends their payment method. */
export async function billingPortalUrl(services: Services, userId: string): Promise<string> {
  const portal = services.payments.portalUrl;
  if (!portal) throw new AppError(409, 'PORTAL_UNAVAILABLE', 'This site runs the test payment provider, which keeps no payment method to mend');
  const customer = await newestCustomer(services, userId);
  if (!customer) throw new AppError(409, 'NO_BILLING_ACCOUNT', 'You have not paid with a card here yet, so there is no payment method to mend');
  try {
    return await portal.call(services.payments, customer.customer_ref, `${services.siteOrigin}/account`);
  } catch (error) {
    throw providerFailure(
      error,
      { code: 'PORTAL_REFUSED', message: 'The payment provider refused to open its billing page' },
      { code: 'PORTAL_FAILED', message: 'The payment provider could not be reached; try again in a minute' },
    );
  }
}
