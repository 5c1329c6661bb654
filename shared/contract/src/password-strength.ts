/**
 * How guessable a new password is, the one rule for sign-up, password change and reset: the API refuses what this
 * refuses (WEAK_PASSWORD), and the site's password fields show the same verdict as a meter while the person types.
 *
 * zxcvbn-ts estimates the guesses an attacker needs from common passwords, words, names, keyboard patterns, repeats,
 * sequences, dates and the person's own name and address. Its dictionaries are large (about 210 KiB with brotli), so
 * this entry stays out of the shared singleton: the browser loads it when a password field is first used, never with a
 * page, and the API imports it by name. Server-safe.
 */
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';

/** Characters a new password needs besides spaces at its ends. */
export const MIN_PASSWORD_LENGTH = 8;

/** zxcvbn's scores run from 0 to 4; from 3 ("safely unguessable", about 10^10 guesses) a new password is accepted. */
export const MIN_PASSWORD_SCORE = 3;

/** Why a password is refused, in words each screen translates; the API sends it as the refusal's `reason`. */
export const PASSWORD_WEAKNESSES = ['tooShort', 'common', 'keyboard', 'repeated', 'sequence', 'dates', 'word', 'personal', 'guessable'] as const;
export type PasswordWeakness = (typeof PASSWORD_WEAKNESSES)[number];

export type PasswordScore = 0 | 1 | 2 | 3 | 4;

export interface PasswordStrength {
  score: PasswordScore;
  acceptable: boolean;
  /** Why it is refused; null once it is acceptable. */
  weakness: PasswordWeakness | null;
}

/** zxcvbn's warnings, grouped into the reasons the site gives. */
const WARNINGS: Readonly<Record<string, PasswordWeakness>> = {
  topTen: 'common',
  topHundred: 'common',
  common: 'common',
  similarToCommon: 'common',
  pwned: 'common',
  straightRow: 'keyboard',
  keyPattern: 'keyboard',
  simpleRepeat: 'repeated',
  extendedRepeat: 'repeated',
  sequences: 'sequence',
  recentYears: 'dates',
  dates: 'dates',
  wordByItself: 'word',
  namesByThemselves: 'word',
  commonNames: 'word',
  userInputs: 'personal',
};

let estimator: ZxcvbnFactory | null = null;

/** Made once: ranking the dictionaries takes a few tens of milliseconds. */
function zxcvbn(): ZxcvbnFactory {
  estimator ??= new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs });
  return estimator;
}

/**
 * What of a name and an email address an attacker would try first: each whole, an address's part before the @, and
 * each word of three letters or more.
 */
export function personalWords(...values: readonly (string | null | undefined)[]): string[] {
  const words = new Set<string>();
  for (const value of values) {
    if (!value) continue;
    const lower = value.toLowerCase();
    words.add(lower);
    if (lower.includes('@')) words.add(lower.slice(0, lower.lastIndexOf('@')));
    for (const part of lower.split(/[^\p{L}\p{N}]+/u)) if (part.length >= 3) words.add(part);
  }
  return [...words];
}

/** The verdict on a new password; `personal` are the person's own name and address (personalWords). */
export function passwordStrength(password: string, personal: readonly string[] = []): PasswordStrength {
  if (password.trim().length < MIN_PASSWORD_LENGTH) return { score: 0, acceptable: false, weakness: 'tooShort' };
  const result = zxcvbn().check(password, [...personal]);
  const score = result.score as PasswordScore;
  if (score >= MIN_PASSWORD_SCORE) return { score, acceptable: true, weakness: null };
  const warning = result.feedback.warning;
  return { score, acceptable: false, weakness: (warning && WARNINGS[warning]) || 'guessable' };
}
