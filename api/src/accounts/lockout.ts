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

/**
 * Password guessing is limited per account (however many addresses the guesses come from) and
 * per address (however many accounts it tries). Only failures count; a success clears the
 * account's count. Email addresses are hashed before they become counter keys.
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

  /** Refuses (429) while the account or the address is locked. */
  async check(email: string, address: string): Promise<void> {
    const keys = this.keys(email, address);
    const [account, byAddress] = await Promise.all([this.counter.peek(keys.account), this.counter.peek(keys.address)]);
    if (account.count >= this.rules.perAccount) {
      throw new AppError(429, 'ACCOUNT_LOCKED', `Too many failed sign-ins for this account. Try again in ${minutes(account.resetInMs)} minutes.`, {
        retryAfterSeconds: Math.ceil(account.resetInMs / 1000),
      });
    }
    if (byAddress.count >= this.rules.perAddress) {
      throw new AppError(429, 'RATE_LIMITED', `Too many failed sign-ins from your network. Try again in ${minutes(byAddress.resetInMs)} minutes.`, {
        retryAfterSeconds: Math.ceil(byAddress.resetInMs / 1000),
      });
    }
  }

  async failed(email: string, address: string): Promise<void> {
    const keys = this.keys(email, address);
    await Promise.all([this.counter.hit(keys.account, this.rules.windowMs), this.counter.hit(keys.address, this.rules.windowMs)]);
  }

  async succeeded(email: string, address: string): Promise<void> {
    await this.counter.reset(this.keys(email, address).account);
  }
}
