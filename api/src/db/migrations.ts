import { Migrator } from 'kysely';
import type { Kysely, Migration, MigrationProvider } from 'kysely';
import { migration as initial } from './migrations/0001-initial.ts';
import { migration as videoEngines } from './migrations/0002-video-engines.ts';
import { migration as requestHash } from './migrations/0003-request-hash.ts';
import { migration as accountsMail } from './migrations/0004-accounts-mail.ts';
import { migration as generationSettings } from './migrations/0005-generation-settings.ts';
import { migration as emailVerification } from './migrations/0006-email-verification.ts';
import { migration as releaseTelemetry } from './migrations/0007-release-telemetry.ts';
import { migration as accountPicture } from './migrations/0008-account-picture.ts';
import { migration as scheduledPlanChanges } from './migrations/0009-scheduled-plan-changes.ts';
import { migration as creditPacksReceipts } from './migrations/0010-credit-packs-receipts.ts';
import { migration as sharing } from './migrations/0011-sharing.ts';
import { migration as videoEdits } from './migrations/0012-video-edits.ts';
import { migration as paymentEventOrder } from './migrations/0013-payment-event-order.ts';
import { migration as relaxedQueue } from './migrations/0014-relaxed-queue.ts';
import { migration as paymentCustomers } from './migrations/0015-payment-customers.ts';
import { migration as periodTerms } from './migrations/0016-period-terms.ts';
import { migration as delayedPayments } from './migrations/0017-delayed-payments.ts';
import { migration as generationControls } from './migrations/0018-generation-controls.ts';
import { migration as runsAndCancel } from './migrations/0019-runs-and-cancel.ts';
import { migration as notifications } from './migrations/0020-notifications.ts';
import { migration as ledgerOrder } from './migrations/0021-ledger-order.ts';
import { migration as receiptTakeback } from './migrations/0022-receipt-takeback.ts';

/**
 * Migrations live in code (one module each in migrations/, not files read from disk) so the same list runs from tsx,
 * vitest and any bundle. Kysely runs them in the order of their names, which are stored in the database: add a module
 * and its entry at the end; never rename or edit one that has shipped.
 */
const migrations: Record<string, Migration> = {
  '0001_initial': initial,
  '0002_video_engines': videoEngines,
  '0003_request_hash': requestHash,
  '0004_accounts_mail': accountsMail,
  '0005_generation_settings': generationSettings,
  '0006_email_verification': emailVerification,
  '0007_release_telemetry': releaseTelemetry,
  '0008_account_picture': accountPicture,
  '0009_scheduled_plan_changes': scheduledPlanChanges,
  '0010_credit_packs_receipts': creditPacksReceipts,
  '0011_sharing': sharing,
  '0012_video_edits': videoEdits,
  '0013_payment_event_order': paymentEventOrder,
  '0014_relaxed_queue': relaxedQueue,
  '0015_payment_customers': paymentCustomers,
  '0016_period_terms': periodTerms,
  '0017_delayed_payments': delayedPayments,
  '0018_generation_controls': generationControls,
  '0019_runs_and_cancel': runsAndCancel,
  '0020_notifications': notifications,
  '0021_ledger_order': ledgerOrder,
  '0022_receipt_takeback': receiptTakeback,
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
