import type { CheckoutContext } from './open-checkout.ts';
import { applySubscriptionEvent, lockProviderSubscription, reviveEvent } from './subscription-state.ts';

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
