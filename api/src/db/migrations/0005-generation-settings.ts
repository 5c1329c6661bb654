import type { Kysely, Migration } from 'kysely';

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // What to keep out of the picture (passed to providers that take one), the seed that makes a
    // result repeatable (every job gets one, so it can be shown and reused), and the frame's
    // shape; earlier videos were all 16:9 and had no seed.
    await db.schema.alterTable('videos').addColumn('negative_prompt', 'text').execute();
    await db.schema.alterTable('videos').addColumn('seed', 'integer').execute();
    await db.schema
      .alterTable('videos')
      .addColumn('aspect_ratio', 'text', (c) => c.notNull().defaultTo('16:9'))
      .execute();
  },
};
