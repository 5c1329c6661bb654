import type { Loaded } from '../api/types.ts';

/**
 * The shapes the account stores (account-query.ts) and their reads (account-reads.ts, loaded when first needed) share,
 * in a module of their own so neither imports the other.
 */

export type AccountStatus = 'idle' | 'loading' | 'ready' | 'error';

/** A value of the signed-in person, under its own name (`balance`, `subscription`), with how it was loaded. */
export type AccountState<K extends string, T> = { [P in K]: T | null } & {
  status: AccountStatus;
  /** True when the value is the built-in fallback because the server could not be reached. */
  fallback: boolean;
  fetchedAt: number;
};

export interface AccountQueryOptions<K extends string, T> {
  key: K;
  /** How long a loaded value is fresh. */
  ttlMs: number;
  fetch: () => Promise<Loaded<T>>;
  /** What a visitor without a token has, set without a request. */
  anonymous: T;
  /** Load again at once when a new session starts (the header shows it straight away). */
  reloadOnNewSession?: boolean;
}

export interface AccountReads<T> {
  /** Reads the session's value unless a fresh one is cached (`force`: at once); a read in flight is shared. */
  load(token: string, force: boolean): Promise<void>;
  /** Caches a value the server answered otherwise (a spend, a payment) as fresh. */
  remember(token: string, value: T): void;
  /** Drops every session's value: a new session starts from nothing. */
  forget(): void;
}
