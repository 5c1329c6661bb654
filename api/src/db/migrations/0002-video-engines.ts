import type { Kysely, Migration } from 'kysely';

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // Which engine made the clip: 'local' clips are previews rendered without an AI model, and
    // say so wherever they are shown. Existing rows were all made by the local renderer.
    await db.schema
      .alterTable('videos')
      .addColumn('engine', 'text', (c) => c.notNull().defaultTo('local'))
      .execute();
    // A machine code for why a job failed, so the front end can say it in the person's language.
    await db.schema.alterTable('videos').addColumn('error_code', 'text').execute();
    // What the provider charged for the job, in US cents (null for the local engine).
    await db.schema.alterTable('videos').addColumn('provider_cost_cents', 'integer').execute();
  },
};
