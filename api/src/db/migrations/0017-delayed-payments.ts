import type { Kysely, Migration } from 'kysely';

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // A checkout paid with a delayed method is pending; its subscription's events wait for the money.
    await db.schema.alterTable('checkout_sessions').addColumn('provider_subscription', 'text').execute();
  },
};
