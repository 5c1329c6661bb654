import { createHash } from 'node:crypto';
import { AppError } from '../http/errors.ts';
import type { HitCounter } from '../http/counters.ts';

export interface LockoutRules {
  /** Failed sign-ins one account may take in the window before it is locked. */
  perAccount: number;
  /** Failed sign-ins one client address may make in the window before it is locked. */
  perAddress: number;
  windowMs: number;
}

export const DEFAULT_LOCKOUT: LockoutRules = { perAccount: 10, perAddress: 30, windowMs: 15 * 60 * 1000 };

const minutes = (ms: number) => Math.max(1, Math.ceil(ms / 60_000));

/** A sign-in attempt counted ahead of its password check, settled once the check is done. */
export interface LoginAttempt {
  /** The password was wrong: the attempt stays counted. */
  failed(): Promise<void>;
  /** The password was right: the account's failures are cleared and the address gets its attempt back. */
  succeeded(): Promise<void>;
  /** The check could not be made (an error of ours): the attempt is taken back. */
  abandoned(): Promise<void>;
}

/**
 * Password guessing is limited per account (however many addresses the guesses come from) and
 * per address (however many accounts it tries). Every attempt is counted before its password is
 * checked, atomically (one increment, in Redis when configured), and refused when that count
 * passes the limit: so however many guesses arrive at once, at most the limit are checked, and a
 * right password among later ones waits too. A right password then clears the account's count;
 * only failures stay counted. Email addresses are hashed before they become counter keys.
 */
export class LoginLockout {
  constructor(
    private readonly counter: HitCounter,
    private readonly rules: LockoutRules,
  ) {}

  private keys(email: string, address: string) {
    const account = createHash('sha256').update(email).digest('base64url');
    return { account: `login-fail:account:${account}`, address: `login-fail:address:${address}` };
  }

  /** Counts an attempt, or refuses it (429) while the account or the address is at its limit. */
  async begin(email: string, address: string): Promise<LoginAttempt> {
    const keys = this.keys(email, address);
    const [account, byAddress] = await Promise.all([this.counter.hit(keys.account, this.rules.windowMs), this.counter.hit(keys.address, this.rules.windowMs)]);
    const giveBack = async () => {
      await Promise.all([this.counter.unhit(keys.account), this.counter.unhit(keys.address)]);
    };
    if (account.count > this.rules.perAccount) {
      await giveBack();
      throw new AppError(429, 'ACCOUNT_LOCKED', `Too many failed sign-ins for this account. Try again in ${minutes(account.resetInMs)} minutes.`, {
        retryAfterSeconds: Math.ceil(account.resetInMs / 1000),
      });
    }
    if (byAddress.count > this.rules.perAddress) {
      await giveBack();
      throw new AppError(429, 'RATE_LIMITED', `Too many failed sign-ins from your network. Try again in ${minutes(byAddress.resetInMs)} minutes.`, {
        retryAfterSeconds: Math.ceil(byAddress.resetInMs / 1000),
      });
    }
    return {
      failed: async () => undefined,
      succeeded: async () => {
        await Promise.all([this.counter.reset(keys.account), this.counter.unhit(keys.address)]);
      },
      abandoned: giveBack,
    };
  }
}
