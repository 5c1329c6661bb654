// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { DAY_MS, PLAN_FEATURES } from '@reelmint/shared';
import type { SubscriptionStatus } from '@reelmint/shared';
import { SUBSCRIPTION_ERRORS, cancelSubscription, summarizeSubscription } from './subscription-state.ts';
import { fail, fakeApi, networkError, ok, setupFakeApi } from '@reelmint/testing';

setupFakeApi();

const NOW = Date.parse('2026-03-01T12:00:00.000Z');
const pro = (daysFromNow: number | null, status: SubscriptionStatus['status'] = 'active'): SubscriptionStatus => ({
  plan: 'pro',
  status,
  features: PLAN_FEATURES.pro,
  expiresAt: daysFromNow === null ? null : new Date(NOW + daysFromNow * DAY_MS).toISOString(),
});

describe('expiry rules', () => {
  it('expired at 0 days left or less, expiring soon at 7 or fewer, active beyond', () => {
    expect(summarizeSubscription(pro(-3), NOW)).toMatchObject({ expiry: 'expired', daysLeft: -3 });
    expect(summarizeSubscription(pro(0), NOW)).toMatchObject({ expiry: 'expired', daysLeft: 0 });
    expect(summarizeSubscription(pro(0.5), NOW)).toMatchObject({ expiry: 'expiring-soon', daysLeft: 1 });
    expect(summarizeSubscription(pro(7), NOW)).toMatchObject({ expiry: 'expiring-soon', daysLeft: 7 });
    expect(summarizeSubscription(pro(7.5), NOW)).toMatchObject({ expiry: 'active', daysLeft: 8 });
    expect(summarizeSubscription(pro(null), NOW)).toMatchObject({ expiry: 'none', daysLeft: null });
  });

  it('offers upgrade only on free, and cancellation only on a running paid plan not yet cancelled', () => {
    const free: SubscriptionStatus = { plan: 'free', status: 'active', features: PLAN_FEATURES.free, expiresAt: null };
    expect(summarizeSubscription(free, NOW)).toMatchObject({ canUpgrade: true, canCancel: false });
    expect(summarizeSubscription(pro(30), NOW)).toMatchObject({ canUpgrade: false, canCancel: true, cancelled: false });
    expect(summarizeSubscription(pro(3), NOW)).toMatchObject({ canCancel: true });
    expect(summarizeSubscription(pro(30, 'canceled'), NOW)).toMatchObject({ canCancel: false, cancelled: true });
    expect(summarizeSubscription(pro(0), NOW)).toMatchObject({ canCancel: false });
  });
});

describe('subscription calls and their error codes', () => {
  it('cancel answers the effective date', async () => {
    const { calls } = fakeApi.use({ 'POST /api/subscription/cancel': () => ok({ effectiveDate: '2026-04-01T00:00:00.000Z' }) });
    await expect(cancelSubscription()).resolves.toEqual({ success: true, data: { effectiveDate: '2026-04-01T00:00:00.000Z' } });
    expect(calls[0]?.body).toMatchObject({ timestamp: expect.any(String) });
  });

  it('cancel failures are CANCELLATION_FAILED, or NETWORK_ERROR when the server is out of reach', async () => {
    fakeApi.use({ 'POST /api/subscription/cancel': () => fail(409, 'CANCELLATION_FAILED', 'There is no paid subscription to cancel') });
    await expect(cancelSubscription()).resolves.toEqual({ success: false, error: SUBSCRIPTION_ERRORS.CANCELLATION_FAILED });
    fakeApi.on('POST /api/subscription/cancel', networkError());
    const outcome = await cancelSubscription();
    expect(outcome).toEqual({
      success: false,
      error: { code: 'NETWORK_ERROR', message: 'Network error occurred during cancellation', key: 'errors.cancellationNetwork' },
    });
  });
});
