import { randomBytes } from 'node:crypto';
import type { EmailChangeReply, VerificationResentReply, VerifyEmailReply } from '@reelmint/contract/account-api';
import type { Language } from '@reelmint/contract/languages';
import { isUniqueViolation } from '../db/database.ts';
import type { EmailVerificationPurpose, User } from '../db/schema.ts';
import { AppError } from '../http/errors.ts';
import { confirmEmailChangeMail, emailChangeNoticeMail, siteLink, verifyEmailMail } from '../mail/render.ts';
import type { Services } from '../services.ts';
import type { CoreContext } from '../context.ts';
import { verifyPassword } from './passwords.ts';
import { hashToken, mailLanguage, normalizeEmail } from './mailed-links.ts';

export const VERIFY_LINK_HOURS = 24;
/** Verification and change mails one account can be sent per window (a resend button pressed over and over). */
export const VERIFY_MAILS_PER_WINDOW = 3;
export const VERIFY_MAIL_WINDOW_MINUTES = 15;

const linkErrors = {
  invalid: () => new AppError(400, 'VERIFY_LINK_INVALID', 'This confirmation link is not valid. Ask for a new one.'),
  expired: () => new AppError(410, 'VERIFY_LINK_EXPIRED', 'This confirmation link has expired. Ask for a new one.'),
  used: () => new AppError(410, 'VERIFY_LINK_USED', 'This confirmation link has already been used or replaced by a newer one.'),
};

async function assertMailAllowance(ctx: CoreContext, userId: string, needed: number): Promise<void> {
  const since = new Date(ctx.now().getTime() - VERIFY_MAIL_WINDOW_MINUTES * 60_000).toISOString();
  const recent = await ctx.db
    .selectFrom('email_verifications')
    .select(({ fn }) => fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  if (Number(recent.count) + needed > VERIFY_MAILS_PER_WINDOW) {
    throw new AppError(
      429,
      'TOO_MANY_MAILS',
      `We have already sent ${VERIFY_MAILS_PER_WINDOW} links in the last ${VERIFY_MAIL_WINDOW_MINUTES} minutes. Check your inbox and spam folder, or try again later.`,
    );
  }
}

/** Stores a new link for `email` and returns its secret (only the hash is kept). */
async function createLink(ctx: CoreContext, userId: string, email: string, purpose: EmailVerificationPurpose): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const now = ctx.now();
  await ctx.db
    .insertInto('email_verifications')
    .values({
      token_hash: hashToken(token),
      user_id: userId,
      email,
      purpose,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + VERIFY_LINK_HOURS * 3_600_000).toISOString(),
      used_at: null,
    })
    .execute();
  return token;
}

const verifyUrl = (services: Services, language: Language, token: string) => siteLink(services.siteOrigin, language, `/verify-email?token=${token}`);

/**
 * Mails a new account (or one asking again) the link that proves its address. The mail is in the
 * outbox whatever happens; `mailMayBeLate` says the mail server did not take it just now.
 */
export async function sendVerificationMail(services: Services, user: User, requestedLanguage?: string | null): Promise<{ mailMayBeLate: boolean }> {
  const token = await createLink(services, user.id, user.email, 'signup');
  const language = mailLanguage(user, requestedLanguage);
  const mail = verifyEmailMail({
    language,
    name: user.name,
    siteOrigin: services.siteOrigin,
    url: verifyUrl(services, language, token),
    hours: VERIFY_LINK_HOURS,
  });
  const { delivered } = await services.mailer.send({ kind: 'email-verification', to: user.email, ...mail });
  return { mailMayBeLate: services.mailer.configured && !delivered };
}

/** 'Resend' from the reminder: a fresh link, within the per-account allowance. */
export async function resendVerificationMail(services: Services, user: User, requestedLanguage?: string): Promise<VerificationResentReply> {
  if (user.email_verified_at) throw new AppError(409, 'EMAIL_ALREADY_VERIFIED', 'This email address is already confirmed.');
  await assertMailAllowance(services, user.id, 1);
  return { email: user.email, ...(await sendVerificationMail(services, user, requestedLanguage)) };
}

/**
 * Asks to move the account to `newEmail`: a link to the new address (nothing changes until it is
 * followed) and a notice to the current one. A password account must give its password, so a
 * session left open somewhere cannot take the account away.
 */
export async function requestEmailChange(
  services: Services,
  user: User,
  input: { email: string; password?: string | undefined; language?: string | undefined },
): Promise<EmailChangeReply> {
  const newEmail = normalizeEmail(input.email);
  if (user.password_hash && !(input.password && (await verifyPassword(user.password_hash, input.password)))) {
    throw new AppError(403, 'WRONG_PASSWORD', 'The current password is not correct.');
  }
  if (newEmail === user.email) throw new AppError(400, 'EMAIL_UNCHANGED', 'This is already the address of your account.');
  const taken = await services.db.selectFrom('users').select('id').where('email', '=', newEmail).executeTakeFirst();
  if (taken) throw new AppError(409, 'EMAIL_TAKEN', 'An account with this email already exists');
  await assertMailAllowance(services, user.id, 1);
  // One pending change at a time: a newer request voids the links of earlier ones.
  await services.db
    .updateTable('email_verifications')
    .set({ used_at: services.now().toISOString() })
    .where('user_id', '=', user.id)
    .where('purpose', '=', 'change')
    .where('used_at', 'is', null)
    .execute();
  const token = await createLink(services, user.id, newEmail, 'change');
  const language = mailLanguage(user, input.language);
  const base = { language, name: user.name, siteOrigin: services.siteOrigin };
  const confirm = confirmEmailChangeMail({ ...base, url: verifyUrl(services, language, token), hours: VERIFY_LINK_HOURS, newEmail });
  const notice = emailChangeNoticeMail({ ...base, newEmail });
  const sent = await services.mailer.send({ kind: 'email-change', to: newEmail, ...confirm });
  const told = await services.mailer.send({ kind: 'email-change-notice', to: user.email, ...notice });
  return { pendingEmail: newEmail, mailMayBeLate: services.mailer.configured && !(sent.delivered && told.delivered) };
}

/** The address a change is waiting for, if any (shown on the settings page and in /me). */
export async function pendingEmailOf(ctx: CoreContext, userId: string): Promise<string | null> {
  const pending = await ctx.db
    .selectFrom('email_verifications')
    .select('email')
    .where('user_id', '=', userId)
    .where('purpose', '=', 'change')
    .where('used_at', 'is', null)
    .where('expires_at', '>', ctx.now().toISOString())
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
  return pending?.email ?? null;
}

/**
 * Follows a link: marks the address verified, or moves the account to the new address. The link
 * is used up by a guarded update, so two clicks change things once. No sign-in is needed, since
 * the link may be opened on another device; holding the link is the proof.
 */
export async function confirmEmail(services: Services, token: string): Promise<VerifyEmailReply> {
  const link = await services.db.selectFrom('email_verifications').selectAll().where('token_hash', '=', hashToken(token)).executeTakeFirst();
  if (!link) throw linkErrors.invalid();
  if (link.used_at) throw linkErrors.used();
  const now = services.now().toISOString();
  if (link.expires_at <= now) throw linkErrors.expired();
  try {
    const applied = await services.db.transaction().execute(async (trx) => {
      const claimed = await trx
        .updateTable('email_verifications')
        .set({ used_at: now })
        .where('token_hash', '=', link.token_hash)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) return false;
      if (link.purpose === 'change') {
        await trx.updateTable('users').set({ email: link.email, email_verified_at: now }).where('id', '=', link.user_id).execute();
        return true;
      }
      // A sign-up link proves the address it was sent to; if the account has moved since, it proves nothing.
      const marked = await trx
        .updateTable('users')
        .set({ email_verified_at: now })
        .where('id', '=', link.user_id)
        .where('email', '=', link.email)
        .executeTakeFirst();
      return Number(marked.numUpdatedRows) === 1;
    });
    if (!applied) throw linkErrors.used();
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError(409, 'EMAIL_TAKEN', 'Another account now uses this email address, so yours cannot move to it.');
    throw error;
  }
  return { email: link.email, purpose: link.purpose };
}
