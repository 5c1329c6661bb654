// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ANONYMOUS_SUBSCRIPTION, loadSubscription, setSubscription, subscriptionStore } from './subscription.ts';
import { clearSession, setSession, updateUser } from './auth.ts';
import { api } from '../api/endpoints.ts';
import { PLAN_FEATURES } from '@reelmint/contract/plans';

const pro = { plan: 'pro' as const, status: 'active' as const, features: PLAN_FEATURES.pro, expiresAt: '2030-01-01T00:00:00.000Z' };

describe('subscription store (cached 60 s)', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    clearSession();
  });

  it('gives anonymous visitors the free plan without a request', async () => {
    const call = vi.spyOn(api, 'subscription');
    await loadSubscription();
    expect(subscriptionStore.getState().subscription).toEqual(ANONYMOUS_SUBSCRIPTION);
    expect(call).not.toHaveBeenCalled();
  });

  it('asks the server once per 60 seconds unless forced', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    setSession('t', { username: 'Ada' });
    const call = vi.spyOn(api, 'subscription').mockResolvedValue({ data: pro, fallback: false });
    await loadSubscription();
    const fetchedAt = subscriptionStore.getState().fetchedAt;
    vi.setSystemTime(fetchedAt + 59_000);
    await loadSubscription();
    expect(call).toHaveBeenCalledTimes(1);
    vi.setSystemTime(fetchedAt + 61_000);
    await loadSubscription();
    expect(call).toHaveBeenCalledTimes(2);
    await loadSubscription({ force: true });
    expect(call).toHaveBeenCalledTimes(3);
    expect(subscriptionStore.getState().subscription?.plan).toBe('pro');
  });

  it('forgets the plan when the session changes (not on a profile update) and takes a known answer as the truth', () => {
    setSession('t', { username: 'Ada' });
    setSubscription(pro);
    expect(subscriptionStore.getState()).toMatchObject({ status: 'ready', subscription: pro });
    updateUser({ plan: 'pro' });
    expect(subscriptionStore.getState()).toMatchObject({ status: 'ready', subscription: pro });
    clearSession();
    expect(subscriptionStore.getState()).toMatchObject({ status: 'idle', subscription: null });
  });
});
