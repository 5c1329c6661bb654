import type { LoginReply, RegisterReply, RegisterRequest } from '@reelmint/contract/account-api';
import type { User } from '../db/schema.ts';
import { AppError } from '../http/errors.ts';
import type { Services } from '../services.ts';
import { sendVerificationMail } from './email-verification.ts';
import type { LoginLockout } from './lockout.ts';
import { normalizeEmail } from './mailed-links.ts';
import { login, loginWithGoogle, register, userView } from './users.ts';

/** Signing up and in: each way ends in a new session, answered with its bearer token and the person. */

/** A new session for the person (its token, when it ends, who it is); `device` is the client's User-Agent. */
export async function startSession(services: Services, user: User, device: string | undefined): Promise<LoginReply> {
  const { token, expiresAt } = await services.auth.signIn(user.id, device);
  return { access_token: token, token_type: 'Bearer', expires_at: expiresAt.toISOString(), user: await userView(services, user) };
}

/** A new account on the free plan, its address mailed a confirmation link, and signed in. */
export async function signUp(services: Services, body: RegisterRequest, device: string | undefined): Promise<RegisterReply> {
  const user = await register(services, body.name, body.email, body.password, body.language ?? null);
  const { mailMayBeLate } = await sendVerificationMail(services, user, body.language);
  return { ...(await startSession(services, user, device)), mailMayBeLate };
}

/**
 * Email and password, within the lockout: the attempt is counted before the password is checked; a wrong password
 * counts as a failure, any other refusal gives the attempt back, and a success clears the account's count.
 */
export async function signInWithPassword(
  services: Services,
  lockout: LoginLockout,
  credentials: { email: string; password: string; address: string },
  device: string | undefined,
): Promise<LoginReply> {
  const email = normalizeEmail(credentials.email);
  const attempt = await lockout.begin(email, credentials.address);
  let user: User;
  try {
    user = await login(services, email, credentials.password);
  } catch (error) {
    if (error instanceof AppError && error.code === 'INVALID_CREDENTIALS') await attempt.failed();
    else await attempt.abandoned();
    throw error;
  }
  await attempt.succeeded();
  return startSession(services, user, device);
}

/** A Google ID token, verified with Google's keys; the account is found or made for its address. */
export async function signInWithGoogle(services: Services, idToken: string, device: string | undefined): Promise<LoginReply> {
  const verifier = services.google;
  if (!verifier) throw new AppError(400, 'GOOGLE_NOT_CONFIGURED', 'Google sign-in is not enabled on this server');
  let identity;
  try {
    identity = await verifier.verify(idToken);
  } catch {
    throw new AppError(401, 'INVALID_GOOGLE_TOKEN', 'The Google sign-in could not be verified');
  }
  return startSession(services, await loginWithGoogle(services, identity), device);
}
