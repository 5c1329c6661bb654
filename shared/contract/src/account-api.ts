import { z } from 'zod';
import { LANGUAGES } from './languages.ts';
import { PLAN_KEYS } from './plan-keys.ts';

/**
 * Account requests and replies declared once: the API serialises with JSON Schemas made from these
 * (`jsonSchemaOf` in ./schema.ts) and the apps take their types from them. Server-safe.
 */

/** Roles granted from the command line; a release manager sees the release dashboard. */
export const RELEASE_MANAGER = 'release-manager';
export const ACCOUNT_ROLES = [RELEASE_MANAGER] as const;
export type AccountRole = (typeof ACCOUNT_ROLES)[number];

/** An address as the account is found by: spaces at its ends and case do not count (the API, the role commands). */
export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

/** The account as sign-in, /api/auth/me and the settings calls answer it. */
export const accountUser = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  credits: z.int(),
  subscription: z.object({ plan: z.enum(PLAN_KEYS), status: z.string() }),
  /** Whether the person has proved they read mail at `email`; until then the site shows a reminder. */
  emailVerified: z.boolean(),
  /** The address a requested change waits to be confirmed at, else null. */
  pendingEmail: z.string().nullable(),
  /** The picture's path on the API (prefix the API base), or null: the site shows the initial. */
  pictureUrl: z.string().nullable(),
  /** The preferred language: mails use it and the site switches to it at sign-in; null until chosen. */
  language: z.string().nullable(),
  /** False for an account made with Google that never set a password (it sets one by mail). */
  hasPassword: z.boolean(),
  roles: z.array(z.enum(ACCOUNT_ROLES)),
});
export type AccountUser = z.infer<typeof accountUser>;

/**
 * What the site keeps of the signed-in account (the shared auth store, in local storage as `user`): the shell makes
 * it from accountUser at sign-in. Every field but the name may be missing from a session stored before it was kept.
 */
export const sessionUser = z.object({
  id: accountUser.shape.id.optional(),
  username: accountUser.shape.name,
  email: accountUser.shape.email.optional(),
  /** The picture's full address (the API base before accountUser's path), or null: the header shows the initial. */
  profilePicture: z.string().nullable().optional(),
  plan: z.string().optional(),
  /** The plan's status: `past_due` or `unpaid` (a renewal that failed) shows the payment banner. */
  planStatus: z.string().optional(),
  /** False until the address is confirmed (the header's reminder). */
  emailVerified: accountUser.shape.emailVerified.optional(),
  /** `release-manager` sees the release dashboard in the menu. */
  roles: accountUser.shape.roles.optional(),
});
export type SessionUser = z.infer<typeof sessionUser>;

/** A new session: sign-in, Google sign-in and a password reset answer it. */
export const loginReply = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_at: z.iso.datetime(),
  user: accountUser,
});
export type LoginReply = z.infer<typeof loginReply>;

/** Register adds whether the verification mail could not go out yet (it is kept and retried). */
export const registerReply = loginReply.extend({ mailMayBeLate: z.boolean() });
export type RegisterReply = z.infer<typeof registerReply>;

/** One signed-in browser or device (GET /api/account/sessions). */
export const accountSession = z.object({
  id: z.string(),
  current: z.boolean(),
  browser: z.string().nullable(),
  os: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type AccountSession = z.infer<typeof accountSession>;

export const accountSessionsReply = z.object({ items: z.array(accountSession) });
export type AccountSessionsReply = z.infer<typeof accountSessionsReply>;

/** A call that sends mail: `mailMayBeLate` when the mail server did not take it yet (it is kept and retried). */
export const mailSentReply = z.object({ mailMayBeLate: z.boolean() });
export type MailSentReply = z.infer<typeof mailSentReply>;

/** POST /api/auth/email/verify/resend: a new link went to `email`. */
export const verificationResentReply = mailSentReply.extend({ email: z.string() });
export type VerificationResentReply = z.infer<typeof verificationResentReply>;

/** POST /api/auth/email/change: the account moves to `pendingEmail` once that address confirms. */
export const emailChangeReply = mailSentReply.extend({ pendingEmail: z.string() });
export type EmailChangeReply = z.infer<typeof emailChangeReply>;

/** POST /api/auth/email/verify: a confirmation link followed. */
export const verifyEmailReply = z.object({
  email: z.string(),
  /** signup: the account's own address is now confirmed; change: the account moved to `email`. */
  purpose: z.enum(['signup', 'change']),
});
export type VerifyEmailReply = z.infer<typeof verifyEmailReply>;

/** POST /api/auth/password/reset/check: the address a reset link is for, while it can still be used. */
export const resetLinkReply = z.object({ email: z.string() });
export type ResetLinkReply = z.infer<typeof resetLinkReply>;

/** POST /api/account/password: how many other sessions the change ended. */
export const passwordChangedReply = z.object({ endedSessions: z.int() });
export type PasswordChangedReply = z.infer<typeof passwordChangedReply>;

/** POST /api/account/sessions/sign-out-others: how many sessions were ended. */
export const sessionsEndedReply = z.object({ ended: z.int() });
export type SessionsEndedReply = z.infer<typeof sessionsEndedReply>;

/** POST /api/auth/logout: nothing but the envelope. */
export const logoutReply = z.null();

/** POST /api/account/delete. */
export const accountDeletedReply = z.object({
  deleted: z.boolean(),
  /** Payment records stayed, anonymised, because the law requires them (api/README.md). */
  paymentRecordsKept: z.boolean(),
  /** The goodbye mail waits in the outbox: the mail server did not take it just now. */
  mailMayBeLate: z.boolean(),
});
export type AccountDeletedReply = z.infer<typeof accountDeletedReply>;

/**
 * The account calls' request bodies, as the API validates them (`jsonSchemaOf(schema, 'input')`).
 * An address is checked with the JSON Schema `email` format the API has always used.
 */
const emailAddress = z.string().max(254).meta({ format: 'email' });
/** A new password; signing in takes any non-empty one, so older passwords still work. */
const newPassword = z.string().min(8).max(256);
const givenPassword = z.string().min(1).max(256);
const displayName = z.string().min(1).max(100).regex(/\S/);
const language = z.enum(LANGUAGES);
/** The token of a password reset or confirmation link. */
const linkToken = z
  .string()
  .min(16)
  .max(200)
  .regex(/^[A-Za-z0-9_-]+$/);

/** POST /api/auth/register; `language` is the page's, so mails reach the person in the language they signed up in. */
export const registerRequest = z.strictObject({ name: displayName, email: emailAddress, password: newPassword, language: language.optional() });
export type RegisterRequest = z.infer<typeof registerRequest>;

/** POST /api/auth/login. */
export const loginRequest = z.strictObject({ email: emailAddress, password: givenPassword });
export type LoginRequest = z.infer<typeof loginRequest>;

/** POST /api/auth/google: a Google ID token. */
export const googleSignInRequest = z.strictObject({ token: z.string().min(1).max(8192) });
export type GoogleSignInRequest = z.infer<typeof googleSignInRequest>;

/** POST /api/auth/password/forgot. */
export const forgotPasswordRequest = z.strictObject({ email: emailAddress, language: language.optional() });
export type ForgotPasswordRequest = z.infer<typeof forgotPasswordRequest>;

/** POST /api/auth/password/reset/check and POST /api/auth/email/verify: a link's token. */
export const linkTokenRequest = z.strictObject({ token: linkToken });
export type LinkTokenRequest = z.infer<typeof linkTokenRequest>;

/** POST /api/auth/password/reset. */
export const resetPasswordRequest = z.strictObject({ token: linkToken, password: newPassword });
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequest>;

/** POST /api/auth/email/verify/resend. */
export const resendVerificationRequest = z.strictObject({ language: language.optional() });
export type ResendVerificationRequest = z.infer<typeof resendVerificationRequest>;

/** POST /api/auth/email/change; `password` is the current one, required when the account has one. */
export const emailChangeRequest = z.strictObject({ email: emailAddress, password: givenPassword.optional(), language: language.optional() });
export type EmailChangeRequest = z.infer<typeof emailChangeRequest>;

/** PATCH /api/account/profile: the name, the preferred language, or both. */
export const profileChanges = z.strictObject({ name: displayName.optional(), language: language.optional() }).meta({ minProperties: 1 });
export type ProfileChanges = z.infer<typeof profileChanges>;

/** POST /api/account/password. */
export const passwordChangeRequest = z.strictObject({ currentPassword: givenPassword, newPassword });
export type PasswordChangeRequest = z.infer<typeof passwordChangeRequest>;

/** POST /api/account/delete (the password is required). */
export const accountDeletionRequest = z.strictObject({
  password: givenPassword,
  language: z.string().max(16).optional().meta({ description: 'The page’s language, for the goodbye mail when the account has none' }),
});
export type AccountDeletionRequest = z.infer<typeof accountDeletionRequest>;

/** GET /api/account/picture/{file}: an account picture by its random name (the account's `pictureUrl` ends with it). */
export const pictureParams = z.object({ file: z.string().regex(/^[a-f0-9]{32}\.(png|jpg|webp)$/) });
export type PictureParams = z.infer<typeof pictureParams>;
