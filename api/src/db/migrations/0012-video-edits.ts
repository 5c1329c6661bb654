import type { Kysely, Migration } from 'kysely';

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // An edit is a video of its own (type 'edit') made from others that stay as they are:
    // source_id is the clip it was made from (a merge's first), edit the JSON of what was done
    // (kind, every source id, the settings). No foreign key: deleting a source keeps its edits.
    await db.schema.alterTable('videos').addColumn('source_id', 'text').execute();
    await db.schema.alterTable('videos').addColumn('edit', 'text').execute();
  },
};
