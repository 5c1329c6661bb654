import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { accountAllowance } from '../http/rate-limits.ts';
import type { AccountAllowance, RateLimitRule } from '../http/rate-limits.ts';
import { DEFAULT_DEFERRED_EVENT_RULES, startDeferredEventSweeper } from './deferred-event-sweeper.ts';
import type { DeferredEventRules } from './deferred-event-sweeper.ts';
import { registerPackAndReceiptRoutes } from './pack-routes.ts';
import { registerPaymentRoutes } from './routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Counts a checkout an account opens, by any route (a plan, a change, a credit pack); 429 once the allowance is spent. */
    checkouts: AccountAllowance;
  }
}

export interface PaymentsOptions {
  /** Checkouts one account may open: each is a session at the provider. */
  checkoutLimit: RateLimitRule;
  /** When events about a subscription no checkout linked are given up (see api/README "Webhooks delivered late"). */
  deferredEvents?: Partial<DeferredEventRules>;
}

/**
 * Payments (`/api/payment/...`, `/api/credits/packs`): the local checkout's pages, a session's outcome, the provider's
 * portal and webhook, credit packs and receipts, and the sweep of payment events kept waiting for their checkout.
 */
async function payments(app: FastifyInstance, options: PaymentsOptions): Promise<void> {
  const checkouts = accountAllowance(app.hitCounter('reelmint-count:'), 'checkout', options.checkoutLimit, 'checkouts opened');
  app.decorate('checkouts', checkouts);
  registerPaymentRoutes(app, app.services);
  registerPackAndReceiptRoutes(app, app.services, checkouts);
  let stopSweeper: (() => void) | null = null;
  app.addHook('onReady', async () => {
    stopSweeper = startDeferredEventSweeper(app.services, { ...DEFAULT_DEFERRED_EVENT_RULES, ...options.deferredEvents }, app.log);
  });
  app.addHook('onClose', async () => stopSweeper?.());
}

export default fp(payments, { name: 'payments', fastify: '5.x', dependencies: ['services', 'rate-limit'] });
