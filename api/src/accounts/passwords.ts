import argon2 from 'argon2';
import { passwordStrength, personalWords } from '@reelmint/contract/password-strength';
import type { PasswordWeakness } from '@reelmint/contract/password-strength';
import { AppError } from '../http/errors.ts';

export interface HashingCost {
  /** KiB of memory per hash. */
  memoryCost: number;
  /** Passes over that memory. */
  timeCost: number;
  /** Lanes (threads). */
  parallelism: number;
}

/** argon2id at the library's defaults: 64 MiB, three passes, four lanes (above OWASP's minimum for argon2id). */
export const PASSWORD_HASHING: HashingCost = { memoryCost: 65_536, timeCost: 3, parallelism: 4 };

/**
 * One pass over 64 KiB: a fraction of a millisecond per hash instead of about half a second of CPU. Only for tests: the
 * API's unit suite sets it (test/setup.ts), and the e2e suite starts its API with TEST_ONLY_PASSWORD_HASHING=low
 * (config/env.ts refuses that under NODE_ENV=production).
 */
export const TEST_PASSWORD_HASHING: HashingCost = { memoryCost: 64, timeCost: 1, parallelism: 1 };

let hashing: HashingCost = PASSWORD_HASHING;

/**
 * Sets the cost of the hashes made from now on. Only tests lower it: at the cost above one hash takes about half a second
 * of CPU, and the suites sign up and sign in hundreds of times. A stored hash carries its own parameters, so verifying
 * needs no setting.
 */
export function setPasswordHashing(cost: HashingCost): void {
  hashing = cost;
  decoy = null;
}

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, { type: argon2.argon2id, ...hashing });
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    // A corrupt stored hash is a failed login, not a server error.
    return false;
  }
}

/**
 * A fixed hash to verify against when the email is unknown, so a wrong email and a wrong
 * password take the same time and cannot be told apart.
 */
let decoy: Promise<string> | null = null;
export async function burnPasswordCheck(password: string): Promise<void> {
  decoy ??= hashPassword('decoy-password-for-timing');
  await verifyPassword(await decoy, password);
}

/** What the API says about each weakness, for callers that read messages; screens translate the `reason` instead. */
const WEAKNESS_MESSAGES: Record<Exclude<PasswordWeakness, 'tooShort'>, string> = {
  common: 'it is one of the most used passwords, among the first an attacker tries',
  keyboard: 'keyboard patterns such as qwerty are easy to guess',
  repeated: 'repeated characters or words are easy to guess',
  sequence: 'sequences such as abc or 1234 are easy to guess',
  dates: 'dates and years are easy to guess',
  word: 'a single word or name is easy to guess',
  personal: 'it contains your name or email address',
  guessable: 'it is too easy to guess',
};

/**
 * The rules for a password someone chooses (sign-up, reset, change), the same the site's meter shows
 * (@reelmint/contract/password-strength): at least 8 characters besides spaces at its ends (VALIDATION_ERROR), and
 * not guessable: common and breached passwords, keyboard patterns, repeats, sequences, dates, a lone word and the
 * person's own name or address are refused as WEAK_PASSWORD, with the reason. `personal`: the person's name and email.
 */
export function assertNewPassword(password: string, personal: readonly (string | null | undefined)[] = []): void {
  const verdict = passwordStrength(password, personalWords(...personal));
  if (verdict.acceptable) return;
  // Length alone let eight spaces through; spaces at either end do not count towards the eight.
  if (verdict.weakness === 'tooShort' || verdict.weakness === null) {
    throw new AppError(400, 'VALIDATION_ERROR', 'The password needs at least 8 characters besides spaces at its ends');
  }
  throw new AppError(400, 'WEAK_PASSWORD', `Choose a stronger password: ${WEAKNESS_MESSAGES[verdict.weakness]}.`, {
    reason: verdict.weakness,
    score: verdict.score,
  });
}
