import type { Kysely, Migration } from 'kysely';

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // A checkout buys a plan or a one-time credit pack; existing sessions all bought plans.
    await db.schema
      .alterTable('checkout_sessions')
      .addColumn('kind', 'text', (c) => c.notNull().defaultTo('plan'))
      .execute();
    await db.schema.alterTable('checkout_sessions').addColumn('pack', 'text').execute();

    // One receipt per payment, written with its grant; `reference` (the checkout session or the
    // provider's invoice) is unique, so a payment applied once has one receipt.
    await db.schema
      .createTable('receipts')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('plan', 'text')
      .addColumn('billing_cycle', 'text')
      .addColumn('pack', 'text')
      .addColumn('amount_cents', 'integer', (c) => c.notNull())
      .addColumn('list_price_cents', 'integer', (c) => c.notNull())
      .addColumn('currency', 'text', (c) => c.notNull())
      .addColumn('credits', 'integer', (c) => c.notNull())
      .addColumn('provider', 'text', (c) => c.notNull())
      .addColumn('reference', 'text', (c) => c.notNull().unique())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('receipts_user_created').on('receipts').columns(['user_id', 'created_at']).execute();
  },
};
