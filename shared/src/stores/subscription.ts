import { useStore } from 'zustand';
import { api } from '../api/endpoints.ts';
import { PLAN_FEATURES } from '@reelmint/contract/plans';
import type { SubscriptionStatus } from '@reelmint/contract/plans';
import { createAccountQuery } from './account-query.ts';
import type { AccountState } from './account-types.ts';

/** The subscription is cached for 60 seconds. */
export const SUBSCRIPTION_CACHE_MS = 60_000;

export type SubscriptionState = AccountState<'subscription', SubscriptionStatus>;

/** What an anonymous visitor has: the free plan. */
export const ANONYMOUS_SUBSCRIPTION: SubscriptionStatus = {
  plan: 'free',
  status: 'active',
  features: PLAN_FEATURES.free,
  expiresAt: null,
};

const subscription = createAccountQuery({
  key: 'subscription',
  ttlMs: SUBSCRIPTION_CACHE_MS,
  fetch: () => api.subscription(),
  anonymous: ANONYMOUS_SUBSCRIPTION,
});

export const subscriptionStore = subscription.store;

/** Load the person's plan unless a fresh one (under 60 s old) is cached. Anonymous visitors are on free. */
export const loadSubscription = subscription.load;

/** After a payment, upgrade or cancel the server's answer is the truth: store it for every app. */
export const setSubscription = subscription.set;

export function useSubscription<T>(selector: (state: SubscriptionState) => T): T {
  return useStore(subscriptionStore, selector);
}
