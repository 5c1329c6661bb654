import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Transaction } from 'kysely';
import type { AccountDeletedReply } from '@reelmint/contract/account-api';
import type { DB } from '../db/schema.ts';
import { AppError } from '../http/errors.ts';
import { clearScheduledChange } from '../payments/buy-plan.ts';
import { goodbyeMail } from '../mail/render.ts';
import type { Services } from '../services.ts';
import { failAndRefund } from '../videos/jobs.ts';
import type { Session } from './authenticator.ts';
import { mailLanguage } from './mailed-links.ts';
import { verifyPassword } from './passwords.ts';
import { pictureKey, uploadKey, videoKeys } from '../storage/keys.ts';

/** What a deletion did, as POST /api/account/delete answers it besides `deleted`. */
export type DeletionOutcome = Omit<AccountDeletedReply, 'deleted'>;

/**
 * Ends the person's subscription at the payment provider, through the provider interface: a change
 * waiting for the renewal is released, the subscription ends now and the provider's customers of
 * the person are deleted, so nothing bills a deleted account and the provider keeps no customer of
 * theirs. The local provider keeps no subscription or customer of its own (no provider reference):
 * its only renewal is the one read from our row, which the deletion removes. A provider that refuses
 * stops the deletion before anything is deleted here; each step done is recorded as it succeeds, so
 * a retry goes on from where the provider stopped (it refuses to release or cancel anything twice).
 */
async function endSubscriptionAtProvider(services: Services, userId: string): Promise<void> {
  const row = await services.db.selectFrom('subscriptions').selectAll().where('user_id', '=', userId).executeTakeFirst();
  const customers = await services.db
    .selectFrom('payment_customers')
    .select('customer_ref')
    .where('user_id', '=', userId)
    .where('provider', '=', services.payments.name)
    .execute();
  const payments = services.payments;
  try {
    if (row?.provider_schedule_ref && payments.releaseSchedule) {
      await payments.releaseSchedule(row.provider_schedule_ref);
      await clearScheduledChange(services, userId);
    }
    if (row?.provider_ref && payments.endNow) {
      // Ended now, and the unused share of its last payment refunded: the credits it granted end with the account.
      await payments.endNow(row.provider_ref, 'unused');
      // Ended at the provider: the row says so too (the free plan, as when the provider reports an end).
      await services.db
        .updateTable('subscriptions')
        .set({ plan: 'free', status: 'active', billing_cycle: null, current_period_end: null, provider_ref: null, updated_at: services.now().toISOString() })
        .where('user_id', '=', userId)
        .execute();
    }
    if (payments.deleteCustomer) {
      for (const customer of customers) {
        await payments.deleteCustomer(customer.customer_ref);
        await services.db.deleteFrom('payment_customers').where('customer_ref', '=', customer.customer_ref).execute();
      }
    }
  } catch {
    throw new AppError(
      502,
      'DELETION_FAILED',
      'Your subscription could not be cancelled at the payment provider, so nothing was deleted. Please try again in a few minutes.',
    );
  }
  // Hosted checkouts still open must not take a payment for an account that no longer exists.
  const open = await services.db.selectFrom('checkout_sessions').select('provider_ref').where('user_id', '=', userId).where('status', '=', 'open').execute();
  const expire = payments.expireCheckout;
  if (expire) await Promise.allSettled(open.filter((s) => s.provider_ref).map((s) => expire.call(payments, s.provider_ref as string)));
}

/**
 * Moves what accounting law requires us to keep (paid checkouts, receipts and the credit ledger they
 * explain) to a new anonymous account with no name, no reachable address and no way to sign in,
 * and strips from those rows whatever could point back at the person (free text, request metadata,
 * idempotency keys that carried the old id). Returns false when nothing had to be kept.
 */
async function keepPaymentRecords(trx: Transaction<DB>, services: Services, userId: string): Promise<boolean> {
  const paid = await trx
    .selectFrom('checkout_sessions')
    .select('id')
    .where('user_id', '=', userId)
    .where('status', '=', 'paid')
    .union(trx.selectFrom('receipts').select('id').where('user_id', '=', userId))
    .executeTakeFirst();
  if (!paid) return false;
  const now = services.now().toISOString();
  const balance = await trx.selectFrom('users').select('balance').where('id', '=', userId).executeTakeFirstOrThrow();
  const anonymous = `usr_${randomUUID()}`;
  await trx
    .insertInto('users')
    .values({
      id: anonymous,
      name: '',
      // .invalid is reserved (RFC 2606): no mail can reach it and no one can sign up with it.
      email: `deleted-${randomUUID()}@deleted.invalid`,
      password_hash: null,
      google_sub: null,
      // The balance is forfeited below, in the ledger, so the kept books add up to zero.
      balance: 0,
      language: null,
      email_verified_at: null,
      picture_file: null,
      created_at: now,
    })
    .execute();
  const ledger = await trx.selectFrom('credit_ledger').select('id').where('user_id', '=', userId).execute();
  for (const row of ledger) {
    await trx
      .updateTable('credit_ledger')
      .set({ user_id: anonymous, metadata: null, reason: null, request_hash: null, idempotency_key: `deleted:${row.id}` })
      .where('id', '=', row.id)
      .execute();
  }
  if (balance.balance > 0) {
    // Unused credits, paid for or granted, end with the account: recorded as given up, so what was
    // granted, spent, refunded and forfeited sums to the balance left, zero.
    const id = `txn_${randomUUID()}`;
    await trx
      .insertInto('credit_ledger')
      .values({
        id,
        user_id: anonymous,
        kind: 'forfeit',
        amount: -balance.balance,
        balance_after: 0,
        idempotency_key: `deleted:${id}`,
        refund_of: null,
        source: 'account-deletion',
        reason: null,
        metadata: null,
        request_hash: null,
        created_at: now,
      })
      .execute();
  }
  await trx.updateTable('receipts').set({ user_id: anonymous }).where('user_id', '=', userId).execute();
  await trx.updateTable('checkout_sessions').set({ user_id: anonymous, source: null }).where('user_id', '=', userId).where('status', '=', 'paid').execute();
  return true;
}

/**
 * 'Delete my account': checks the password, ends the subscription at the provider, then in one
 * transaction removes everything of the person except the anonymised payment records the law
 * requires, then removes their media from storage and says goodbye by mail in their language.
 * A wrong password, or an account with no password yet, changes nothing.
 */
export async function deleteAccount(
  services: Services,
  log: FastifyBaseLogger,
  session: Session,
  password: string,
  requestedLanguage?: string,
): Promise<DeletionOutcome> {
  const { user } = session;
  if (!user.password_hash) {
    throw new AppError(
      409,
      'NO_PASSWORD',
      'This account signs in with Google and has no password yet; set one through the reset link, then delete the account with it.',
    );
  }
  if (!(await verifyPassword(user.password_hash, password))) throw new AppError(403, 'WRONG_PASSWORD', 'The password is not correct.');

  await endSubscriptionAtProvider(services, user.id);

  // Videos still being made are stopped first (their credits come back, as when one is deleted).
  const unfinished = await services.db
    .selectFrom('videos')
    .select('id')
    .where('user_id', '=', user.id)
    .where('status', 'in', ['queued', 'processing'])
    .execute();
  for (const video of unfinished) await failAndRefund(services, video.id, 'DELETED');

  const [videos, uploads, addresses] = await Promise.all([
    services.db.selectFrom('videos').select(['video_file', 'poster_file']).where('user_id', '=', user.id).execute(),
    services.db.selectFrom('uploads').select('file_name').where('user_id', '=', user.id).execute(),
    services.db.selectFrom('email_verifications').select('email').where('user_id', '=', user.id).execute(),
  ]);
  const recipients = [...new Set([user.email, ...addresses.map((row) => row.email)])];

  const kept = await services.db.transaction().execute(async (trx) => {
    const keptRecords = await keepPaymentRecords(trx, services, user.id);
    // Shares end with their videos: the public page and media read the row and answer 404.
    for (const table of [
      'videos',
      'uploads',
      'sessions',
      'password_resets',
      'email_verifications',
      'account_roles',
      'subscriptions',
      'checkout_sessions',
      'receipts',
      'credit_ledger',
      'payment_customers',
    ] as const) {
      await trx.deleteFrom(table).where('user_id', '=', user.id).execute();
    }
    await trx.deleteFrom('mail_outbox').where('recipient', 'in', recipients).execute();
    await trx.deleteFrom('users').where('id', '=', user.id).execute();
    return keptRecords;
  });

  const keys = [
    ...videos.flatMap((video) => videoKeys(video.video_file, video.poster_file)),
    ...uploads.map((upload) => uploadKey(upload.file_name)),
    ...(user.picture_file ? [pictureKey(user.picture_file)] : []),
  ];
  // The account is gone by now whatever storage answers; files it could not remove have no owner
  // left and are logged for the operator, rather than telling the person their deletion failed.
  if (keys.length > 0) {
    await services.storage.remove(keys).catch((error: unknown) => log.error({ err: error, keys }, 'files of a deleted account could not be removed'));
  }

  const language = mailLanguage(user, requestedLanguage);
  const mail = goodbyeMail({ language, name: user.name, siteOrigin: services.siteOrigin, kept });
  const { delivered } = await services.mailer.send({ kind: 'account-deleted', to: user.email, ...mail });
  return { paymentRecordsKept: kept, mailMayBeLate: services.mailer.configured && !delivered };
}
