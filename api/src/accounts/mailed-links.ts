import { createHash } from 'node:crypto';
import { normalizeEmail } from '@reelmint/contract/account-api';
import { FALLBACK_LANGUAGE, matchLanguage } from '@reelmint/contract/languages';
import type { Language } from '@reelmint/contract/languages';
import type { User } from '../db/schema.ts';

/**
 * What the mails an account is sent have in common: addresses compared the one way, the links' tokens kept only as
 * hashes, and the language a mail is written in.
 */

/** An address as the account is found by (declared with the account calls, which the release role commands use too). */
export { normalizeEmail };

/** A mailed link's token as it is stored: a database that leaks gives no working link. */
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** The language a mail to this person is written in: theirs when known, else the page's they asked from. */
export function mailLanguage(user: Pick<User, 'language'>, requested?: string | null): Language {
  return matchLanguage(user.language) ?? matchLanguage(requested) ?? FALLBACK_LANGUAGE;
}
