import { createStore } from 'zustand/vanilla';
import { useStore } from 'zustand';
import { api } from '../api/endpoints.ts';
import { authStore } from './auth.ts';
import { bus } from '../bus.ts';
import { PLAN_FEATURES } from '../plans.ts';
import type { SubscriptionStatus } from '../plans.ts';

/** Spec §9: the subscription is cached for 60 seconds. */
export const SUBSCRIPTION_CACHE_MS = 60_000;

export interface SubscriptionState {
  subscription: SubscriptionStatus | null;
  status: 'idle' | 'loading' | 'ready' | 'error';
  /** True when the value is the built-in fallback because the server could not be reached. */
  fallback: boolean;
  fetchedAt: number;
}

/** What an anonymous visitor has (spec §6): the free plan. */
export const ANONYMOUS_SUBSCRIPTION: SubscriptionStatus = {
  plan: 'free',
  status: 'active',
  features: PLAN_FEATURES.free,
  expiresAt: null,
};

const initial: SubscriptionState = { subscription: null, status: 'idle', fallback: false, fetchedAt: 0 };
export const subscriptionStore = createStore<SubscriptionState>(() => initial);

let inFlight: Promise<void> | null = null;

/** Load the person's plan unless a fresh one (under 60 s old) is cached. Anonymous visitors are on free. */
export function loadSubscription(options: { force?: boolean; now?: number } = {}): Promise<void> {
  const now = options.now ?? Date.now();
  const state = subscriptionStore.getState();
  if (!authStore.getState().token) {
    subscriptionStore.setState({ subscription: ANONYMOUS_SUBSCRIPTION, status: 'ready', fallback: false, fetchedAt: now });
    return Promise.resolve();
  }
  if (!options.force && state.status === 'ready' && now - state.fetchedAt < SUBSCRIPTION_CACHE_MS) return Promise.resolve();
  if (inFlight) return inFlight;
  subscriptionStore.setState({ status: 'loading' });
  inFlight = api
    .subscription()
    .then(({ data, fallback }) => {
      subscriptionStore.setState({ subscription: data, status: 'ready', fallback, fetchedAt: Date.now() });
    })
    .catch(() => {
      subscriptionStore.setState({ status: 'error', fetchedAt: Date.now() });
    })
    .finally(() => {
      inFlight = null;
    });
  return inFlight;
}

/** After a payment, upgrade or cancel the server's answer is the truth: store it for every app. */
export function setSubscription(subscription: SubscriptionStatus): void {
  subscriptionStore.setState({ subscription, status: 'ready', fallback: false, fetchedAt: Date.now() });
}

export function useSubscription<T>(selector: (state: SubscriptionState) => T): T {
  return useStore(subscriptionStore, selector);
}

/** The plan belongs to a session: a new token (sign-in, sign-out) starts over; a profile update does not. */
let sessionToken = authStore.getState().token;
bus.on('auth:changed', ({ token }) => {
  if (token === sessionToken) return;
  sessionToken = token;
  subscriptionStore.setState(initial, true);
});
