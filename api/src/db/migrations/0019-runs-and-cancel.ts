import { SqliteAdapter, sql } from 'kysely';
import type { Kysely, Migration } from 'kysely';

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // The variations made from one generate request share a run, numbered from 1 inside it.
    await db.schema.alterTable('videos').addColumn('run_id', 'text').execute();
    await db.schema.alterTable('videos').addColumn('variation', 'integer').execute();
    await db.schema.createIndex('videos_run').on('videos').columns(['run_id', 'variation']).execute();

    // One spend now pays for several videos, each refunded on its own when it fails or is cancelled. A refund names
    // the video whose part it returns (refund_part); the spend alone stays unique for refunds of a whole spend.
    if (db.getExecutor().adapter instanceof SqliteAdapter) {
      // SQLite cannot drop a column's UNIQUE: the table is built again without it, rows and all.
      await sql`create table credit_ledger_next (
        id text primary key,
        user_id text not null references users(id) on delete cascade,
        kind text not null,
        amount integer not null,
        balance_after integer not null,
        idempotency_key text not null unique,
        refund_of text,
        source text not null,
        reason text,
        metadata text,
        created_at text not null,
        request_hash text,
        refund_part text
      )`.execute(db);
      await sql`insert into credit_ledger_next (id, user_id, kind, amount, balance_after, idempotency_key, refund_of, source, reason, metadata, created_at, request_hash)
        select id, user_id, kind, amount, balance_after, idempotency_key, refund_of, source, reason, metadata, created_at, request_hash from credit_ledger`.execute(
        db,
      );
      await sql`drop table credit_ledger`.execute(db);
      await sql`alter table credit_ledger_next rename to credit_ledger`.execute(db);
      await db.schema.createIndex('credit_ledger_user').on('credit_ledger').columns(['user_id', 'created_at']).execute();
    } else {
      await sql`alter table credit_ledger drop constraint if exists credit_ledger_refund_of_key`.execute(db);
      await db.schema.alterTable('credit_ledger').addColumn('refund_part', 'text').execute();
    }
    await sql`create unique index credit_ledger_refund_whole on credit_ledger (refund_of) where refund_part is null`.execute(db);
    await sql`create unique index credit_ledger_refund_part on credit_ledger (refund_of, refund_part)`.execute(db);
  },
};
