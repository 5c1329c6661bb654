import type { Kysely, Migration } from 'kysely';

export const migration: Migration = {
  // An Idempotency-Key is bound to the request it first came with: the hash tells a replay
  // from a different request that reuses the key.
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('credit_ledger').addColumn('request_hash', 'text').execute();
    await db.schema.alterTable('videos').addColumn('request_hash', 'text').execute();
  },
};
