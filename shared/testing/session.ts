import { setSession } from '@reelmint/shared';
import type { PlanKey } from '@reelmint/contract/plans';
import type { AccountUser } from '@reelmint/contract/account-api';
import { fakeApi } from './fake-api.ts';

/** A token the shared client accepts as unexpired: a JWT whose expiry is an hour away. */
export function fakeToken(): string {
  const payload = btoa(JSON.stringify({ sub: 'u1', exp: Math.floor(Date.now() / 1000) + 3600 })).replace(/=+$/, '');
  return `h.${payload}.s`;
}

export interface SignIn {
  plan?: PlanKey;
  balance?: number;
  user?: Partial<AccountUser>;
}

/**
 * Signs Ada in: the session store holds her session (a token the client sends) and the fake API answers
 * `/api/auth/me`, her credits, her subscription and her history as hers, on `plan` with `balance` credits.
 */
export function signIn({ plan = 'free', balance = 100, user = {} }: SignIn = {}): AccountUser {
  const account: AccountUser = {
    id: 'u1',
    name: 'Ada',
    email: 'ada@example.com',
    credits: balance,
    subscription: { plan, status: 'active' },
    emailVerified: true,
    pendingEmail: null,
    pictureUrl: null,
    language: null,
    hasPassword: true,
    roles: [],
    ...user,
  };
  fakeApi.account = { user: account, balance, plan };
  setSession(fakeToken(), { id: account.id, username: account.name, plan });
  return account;
}
