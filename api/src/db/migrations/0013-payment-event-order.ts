import type { Kysely, Migration } from 'kysely';

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // The provider's time of the newest event whose state a subscription row holds: an older
    // event delivered later (providers deliver out of order and retry) may not overwrite it.
    await db.schema.alterTable('subscriptions').addColumn('provider_event_at', 'text').execute();
    // Events about a provider subscription this site does not know yet (its checkout's completion
    // has not arrived): kept until the checkout links the subscription, then applied in time order.
    await db.schema
      .createTable('deferred_payment_events')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('provider_subscription_id', 'text', (c) => c.notNull())
      .addColumn('occurred_at', 'text', (c) => c.notNull())
      .addColumn('event', 'text', (c) => c.notNull())
      .addColumn('received_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('deferred_payment_events_subscription')
      .on('deferred_payment_events')
      .columns(['provider_subscription_id', 'occurred_at'])
      .execute();
  },
};
