import { randomBytes } from 'node:crypto';
import type { MailSentReply, ResetLinkReply } from '@reelmint/contract/account-api';
import type { User } from '../db/schema.ts';
import { AppError } from '../http/errors.ts';
import { passwordResetMail, siteLink } from '../mail/render.ts';
import type { Services } from '../services.ts';
import { assertNewPassword, hashPassword } from './passwords.ts';
import { hashToken, mailLanguage, normalizeEmail } from './mailed-links.ts';

export const RESET_LINK_MINUTES = 30;
/** Reset mails one address can be sent per window; beyond it the request is answered the same way and sends nothing. */
export const RESET_MAILS_PER_WINDOW = 3;
export const RESET_MAIL_WINDOW_MINUTES = 15;

/**
 * Sends a reset link when an account has this email. The answer never says whether one does:
 * `mailMayBeLate` is the mail server's state (a send, or a connection check when there is
 * nothing to send, which takes about as long).
 */
export async function requestPasswordReset(services: Services, email: string, requestedLanguage?: string): Promise<MailSentReply> {
  const user = await services.db.selectFrom('users').selectAll().where('email', '=', normalizeEmail(email)).executeTakeFirst();
  const now = services.now();
  if (user) {
    const since = new Date(now.getTime() - RESET_MAIL_WINDOW_MINUTES * 60_000).toISOString();
    const recent = await services.db
      .selectFrom('password_resets')
      .select(({ fn }) => fn.countAll<number>().as('count'))
      .where('user_id', '=', user.id)
      .where('created_at', '>', since)
      .executeTakeFirstOrThrow();
    if (Number(recent.count) < RESET_MAILS_PER_WINDOW) {
      const token = randomBytes(32).toString('base64url');
      await services.db
        .insertInto('password_resets')
        .values({
          token_hash: hashToken(token),
          user_id: user.id,
          created_at: now.toISOString(),
          expires_at: new Date(now.getTime() + RESET_LINK_MINUTES * 60_000).toISOString(),
          used_at: null,
        })
        .execute();
      const language = mailLanguage(user, requestedLanguage);
      const url = siteLink(services.siteOrigin, language, `/reset-password?token=${token}`);
      const mail = passwordResetMail({ language, name: user.name, siteOrigin: services.siteOrigin, url, minutes: RESET_LINK_MINUTES });
      const { delivered } = await services.mailer.send({ kind: 'password-reset', to: user.email, ...mail });
      return { mailMayBeLate: services.mailer.configured && !delivered };
    }
  }
  return { mailMayBeLate: services.mailer.configured && !(await services.mailer.probe()) };
}

const linkErrors = {
  invalid: () => new AppError(400, 'RESET_LINK_INVALID', 'This password reset link is not valid. Ask for a new one.'),
  expired: () => new AppError(410, 'RESET_LINK_EXPIRED', 'This password reset link has expired. Ask for a new one.'),
  used: () => new AppError(410, 'RESET_LINK_USED', 'This password reset link has already been used. Ask for a new one if you need to.'),
};

async function findLink(services: Services, token: string) {
  const link = await services.db
    .selectFrom('password_resets')
    .innerJoin('users', 'users.id', 'password_resets.user_id')
    .select(['password_resets.token_hash', 'password_resets.expires_at', 'password_resets.used_at', 'users.id as userId', 'users.email', 'users.name'])
    .where('password_resets.token_hash', '=', hashToken(token))
    .executeTakeFirst();
  if (!link) throw linkErrors.invalid();
  if (link.used_at) throw linkErrors.used();
  if (link.expires_at <= services.now().toISOString()) throw linkErrors.expired();
  return link;
}

/** Whether the link can still be used, so the page can say so before the person types a password. */
export async function checkResetLink(services: Services, token: string): Promise<ResetLinkReply> {
  const link = await findLink(services, token);
  return { email: link.email };
}

/**
 * Sets the new password and uses up the link, then ends every session of the person (the
 * caller signs them in afresh). Also voids their other reset links: one reset is enough.
 */
export async function resetPassword(services: Services, token: string, password: string): Promise<User> {
  const link = await findLink(services, token);
  assertNewPassword(password, [link.name, link.email]);
  const passwordHash = await hashPassword(password);
  const now = services.now().toISOString();
  const user = await services.db.transaction().execute(async (trx) => {
    // The guarded update is the single use: of two requests with one link, only one changes a row.
    const claimed = await trx
      .updateTable('password_resets')
      .set({ used_at: now })
      .where('token_hash', '=', link.token_hash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) return null;
    await trx.updateTable('password_resets').set({ used_at: now }).where('user_id', '=', link.userId).where('used_at', 'is', null).execute();
    await trx.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', link.userId).execute();
    // The link reached the account's address, which proves it; and a pending move to another
    // address (perhaps asked for by whoever the reset locks out) is called off.
    await trx.updateTable('users').set({ email_verified_at: now }).where('id', '=', link.userId).where('email_verified_at', 'is', null).execute();
    await trx
      .updateTable('email_verifications')
      .set({ used_at: now })
      .where('user_id', '=', link.userId)
      .where('purpose', '=', 'change')
      .where('used_at', 'is', null)
      .execute();
    await trx.deleteFrom('sessions').where('user_id', '=', link.userId).execute();
    return trx.selectFrom('users').selectAll().where('id', '=', link.userId).executeTakeFirstOrThrow();
  });
  if (!user) throw linkErrors.used();
  return user;
}
