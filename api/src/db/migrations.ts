import { Migrator, sql } from 'kysely';
import type { Kysely, Migration, MigrationProvider } from 'kysely';

/**
 * Migrations live in code (not files on disk) so the same list runs from tsx, vitest and any
 * bundle. Append new entries; never edit one that has shipped.
 */
const migrations: Record<string, Migration> = {
  '0001_initial': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('users')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull().unique())
        .addColumn('password_hash', 'text')
        .addColumn('google_sub', 'text', (c) => c.unique())
        // The cached balance: the CHECK is a last line of defence behind the conditional update.
        .addColumn('balance', 'integer', (c) =>
          c
            .notNull()
            .defaultTo(0)
            .check(sql`balance >= 0`),
        )
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('revoked_tokens')
        .addColumn('jti', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('subscriptions')
        .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
        .addColumn('plan', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('billing_cycle', 'text')
        .addColumn('current_period_end', 'text')
        .addColumn('provider', 'text')
        .addColumn('provider_ref', 'text')
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('subscriptions_provider_ref').on('subscriptions').column('provider_ref').execute();

      await db.schema
        .createTable('credit_ledger')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('amount', 'integer', (c) => c.notNull())
        .addColumn('balance_after', 'integer', (c) => c.notNull())
        .addColumn('idempotency_key', 'text', (c) => c.notNull().unique())
        .addColumn('refund_of', 'text', (c) => c.unique())
        .addColumn('source', 'text', (c) => c.notNull())
        .addColumn('reason', 'text')
        .addColumn('metadata', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('credit_ledger_user').on('credit_ledger').columns(['user_id', 'created_at']).execute();

      await db.schema
        .createTable('checkout_sessions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('plan', 'text', (c) => c.notNull())
        .addColumn('billing_cycle', 'text', (c) => c.notNull())
        .addColumn('amount_cents', 'integer', (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('provider', 'text', (c) => c.notNull())
        .addColumn('provider_ref', 'text')
        .addColumn('source', 'text')
        .addColumn('credits_granted', 'integer')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('completed_at', 'text')
        .execute();

      await db.schema
        .createTable('payment_events')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('provider', 'text', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('received_at', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('uploads')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('file_name', 'text', (c) => c.notNull())
        .addColumn('mime_type', 'text', (c) => c.notNull())
        .addColumn('size', 'integer', (c) => c.notNull())
        .addColumn('width', 'integer', (c) => c.notNull())
        .addColumn('height', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('videos')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('prompt', 'text')
        .addColumn('image_id', 'text')
        .addColumn('template_id', 'text')
        .addColumn('model', 'text', (c) => c.notNull())
        .addColumn('resolution', 'text', (c) => c.notNull())
        .addColumn('duration', 'text', (c) => c.notNull())
        .addColumn('cost', 'integer', (c) => c.notNull())
        .addColumn('spend_id', 'text', (c) => c.notNull())
        .addColumn('refunded', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('error', 'text')
        .addColumn('video_file', 'text')
        .addColumn('poster_file', 'text')
        .addColumn('engine_ref', 'text')
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('worker_id', 'text')
        .addColumn('heartbeat_at', 'text')
        .addColumn('idempotency_key', 'text', (c) => c.unique())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('started_at', 'text')
        .addColumn('finished_at', 'text')
        .execute();
      await db.schema.createIndex('videos_status_created').on('videos').columns(['status', 'created_at']).execute();
      await db.schema.createIndex('videos_user_created').on('videos').columns(['user_id', 'created_at']).execute();
    },
  },
  '0002_video_engines': {
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
  },
  '0003_request_hash': {
    // An Idempotency-Key is bound to the request it first came with: the hash tells a replay
    // from a different request that reuses the key.
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('credit_ledger').addColumn('request_hash', 'text').execute();
      await db.schema.alterTable('videos').addColumn('request_hash', 'text').execute();
    },
  },
  '0004_accounts_mail': {
    async up(db: Kysely<unknown>) {
      // One row per sign-in: the access token's jti names it. A token is valid only while its row
      // exists, so logout, a password reset or 'sign out everywhere' delete rows. This replaces
      // the revoked-token list (tokens issued before this migration sign in again once).
      await db.schema
        .createTable('sessions')
        .addColumn('jti', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('user_agent', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('sessions_user').on('sessions').columns(['user_id', 'created_at']).execute();
      await db.schema.dropTable('revoked_tokens').execute();

      // Every mail is written here first, then delivered; rows that could not be delivered are
      // retried. Without SMTP the rows stay as 'stored' so a developer can read them.
      await db.schema
        .createTable('mail_outbox')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('recipient', 'text', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('text_body', 'text', (c) => c.notNull())
        .addColumn('html_body', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_attempt_at', 'text')
        .addColumn('last_error', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('sent_at', 'text')
        .execute();
      await db.schema.createIndex('mail_outbox_due').on('mail_outbox').columns(['status', 'next_attempt_at']).execute();

      // Only a hash of each reset link's secret is kept, so a copy of the database opens nothing.
      await db.schema
        .createTable('password_resets')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('used_at', 'text')
        .execute();
      await db.schema.createIndex('password_resets_user').on('password_resets').columns(['user_id', 'created_at']).execute();

      // The language the person reads the site in; mails are written in it.
      await db.schema.alterTable('users').addColumn('language', 'text').execute();
    },
  },
  '0005_generation_settings': {
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
  },
  '0006_email_verification': {
    async up(db: Kysely<unknown>) {
      // Null until proven; accounts made before this know nothing yet and are asked once, like new ones.
      await db.schema.alterTable('users').addColumn('email_verified_at', 'text').execute();
      // As with reset links, only a hash of each link's secret is kept.
      await db.schema
        .createTable('email_verifications')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('purpose', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('used_at', 'text')
        .execute();
      await db.schema.createIndex('email_verifications_user').on('email_verifications').columns(['user_id', 'created_at']).execute();
    },
  },
  '0007_release_telemetry': {
    async up(db: Kysely<unknown>) {
      // What visitors' browsers report about each remote version: load times, load failures,
      // fallbacks shown, render errors and uncaught errors traced to a remote. Nothing that names
      // a person: no address, account, visitor id, user agent or error text.
      await db.schema
        .createTable('release_events')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('remote', 'text', (c) => c.notNull())
        .addColumn('version', 'text', (c) => c.notNull())
        .addColumn('canary', 'integer', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('duration_ms', 'integer')
        .addColumn('detail', 'text')
        .addColumn('route', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('release_events_version').on('release_events').columns(['remote', 'version', 'created_at']).execute();
      await db.schema.createIndex('release_events_created').on('release_events').column('created_at').execute();

      // Roles on accounts, granted from the command line (release-manager opens the release dashboard).
      await db.schema
        .createTable('account_roles')
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('role', 'text', (c) => c.notNull())
        .addColumn('granted_at', 'text', (c) => c.notNull())
        .addColumn('granted_by', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('account_roles_pk', ['user_id', 'role'])
        .execute();
    },
  },
  '0008_account_picture': {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('users').addColumn('picture_file', 'text').execute();
      // The picture route looks a file name up to find whether any account still uses it.
      await db.schema.createIndex('users_picture_file').on('users').column('picture_file').execute();
    },
  },
  '0009_scheduled_plan_changes': {
    async up(db: Kysely<unknown>) {
      // A move down (Max to Pro, yearly to monthly) waits for the end of the paid period: the plan
      // and cycle it will become, and at Stripe the subscription schedule that carries it out.
      await db.schema.alterTable('subscriptions').addColumn('scheduled_plan', 'text').execute();
      await db.schema.alterTable('subscriptions').addColumn('scheduled_cycle', 'text').execute();
      await db.schema.alterTable('subscriptions').addColumn('provider_schedule_ref', 'text').execute();
    },
  },
  '0010_credit_packs_receipts': {
    async up(db: Kysely<unknown>) {
      // A checkout buys a plan or a one-time credit pack; existing sessions all bought plans.
      await db.schema
        .alterTable('checkout_sessions')
        .addColumn('kind', 'text', (c) => c.notNull().defaultTo('plan'))
        .execute();
      await db.schema.alterTable('checkout_sessions').addColumn('pack', 'text').execute();

      // One receipt per payment, written with its grant; `reference` (the checkout session or the
      // provider's invoice) is unique, so a payment applied once has one receipt.
      await db.schema
        .createTable('receipts')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('plan', 'text')
        .addColumn('billing_cycle', 'text')
        .addColumn('pack', 'text')
        .addColumn('amount_cents', 'integer', (c) => c.notNull())
        .addColumn('list_price_cents', 'integer', (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('credits', 'integer', (c) => c.notNull())
        .addColumn('provider', 'text', (c) => c.notNull())
        .addColumn('reference', 'text', (c) => c.notNull().unique())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('receipts_user_created').on('receipts').columns(['user_id', 'created_at']).execute();
    },
  },
  '0011_sharing': {
    async up(db: Kysely<unknown>) {
      // A video is private until its owner publishes it: shared_at is when the link went live (null
      // while private), share_views how often its public page was opened.
      await db.schema.alterTable('videos').addColumn('shared_at', 'text').execute();
      await db.schema
        .alterTable('videos')
        .addColumn('share_views', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
    },
  },
  '0012_video_edits': {
    async up(db: Kysely<unknown>) {
      // An edit is a video of its own (type 'edit') made from others that stay as they are:
      // source_id is the clip it was made from (a merge's first), edit the JSON of what was done
      // (kind, every source id, the settings). No foreign key: deleting a source keeps its edits.
      await db.schema.alterTable('videos').addColumn('source_id', 'text').execute();
      await db.schema.alterTable('videos').addColumn('edit', 'text').execute();
    },
  },
  '0013_payment_event_order': {
    async up(db: Kysely<unknown>) {
      // The provider's time of the newest event whose state a subscription row holds: an older
      // event delivered later (providers deliver out of order and retry) may not overwrite it.
      await db.schema.alterTable('subscriptions').addColumn('provider_event_at', 'text').execute();
      // Events about a provider subscription this site does not know yet (its checkout's completion
      // has not arrived): kept until the checkout links the subscription, then applied in time order.
      await db.schema
        .createTable('deferred_payment_events')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('provider_subscription_id', 'text', (c) => c.notNull())
        .addColumn('occurred_at', 'text', (c) => c.notNull())
        .addColumn('event', 'text', (c) => c.notNull())
        .addColumn('received_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('deferred_payment_events_subscription')
        .on('deferred_payment_events')
        .columns(['provider_subscription_id', 'occurred_at'])
        .execute();
    },
  },
  '0014_relaxed_queue': {
    async up(db: Kysely<unknown>) {
      // 1: a Max member's video on the relaxed queue (no credits, taken after every other queued job).
      await db.schema
        .alterTable('videos')
        .addColumn('relaxed', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
    },
  },
  '0015_payment_customers': {
    async up(db: Kysely<unknown>) {
      // The customers a provider made for a person's checkouts (Stripe makes one per Checkout), so a
      // deleted account's customers can be deleted at the provider too.
      await db.schema
        .createTable('payment_customers')
        .addColumn('customer_ref', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('provider', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('payment_customers_user').on('payment_customers').column('user_id').execute();
    },
  },
  '0016_period_terms': {
    async up(db: Kysely<unknown>) {
      // A move up counts the old period's unused part in money and in credits alike (api/README
      // "Plan changes"): each period keeps what it granted and its price, each checkout what it takes back.
      await db.schema.alterTable('subscriptions').addColumn('period_credits', 'integer').execute();
      await db.schema.alterTable('subscriptions').addColumn('period_cents', 'integer').execute();
      await db.schema.alterTable('checkout_sessions').addColumn('returns_credits', 'integer').execute();
    },
  },
  '0017_delayed_payments': {
    async up(db: Kysely<unknown>) {
      // A checkout paid with a delayed method is pending; its subscription's events wait for the money.
      await db.schema.alterTable('checkout_sessions').addColumn('provider_subscription', 'text').execute();
    },
  },
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest(db: Kysely<unknown>): Promise<void> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Database migration failed${failed ? ` at ${failed.migrationName}` : ''}`, { cause: error });
  }
}
