import type { Kysely, Migration } from 'kysely';

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // 1: a Max member's video on the relaxed queue (no credits, taken after every other queued job).
    await db.schema
      .alterTable('videos')
      .addColumn('relaxed', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  },
};
