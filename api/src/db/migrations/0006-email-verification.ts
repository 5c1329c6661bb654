import type { Kysely, Migration } from 'kysely';

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // Null until proven; accounts made before this know nothing yet and are asked once, like new ones.
    await db.schema.alterTable('users').addColumn('email_verified_at', 'text').execute();
    // As with reset links, only a hash of each link's secret is kept.
    await db.schema
      .createTable('email_verifications')
      .addColumn('token_hash', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('purpose', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('used_at', 'text')
      .execute();
    await db.schema.createIndex('email_verifications_user').on('email_verifications').columns(['user_id', 'created_at']).execute();
  },
};
