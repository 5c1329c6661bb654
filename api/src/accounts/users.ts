import { randomUUID } from 'node:crypto';
import { PLAN_FEATURES } from '@reelmint/contract/plans';
import type { AccountUser } from '@reelmint/contract/account-api';
import { isUniqueViolation } from '../db/database.ts';
import type { User } from '../db/schema.ts';
import { AppError } from '../http/errors.ts';
import type { CoreContext } from '../context.ts';
import { grantInTransaction } from '../credits/ledger.ts';
import { createFreeSubscription, currentSubscription, planOf } from '../plans/subscriptions.ts';
import { assertNewPassword, burnPasswordCheck, hashPassword, verifyPassword } from './passwords.ts';
import type { GoogleIdentity } from './google.ts';
import { pendingEmailOf } from './email-verification.ts';
import { normalizeEmail } from './mailed-links.ts';
import { picturePath } from './settings.ts';

export async function userView(ctx: CoreContext, user: User): Promise<AccountUser> {
  const subscription = await currentSubscription(ctx, user.id);
  const fresh = await ctx.db.selectFrom('users').select('balance').where('id', '=', user.id).executeTakeFirst();
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    credits: fresh?.balance ?? user.balance,
    subscription: { plan: planOf(subscription), status: subscription.status },
    emailVerified: user.email_verified_at !== null,
    pendingEmail: await pendingEmailOf(ctx, user.id),
    pictureUrl: user.picture_file ? picturePath(user.picture_file) : null,
    language: user.language,
    hasPassword: user.password_hash !== null,
    roles: (await ctx.db.selectFrom('account_roles').select('role').where('user_id', '=', user.id).orderBy('role').execute()).map((row) => row.role),
  };
}

interface NewAccount {
  name: string;
  email: string;
  passwordHash: string | null;
  googleSub: string | null;
  language: string | null;
  /** Google vouched for the address. */
  emailVerified: boolean;
}

/** Creates the user, their free subscription and the free plan's credits in one transaction. */
async function createAccount(ctx: CoreContext, account: NewAccount): Promise<User> {
  const now = ctx.now().toISOString();
  const user: User = {
    id: `usr_${randomUUID()}`,
    name: account.name,
    email: account.email,
    password_hash: account.passwordHash,
    google_sub: account.googleSub,
    balance: 0,
    language: account.language,
    email_verified_at: account.emailVerified ? now : null,
    picture_file: null,
    notify_by_email: 0,
    created_at: now,
  };
  try {
    return await ctx.db.transaction().execute(async (trx) => {
      await trx.insertInto('users').values(user).execute();
      await createFreeSubscription(trx, user.id, now);
      const grant = await grantInTransaction(trx, ctx, {
        userId: user.id,
        amount: PLAN_FEATURES.free.creditsPerMonth,
        idempotencyKey: `signup:${user.id}`,
        source: 'signup',
        reason: 'Free plan credits',
      });
      return { ...user, balance: grant.balance_after };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError(409, 'EMAIL_TAKEN', 'An account with this email already exists');
    throw error;
  }
}

export async function register(ctx: CoreContext, name: string, email: string, password: string, language: string | null = null): Promise<User> {
  assertNewPassword(password, [name, email]);
  const normalized = normalizeEmail(email);
  const existing = await ctx.db.selectFrom('users').select('id').where('email', '=', normalized).executeTakeFirst();
  if (existing) throw new AppError(409, 'EMAIL_TAKEN', 'An account with this email already exists');
  return createAccount(ctx, {
    name: name.trim(),
    email: normalized,
    passwordHash: await hashPassword(password),
    googleSub: null,
    language,
    emailVerified: false,
  });
}

export async function login(ctx: CoreContext, email: string, password: string): Promise<User> {
  const user = await ctx.db.selectFrom('users').selectAll().where('email', '=', normalizeEmail(email)).executeTakeFirst();
  if (!user?.password_hash) {
    await burnPasswordCheck(password);
    throw new AppError(401, 'INVALID_CREDENTIALS', 'Incorrect email or password');
  }
  if (!(await verifyPassword(user.password_hash, password))) {
    throw new AppError(401, 'INVALID_CREDENTIALS', 'Incorrect email or password');
  }
  return user;
}

/**
 * Finds or creates the account for a verified Google identity. An existing password account is
 * linked only when Google vouches for the email, so nobody can take over an account by claiming
 * an address they do not own.
 */
export async function loginWithGoogle(ctx: CoreContext, identity: GoogleIdentity): Promise<User> {
  const bySub = await ctx.db.selectFrom('users').selectAll().where('google_sub', '=', identity.sub).executeTakeFirst();
  if (bySub) return bySub;
  const email = normalizeEmail(identity.email);
  const byEmail = await ctx.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
  if (byEmail) {
    if (!identity.emailVerified) {
      throw new AppError(409, 'EMAIL_TAKEN', 'An account with this email already exists; sign in with your password');
    }
    // Google vouching for the address proves it as a verification link would.
    const verifiedAt = byEmail.email_verified_at ?? ctx.now().toISOString();
    await ctx.db.updateTable('users').set({ google_sub: identity.sub, email_verified_at: verifiedAt }).where('id', '=', byEmail.id).execute();
    return { ...byEmail, google_sub: identity.sub, email_verified_at: verifiedAt };
  }
  return createAccount(ctx, { name: identity.name, email, passwordHash: null, googleSub: identity.sub, language: null, emailVerified: identity.emailVerified });
}
