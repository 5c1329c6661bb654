import { createHash, randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { AccountSession, PasswordChangedReply } from '@reelmint/contract/account-api';
import type { User } from '../db/schema.ts';
import { AppError } from '../http/errors.ts';
import type { Services } from '../services.ts';
import type { Session } from './authenticator.ts';
import { assertNewPassword, hashPassword, verifyPassword } from './passwords.ts';
import { pictureKey } from '../storage/keys.ts';
import { readImagePart } from '../uploads/image-part.ts';
import { EXTENSIONS } from '../uploads/sniff.ts';

/** Pictures are shown small; 5 MB is plenty for any photo a phone takes. */
export const MAX_PICTURE_BYTES = 5 * 1024 * 1024;

/** Where the picture is served, relative to the API's origin (the site prefixes its API base). */
export const picturePath = (fileName: string) => `/api/account/picture/${fileName}`;

export async function updateProfile(services: Services, user: User, changes: { name?: string; language?: string }): Promise<User> {
  const set: Partial<Pick<User, 'name' | 'language'>> = {};
  if (changes.name !== undefined) set.name = changes.name.trim();
  if (changes.language !== undefined) set.language = changes.language;
  await services.db.updateTable('users').set(set).where('id', '=', user.id).execute();
  return { ...user, ...set };
}

/**
 * Replaces the account's picture. The new file gets a new random name (so browsers never show a
 * cached old one) and the old file is removed once the row points at the new one.
 */
export async function replacePicture(services: Services, user: User, request: FastifyRequest): Promise<User> {
  const image = await readImagePart(request, MAX_PICTURE_BYTES);
  const fileName = `${randomBytes(16).toString('hex')}${EXTENSIONS[image.mimeType]}`;
  await services.storage.putBuffer(pictureKey(fileName), image.buffer, image.mimeType);
  await services.db.updateTable('users').set({ picture_file: fileName }).where('id', '=', user.id).execute();
  if (user.picture_file) await services.storage.remove([pictureKey(user.picture_file)]);
  return { ...user, picture_file: fileName };
}

/** Where an account picture is in media storage; its random name is the only way to it, and a replaced picture is gone (404). */
export async function accountPictureKey(services: Services, fileName: string): Promise<string> {
  const owner = await services.db.selectFrom('users').select('id').where('picture_file', '=', fileName).executeTakeFirst();
  if (!owner) throw new AppError(404, 'NOT_FOUND', 'No such picture');
  return pictureKey(fileName);
}

export async function removePicture(services: Services, user: User): Promise<User> {
  await services.db.updateTable('users').set({ picture_file: null }).where('id', '=', user.id).execute();
  if (user.picture_file) await services.storage.remove([pictureKey(user.picture_file)]);
  return { ...user, picture_file: null };
}

/**
 * Changes the password after checking the current one, and ends every other session: whoever
 * else was signed in with the old password is signed out. A wrong current password changes nothing.
 */
export async function changePassword(services: Services, session: Session, current: string, next: string): Promise<PasswordChangedReply> {
  const { user } = session;
  if (!user.password_hash) {
    throw new AppError(409, 'NO_PASSWORD', 'This account signs in with Google and has no password yet; ask for a reset link to set one.');
  }
  if (!(await verifyPassword(user.password_hash, current))) throw new AppError(403, 'WRONG_PASSWORD', 'The current password is not correct.');
  assertNewPassword(next, [user.name, user.email]);
  const passwordHash = await hashPassword(next);
  await services.db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', user.id).execute();
  return { endedSessions: await services.auth.endSessions(user.id, session.jti) };
}

/** One signed-in browser or device, as GET /api/account/sessions lists it. */
export type SessionItem = AccountSession;

const BROWSERS: Array<[RegExp, string]> = [
  [/Edg\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/Firefox\//, 'Firefox'],
  [/Chrome\/|Chromium\/|CriOS\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];
const SYSTEMS: Array<[RegExp, string]> = [
  [/Android/, 'Android'],
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

/** A browser and system name a person recognises, from the User-Agent the sign-in came with. */
export function describeUserAgent(userAgent: string | null): { browser: string | null; os: string | null } {
  if (!userAgent) return { browser: null, os: null };
  return {
    browser: BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1] ?? null,
    os: SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1] ?? null,
  };
}

/** The session's id as pages see it: a hash, so the list never shows what a token carries. */
const sessionId = (jti: string) => createHash('sha256').update(jti).digest('hex').slice(0, 24);

export async function listSessions(services: Services, session: Session): Promise<SessionItem[]> {
  const rows = await services.db
    .selectFrom('sessions')
    .selectAll()
    .where('user_id', '=', session.user.id)
    .where('expires_at', '>', services.now().toISOString())
    .orderBy('created_at', 'desc')
    .execute();
  return rows.map((row) => ({
    id: sessionId(row.jti),
    current: row.jti === session.jti,
    ...describeUserAgent(row.user_agent),
    createdAt: row.created_at,
    expiresAt: row.expires_at,
  }));
}
