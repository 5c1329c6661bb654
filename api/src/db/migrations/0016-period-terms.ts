import type { Kysely, Migration } from 'kysely';

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // A move up counts the old period's unused part in money and in credits alike (api/README
    // "Plan changes"): each period keeps what it granted and its price, each checkout what it takes back.
    await db.schema.alterTable('subscriptions').addColumn('period_credits', 'integer').execute();
    await db.schema.alterTable('subscriptions').addColumn('period_cents', 'integer').execute();
    await db.schema.alterTable('checkout_sessions').addColumn('returns_credits', 'integer').execute();
  },
};
