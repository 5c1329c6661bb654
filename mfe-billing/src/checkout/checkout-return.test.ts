import { act } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authStore, creditsStore, subscriptionStore } from '@reelmint/shared';
import { fakeApi, setupFakeApi, signIn } from '@reelmint/testing';
import { CHECKOUT_ENDED_KEY } from './checkout-end.ts';
import { REFRESH_WHILE_OPEN_MS, rememberCheckoutOrigin } from './checkout-return.ts';

setupFakeApi();

const back = () => act(() => window.dispatchEvent(new Event('focus')));
const ended = (outcome: 'paid' | 'canceled') =>
  act(() => {
    const newValue = JSON.stringify({ sessionId: 'cs_1', outcome, at: Date.now() });
    window.dispatchEvent(new StorageEvent('storage', { key: CHECKOUT_ENDED_KEY, newValue }));
  });
const reads = () => fakeApi.callsTo('GET /api/user/subscription').length;

describe('the window a checkout was opened from', () => {
  afterEach(() => {
    vi.useRealTimers();
    // Ends any watch a test left going, so the next test starts without one.
    ended('canceled');
  });

  it('takes the plan and balance from the server on every return while the checkout is open, the one after paying included', async () => {
    signIn({ plan: 'free', balance: 100 });
    rememberCheckoutOrigin('/en/text-to-video/generator');

    // Back once before paying (to read the plans again): still Free, as the server says.
    back();
    await vi.waitFor(() => expect(reads()).toBe(1));
    await vi.waitFor(() => expect(subscriptionStore.getState().subscription?.plan).toBe('free'));

    // Paid in the other window, then back here: the new plan and balance, without a reload.
    fakeApi.account = { ...fakeApi.account!, plan: 'pro', balance: 600 };
    back();
    await vi.waitFor(() => expect(subscriptionStore.getState().subscription?.plan).toBe('pro'));
    await vi.waitFor(() => expect(creditsStore.getState().balance).toBe(600));
    expect(authStore.getState().user?.plan).toBe('pro');
  });

  it('refreshes at once when the checkout ends in its window, and then stops asking', async () => {
    signIn({ plan: 'free', balance: 100 });
    rememberCheckoutOrigin('/en/pricing');
    fakeApi.account = { ...fakeApi.account!, plan: 'premium', balance: 12_100 };

    ended('paid');
    await vi.waitFor(() => expect(subscriptionStore.getState().subscription?.plan).toBe('premium'));
    await vi.waitFor(() => expect(creditsStore.getState().balance).toBe(12_100));
    expect(reads()).toBe(1);

    back();
    back();
    expect(reads()).toBe(1);
  });

  it('stops asking an hour after the checkout opened when nothing said it ended', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    signIn({ plan: 'free', balance: 100 });
    rememberCheckoutOrigin('/en/pricing');
    vi.setSystemTime(Date.now() + REFRESH_WHILE_OPEN_MS + 1);
    back();
    expect(reads()).toBe(0);
  });
});
