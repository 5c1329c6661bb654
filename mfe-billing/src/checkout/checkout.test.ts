import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@reelmint/shared';
import { decideCheckout, decideCheckoutFailure, followCheckout, pricingFallbackUrl, requestCheckout } from './checkout.ts';
import type { BillingCycle, CheckoutFollowUp } from './checkout.ts';
import { checkoutOrigin } from './checkout-return.ts';
import { fail, fakeApi, networkError, ok, raw, setupFakeApi } from '@reelmint/shared/testing';

setupFakeApi();

const localize = (to: string) => `/fr${to}`;
const messages = { sessionFailed: 'session failed (fr)', requestFailed: 'request failed (fr)' };

describe('the checkout decision', () => {
  it('counts only a reply with success true and a checkout URL', () => {
    expect(decideCheckout({ success: true, data: { checkoutUrl: 'http://pay.test/1' } })).toEqual({ kind: 'open-checkout', url: 'http://pay.test/1' });
    expect(decideCheckout({ success: true, data: {} })).toEqual({ kind: 'fallback', reason: 'session-failed' });
    expect(decideCheckout({ success: true, data: { checkoutUrl: '' } })).toEqual({ kind: 'fallback', reason: 'session-failed' });
    expect(decideCheckout({ success: false, data: null, error: 'PAYMENT_ERROR', message: 'no session', checkoutUrl: 'http://pay.test/1' })).toEqual({
      kind: 'fallback',
      reason: 'session-failed',
    });
    expect(decideCheckout(null)).toEqual({ kind: 'fallback', reason: 'session-failed' });
  });

  it('counts an error status, no answer and a timeout as a failed request, and leaves a lost session to the sign-in redirect', () => {
    expect(decideCheckoutFailure(new ApiError('boom', 'INTERNAL_ERROR', 500))).toEqual({ kind: 'fallback', reason: 'request-failed' });
    expect(decideCheckoutFailure(new ApiError('bad plan', 'VALIDATION_ERROR', 400))).toEqual({ kind: 'fallback', reason: 'request-failed' });
    expect(decideCheckoutFailure(new ApiError('offline', 'NETWORK_ERROR'))).toEqual({ kind: 'fallback', reason: 'request-failed' });
    expect(decideCheckoutFailure(new DOMException('slow', 'TimeoutError'))).toEqual({ kind: 'fallback', reason: 'request-failed' });
    expect(decideCheckoutFailure(new ApiError('Authentication failed', 'UNAUTHENTICATED', 401))).toEqual({ kind: 'sign-in' });
  });

  it('builds the language-prefixed pricing fallback with highlight, yearly cycle and the source only when set', () => {
    expect(pricingFallbackUrl(localize, 'premium', 'generator')).toBe('/fr/pricing?highlight=premium&cycle=yearly&source=generator');
    expect(pricingFallbackUrl(localize, 'pro')).toBe('/fr/pricing?highlight=pro&cycle=yearly');
  });
});

describe('a checkout requested, then followed', () => {
  const startCheckout = async (request: CheckoutFollowUp & { planKey: string; cycle: BillingCycle; source?: string | undefined }) => {
    const decision = await requestCheckout(request.planKey, request.cycle, request.source);
    followCheckout(decision, request);
    return decision;
  };
  const open = vi.fn();
  const alert = vi.fn();
  const request = {
    planKey: 'premium',
    cycle: 'yearly' as const,
    source: 'generator',
    fallbackUrl: '/fr/pricing?highlight=premium&cycle=yearly&source=generator',
    returnPath: '/fr/text-to-video/generator',
    messages,
  };
  beforeEach(() => {
    vi.stubGlobal('open', open);
    vi.stubGlobal('alert', alert);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    open.mockReset();
    alert.mockReset();
  });

  it('sends plan, cycle and source, then opens the checkout in a new window without opener', async () => {
    const { calls } = fakeApi.use({
      'POST /api/payment/create-subscription-session': () => ok({ checkoutUrl: 'http://pay.test/s/1', sessionId: 's1', message: 'ok' }),
    });
    await expect(startCheckout(request)).resolves.toEqual({ kind: 'open-checkout', url: 'http://pay.test/s/1', sessionId: 's1' });
    expect(calls[0]?.body).toEqual({ planName: 'premium', billingCycle: 'yearly', source: 'generator' });
    expect(open).toHaveBeenCalledWith('http://pay.test/s/1', '_blank', 'noopener,noreferrer');
    expect(alert).not.toHaveBeenCalled();
    expect(checkoutOrigin()).toBe('/fr/text-to-video/generator');
  });

  it("sends the spec's default source when the caller named none", async () => {
    const { calls } = fakeApi.use({ 'POST /api/payment/create-subscription-session': () => ok({ checkoutUrl: 'http://pay.test/s/2' }) });
    await startCheckout({ ...request, source: undefined });
    expect(calls[0]?.body).toEqual({ planName: 'premium', billingCycle: 'yearly', source: 'subscription-modal' });
  });

  it('alerts "session failed" and opens /pricing when an OK reply has no URL', async () => {
    fakeApi.use({ 'POST /api/payment/create-subscription-session': () => ok({ message: 'no url' }) });
    await startCheckout(request);
    expect(alert).toHaveBeenCalledWith(messages.sessionFailed);
    expect(open).toHaveBeenCalledWith(request.fallbackUrl, '_blank', 'noopener,noreferrer');
    expect(checkoutOrigin()).toBeNull();
  });

  it('alerts "session failed" when an OK reply says success false', async () => {
    fakeApi.use({ 'POST /api/payment/create-subscription-session': () => raw(200, { success: false, data: null }) });
    await startCheckout(request);
    expect(alert).toHaveBeenCalledWith(messages.sessionFailed);
    expect(open).toHaveBeenCalledWith(request.fallbackUrl, '_blank', 'noopener,noreferrer');
  });

  it('alerts "request failed" and opens /pricing when the server answers an error status (the request throws)', async () => {
    fakeApi.use({ 'POST /api/payment/create-subscription-session': () => fail(500, 'INTERNAL_ERROR', 'boom') });
    await startCheckout(request);
    expect(alert).toHaveBeenCalledWith(messages.requestFailed);
    expect(open).toHaveBeenCalledWith(request.fallbackUrl, '_blank', 'noopener,noreferrer');
  });

  it('alerts "request failed" and opens /pricing when the request itself fails', async () => {
    fakeApi.on('POST /api/payment/create-subscription-session', networkError());
    await startCheckout({ ...request, fallbackUrl: '/fr/pricing?highlight=pro&cycle=yearly' });
    expect(alert).toHaveBeenCalledWith(messages.requestFailed);
    expect(open).toHaveBeenCalledWith('/fr/pricing?highlight=pro&cycle=yearly', '_blank', 'noopener,noreferrer');
  });
});
