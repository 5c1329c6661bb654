import type { FastifyRequest } from 'fastify';
import type { PlanKey } from '@reelmint/contract/plans';
import type { CheckoutSession } from '../db/schema.ts';
import { AppError } from '../http/errors.ts';
import { packById, planByKey, pricing } from '../plans/catalogue.ts';
import type { BillingCycle } from '../plans/catalogue.ts';
import type { Services } from '../services.ts';
import { checkoutPage, packCheckoutPage } from './checkout-page.ts';
import { cancelCheckout } from './open-checkout.ts';
import { applyPaymentEvent } from './payment-events.ts';

/**
 * The local test checkout (payment provider `local`): its page and its two buttons, Pay and Cancel. They are reached
 * by plain browser navigation, which sends no bearer header: the link the owner was given carries a short-lived token
 * signed for them and this session, which the page passes on to its buttons. A signed-in API caller may use its
 * bearer token instead. Knowing a session id alone is not enough.
 */

async function loadLocalSession(services: Services, id: string): Promise<CheckoutSession> {
  if (services.payments.name !== 'local') throw new AppError(404, 'NOT_FOUND', 'The local checkout is not enabled');
  const session = await services.db.selectFrom('checkout_sessions').selectAll().where('id', '=', id).executeTakeFirst();
  if (!session || session.provider !== 'local') throw new AppError(404, 'SESSION_NOT_FOUND', 'Checkout session not found');
  return session;
}

/** Checks that the caller owns the session; returns the owner token the page's buttons carry. */
async function requireOwner(services: Services, request: FastifyRequest, session: CheckoutSession, token: string | undefined): Promise<string> {
  if (token) {
    const proof = await services.tokens.verifyCheckout(token, session.id);
    // The link lives as long as the sign-in it was opened from: logging out ends it.
    if (proof?.userId === session.user_id && !(await services.auth.isRevoked(proof.accessJti))) return token;
    throw new AppError(
      403,
      'CHECKOUT_FORBIDDEN',
      'This checkout link has expired, was opened from a session that has ended, or belongs to someone else. Start the checkout again from the pricing page.',
    );
  }
  const signedIn = await services.auth.optional(request);
  if (!signedIn) throw new AppError(401, 'UNAUTHENTICATED', 'Open this checkout from the link you were given, or sign in.');
  if (signedIn.user.id !== session.user_id) {
    throw new AppError(403, 'CHECKOUT_FORBIDDEN', 'This checkout belongs to someone else.');
  }
  return services.tokens.signCheckout(session.user_id, session.id, signedIn.jti);
}

/** The checkout page of a session, for its owner. */
export async function localCheckoutPage(services: Services, request: FastifyRequest, id: string, token: string | undefined): Promise<string> {
  const session = await loadLocalSession(services, id);
  const ownerToken = await requireOwner(services, request, session, token);
  const pack = session.kind === 'pack' && session.pack ? packById(session.pack) : null;
  if (pack) return packCheckoutPage(session, pack.credits, ownerToken);
  const plan = session.plan as PlanKey;
  const { credits, amountCents } = pricing(plan, session.billing_cycle as BillingCycle);
  return checkoutPage(session, planByKey(plan).name, credits, ownerToken, amountCents);
}

/** Pays a session (no money moves); answers where the site's success page is. A second click lands where the first did. */
export async function payLocalCheckout(services: Services, request: FastifyRequest, id: string, token: string | undefined): Promise<string> {
  const session = await loadLocalSession(services, id);
  await requireOwner(services, request, session, token);
  const success = `${services.siteOrigin}/payment/success?session_id=${encodeURIComponent(session.id)}`;
  if (session.status === 'paid') return success;
  if (session.status !== 'open') throw new AppError(409, 'SESSION_CLOSED', `This checkout is ${session.status} and can no longer be paid`);
  // The same entry point a provider webhook uses; it checks the plan in force again at this
  // moment, so a stale session cannot grant a plan twice.
  const applied = await applyPaymentEvent(services, {
    id: `local:${session.id}:paid`,
    type: 'checkout.completed',
    sessionId: session.id,
    providerSubscriptionId: null,
  });
  if (applied.refusal) throw applied.refusal;
  return success;
}

/** Cancels a session; answers where the site's cancel page is. */
export async function cancelLocalCheckout(services: Services, request: FastifyRequest, id: string, token: string | undefined): Promise<string> {
  const session = await loadLocalSession(services, id);
  await requireOwner(services, request, session, token);
  await cancelCheckout(services, session.id);
  return `${services.siteOrigin}/payment/cancel?session_id=${encodeURIComponent(session.id)}`;
}
