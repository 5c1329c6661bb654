import type { Kysely, Migration } from 'kysely';

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // Each of a person's ledger entries numbered in the order they were written. Entries written in one transaction
    // (a plan change's grant and the unused credits it takes back) share their time to the millisecond, and ids are
    // random, so without it the history showed them in either order, one's balance after beside the other's.
    // Entries written before this migration keep none and are ordered by their time alone.
    await db.schema.alterTable('credit_ledger').addColumn('seq', 'integer').execute();
    await db.schema.createIndex('credit_ledger_user_seq').on('credit_ledger').columns(['user_id', 'seq']).execute();
  },
};
