import type { Kysely, Migration } from 'kysely';

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // A video is private until its owner publishes it: shared_at is when the link went live (null
    // while private), share_views how often its public page was opened.
    await db.schema.alterTable('videos').addColumn('shared_at', 'text').execute();
    await db.schema
      .alterTable('videos')
      .addColumn('share_views', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  },
};
