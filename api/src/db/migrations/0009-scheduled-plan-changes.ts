import type { Kysely, Migration } from 'kysely';

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // A move down (Max to Pro, yearly to monthly) waits for the end of the paid period: the plan
    // and cycle it will become, and at Stripe the subscription schedule that carries it out.
    await db.schema.alterTable('subscriptions').addColumn('scheduled_plan', 'text').execute();
    await db.schema.alterTable('subscriptions').addColumn('scheduled_cycle', 'text').execute();
    await db.schema.alterTable('subscriptions').addColumn('provider_schedule_ref', 'text').execute();
  },
};
