// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ApiError, PLAN_FEATURES } from '@reelmint/shared';
import type { SubscriptionReply } from '@reelmint/shared';
import { CHECKOUT_NOT_OPENED } from '../checkout/checkout.ts';
import { buyPlan, failureOf, retryMinutesOf } from './buy-plan.ts';
import { fail, fakeApi, networkError, ok, raw, setupFakeApi } from '@reelmint/testing';

setupFakeApi();

const pro: SubscriptionReply = { plan: 'pro', status: 'active', features: PLAN_FEATURES.pro, expiresAt: null, billingCycle: 'monthly', scheduledChange: null };

describe('buying a plan', () => {
  it("opens a free person's checkout through the spec's call, carrying plan, cycle and source", async () => {
    const { calls } = fakeApi.use({
      'POST /api/payment/create-subscription-session': () => ok({ checkoutUrl: 'http://pay.test/s/1', sessionId: 's1', message: 'ok' }),
    });
    await expect(buyPlan({ planName: 'premium', billingCycle: 'yearly', source: 'generator' }, false)).resolves.toEqual({
      kind: 'checkout',
      checkoutUrl: 'http://pay.test/s/1',
      sessionId: 's1',
    });
    expect(calls.map((call) => call.route)).toEqual(['POST /api/payment/create-subscription-session']);
    expect(calls[0]?.body).toEqual({ planName: 'premium', billingCycle: 'yearly', source: 'generator' });
  });

  it("sends the spec's default source when the caller named none", async () => {
    const { calls } = fakeApi.use({ 'POST /api/payment/create-subscription-session': () => ok({ checkoutUrl: 'http://pay.test/s/2' }) });
    await expect(buyPlan({ planName: 'premium', billingCycle: 'yearly' }, false)).resolves.toEqual({
      kind: 'checkout',
      checkoutUrl: 'http://pay.test/s/2',
      sessionId: null,
    });
    expect(calls[0]?.body).toEqual({ planName: 'premium', billingCycle: 'yearly', source: 'subscription-modal' });
  });

  it('opens nothing from an OK reply without a URL or one that says success false', async () => {
    fakeApi.use({ 'POST /api/payment/create-subscription-session': () => ok({ message: 'no url' }) });
    await expect(buyPlan({ planName: 'pro', billingCycle: 'monthly' }, false)).rejects.toMatchObject({ code: CHECKOUT_NOT_OPENED });
    fakeApi.use({ 'POST /api/payment/create-subscription-session': () => raw(200, { success: false, data: null }) });
    await expect(buyPlan({ planName: 'pro', billingCycle: 'monthly' }, false)).rejects.toMatchObject({ code: CHECKOUT_NOT_OPENED });
  });

  it("rejects with the server's refusal, or a network error when the request itself fails", async () => {
    fakeApi.use({ 'POST /api/payment/create-subscription-session': () => fail(500, 'INTERNAL_ERROR', 'boom') });
    await expect(buyPlan({ planName: 'pro', billingCycle: 'monthly' }, false)).rejects.toMatchObject({ code: 'INTERNAL_ERROR', status: 500 });
    fakeApi.on('POST /api/payment/create-subscription-session', networkError());
    await expect(buyPlan({ planName: 'pro', billingCycle: 'monthly' }, false)).rejects.toMatchObject({ code: 'NETWORK_ERROR' });
  });

  it("changes a member's plan through the change call: a checkout to pay, a change made now, or a move down and its date", async () => {
    const waiting = { plan: 'pro' as const, billingCycle: 'monthly' as const, effectiveDate: '2027-03-01T00:00:00.000Z' };
    const answers = [
      ok({ kind: 'checkout' as const, checkoutUrl: 'http://pay.test/s/3', sessionId: 's3', subscription: pro, balance: 500 }),
      ok({ kind: 'changed' as const, checkoutUrl: null, sessionId: null, subscription: { ...pro, plan: 'premium' as const }, balance: 1200 }),
      ok({ kind: 'scheduled' as const, checkoutUrl: null, sessionId: null, subscription: { ...pro, scheduledChange: waiting }, balance: 300 }),
      ok({ kind: 'checkout' as const, checkoutUrl: null, sessionId: null, subscription: pro, balance: 500 }),
    ];
    const { calls } = fakeApi.use({ 'POST /api/subscription/change': () => answers.shift() ?? fail(500, 'INTERNAL_ERROR', 'unexpected') });
    const order = { planName: 'premium', billingCycle: 'monthly' as const, source: 'pricing' };
    await expect(buyPlan(order, true)).resolves.toEqual({ kind: 'checkout', checkoutUrl: 'http://pay.test/s/3', sessionId: 's3' });
    await expect(buyPlan(order, true)).resolves.toEqual({ kind: 'changed', subscription: { ...pro, plan: 'premium' }, balance: 1200 });
    await expect(buyPlan(order, true)).resolves.toEqual({
      kind: 'scheduled',
      effectiveDate: waiting.effectiveDate,
      subscription: { ...pro, scheduledChange: waiting },
      balance: 300,
    });
    // A checkout counts only with a URL, whichever call answered.
    await expect(buyPlan(order, true)).rejects.toMatchObject({ code: CHECKOUT_NOT_OPENED });
    expect(calls.map((call) => call.body)).toEqual([order, order, order, order]);
  });

  it('names why a purchase did nothing: declined, refused, busy, no connection or answer, or failed', () => {
    expect(failureOf(new ApiError('card', 'PAYMENT_DECLINED', 402))).toBe('declined');
    expect(failureOf(new ApiError('no', 'PLAN_CHANGE_REFUSED', 422))).toBe('refused');
    expect(failureOf(new ApiError('wait', 'PAYMENT_PROVIDER_BUSY', 503))).toBe('busy');
    expect(failureOf(new ApiError('offline', 'NETWORK_ERROR'))).toBe('network');
    expect(failureOf(new DOMException('slow', 'TimeoutError'))).toBe('network');
    expect(failureOf(new ApiError('no checkout', CHECKOUT_NOT_OPENED))).toBe('failed');
    expect(failureOf(new ApiError('down', 'UPGRADE_FAILED', 502))).toBe('failed');
  });

  it('names a plan already held and too many checkouts by their codes, and reads the minutes to wait as the API counts them', () => {
    expect(failureOf(new ApiError('You are already on the Pro plan, billed monthly', 'ALREADY_SUBSCRIBED', 409))).toBe('subscribed');
    const limited = new ApiError('Too many checkouts opened. Try again in 10 minutes.', 'RATE_LIMITED', 429, { retryAfterSeconds: 541 });
    expect(failureOf(limited)).toBe('limited');
    expect(retryMinutesOf(limited)).toBe(10);
    expect(retryMinutesOf(new ApiError('soon', 'RATE_LIMITED', 429, { retryAfterSeconds: 3 }))).toBe(1);
    expect(retryMinutesOf(new ApiError('Too many requests. Try again in 1 minute.', 'RATE_LIMITED', 429))).toBeNull();
    expect(retryMinutesOf(new ApiError('odd', 'RATE_LIMITED', 429, { retryAfterSeconds: 'soon' }))).toBeNull();
  });
});
