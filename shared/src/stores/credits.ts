import { useStore } from 'zustand';
import { api } from '../api/endpoints.ts';
import { createAccountQuery } from './account-query.ts';
import type { AccountState } from './account-types.ts';

/** Credits are cached for 30 seconds. */
export const CREDITS_CACHE_MS = 30_000;

export type CreditsState = AccountState<'balance', number>;

const credits = createAccountQuery({
  key: 'balance',
  ttlMs: CREDITS_CACHE_MS,
  fetch: async () => {
    const { data, fallback } = await api.credits();
    return { data: data.balance, fallback };
  },
  // Anonymous visitors read 0 credits.
  anonymous: 0,
  reloadOnNewSession: true,
});

export const creditsStore = credits.store;

/** Load the balance unless a fresh one (under 30 s old) is cached. Anonymous visitors read 0. */
export const loadCredits = credits.load;

/**
 * After a spend or refund the server's new balance is the truth: it is cached as fresh (the next load does not ask),
 * and every app, which reads the balance from this store, shows it.
 */
export const setCreditBalance: (balance: number) => void = credits.set;

export function useCredits<T>(selector: (state: CreditsState) => T): T {
  return useStore(creditsStore, selector);
}
