import { createStore } from 'zustand/vanilla';
import { useStore } from 'zustand';
import { api } from '../api/endpoints.ts';
import { authStore } from './auth.ts';
import { bus } from '../bus.ts';

/** Spec §9: credits are cached for 30 seconds. */
export const CREDITS_CACHE_MS = 30_000;

export interface CreditsState {
  balance: number | null;
  status: 'idle' | 'loading' | 'ready' | 'error';
  /** True when the balance is the built-in fallback because the server could not be reached. */
  fallback: boolean;
  fetchedAt: number;
}

const initial: CreditsState = { balance: null, status: 'idle', fallback: false, fetchedAt: 0 };
export const creditsStore = createStore<CreditsState>(() => initial);

let inFlight: Promise<void> | null = null;

/** Load the balance unless a fresh one (under 30 s old) is cached. Anonymous visitors read 0. */
export function loadCredits(options: { force?: boolean; now?: number } = {}): Promise<void> {
  const now = options.now ?? Date.now();
  const state = creditsStore.getState();
  if (!authStore.getState().token) {
    creditsStore.setState({ balance: 0, status: 'ready', fallback: false, fetchedAt: now });
    return Promise.resolve();
  }
  if (!options.force && state.status === 'ready' && now - state.fetchedAt < CREDITS_CACHE_MS) return Promise.resolve();
  if (inFlight) return inFlight;
  creditsStore.setState({ status: 'loading' });
  inFlight = api
    .credits()
    .then(({ data, fallback }) => {
      creditsStore.setState({ balance: data.balance, status: 'ready', fallback, fetchedAt: Date.now() });
    })
    .catch(() => {
      creditsStore.setState({ status: 'error', fetchedAt: Date.now() });
    })
    .finally(() => {
      inFlight = null;
    });
  return inFlight;
}

/** After a spend or refund the server's new balance is the truth: store it and tell every app. */
export function setCreditBalance(balance: number): void {
  creditsStore.setState({ balance, status: 'ready', fallback: false, fetchedAt: Date.now() });
  bus.emit('credits:changed', { balance });
}

export function useCredits<T>(selector: (state: CreditsState) => T): T {
  return useStore(creditsStore, selector);
}

/** The balance belongs to a session: a new token (sign-in, sign-out) starts over; a profile update does not. */
let sessionToken = authStore.getState().token;
bus.on('auth:changed', ({ token }) => {
  if (token === sessionToken) return;
  sessionToken = token;
  creditsStore.setState(initial, true);
  void loadCredits({ force: true });
});
