import type { Kysely, Migration } from 'kysely';

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // The customers a provider made for a person's checkouts (Stripe makes one per Checkout), so a
    // deleted account's customers can be deleted at the provider too.
    await db.schema
      .createTable('payment_customers')
      .addColumn('customer_ref', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('provider', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('payment_customers_user').on('payment_customers').column('user_id').execute();
  },
};
