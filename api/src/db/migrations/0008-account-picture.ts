import type { Kysely, Migration } from 'kysely';

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('users').addColumn('picture_file', 'text').execute();
    // The picture route looks a file name up to find whether any account still uses it.
    await db.schema.createIndex('users_picture_file').on('users').column('picture_file').execute();
  },
};
