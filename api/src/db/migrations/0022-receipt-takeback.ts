import type { Kysely, Migration } from 'kysely';

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // A move up's receipt lists the unused credits of the old plan it took back beside those it granted, so that its
    // lines add up to the balance it left. It is what the ledger actually removed (never below zero), which can be less
    // than the checkout asked for. Receipts written before this migration show none: 0.
    await db.schema
      .alterTable('receipts')
      .addColumn('credits_taken_back', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  },
};
