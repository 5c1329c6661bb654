import type { Kysely, Migration } from 'kysely';

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // Keyframes (the picture a text video starts on, the one an image video ends on), the named camera
    // motion and whether the clip was made with a sound track: each job keeps what it was asked for,
    // so a retry, a remix and the history say the same. Earlier videos had none of them.
    await db.schema.alterTable('videos').addColumn('start_image_id', 'text').execute();
    await db.schema.alterTable('videos').addColumn('end_image_id', 'text').execute();
    await db.schema.alterTable('videos').addColumn('camera_motion', 'text').execute();
    await db.schema
      .alterTable('videos')
      .addColumn('audio', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  },
};
