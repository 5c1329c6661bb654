import type { Kysely, Migration } from 'kysely';

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // The site's VAPID key pair, made on the first start and kept so that browsers' subscriptions stay valid.
    await db.schema
      .createTable('push_keys')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('public_key', 'text', (c) => c.notNull())
      .addColumn('private_key', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();

    // One row per browser that agreed to be told when a video ends; a push service's 404/410 removes it.
    await db.schema
      .createTable('push_subscriptions')
      .addColumn('endpoint', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('p256dh', 'text', (c) => c.notNull())
      .addColumn('auth', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('push_subscriptions_user').on('push_subscriptions').column('user_id').execute();

    // Mail when a video ends is sent only to those who turned it on.
    await db.schema
      .alterTable('users')
      .addColumn('notify_by_email', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  },
};
