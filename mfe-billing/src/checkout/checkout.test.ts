import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@reelmint/shared';
import { CHECKOUT_NOT_OPENED, checkoutOf, decideCheckoutFailure, followCheckoutFailure, pricingFallbackUrl } from './checkout.ts';

const localize = (to: string) => `/fr${to}`;
const messages = { sessionFailed: 'session failed (fr)', requestFailed: 'request failed (fr)' };

describe('the checkout decision', () => {
  it('counts only a reply with success true and a checkout URL', () => {
    expect(checkoutOf({ success: true, data: { checkoutUrl: 'http://pay.test/1' } })).toEqual({ checkoutUrl: 'http://pay.test/1', sessionId: null });
    expect(checkoutOf({ success: true, data: { checkoutUrl: 'http://pay.test/1', sessionId: 's1' } })).toEqual({
      checkoutUrl: 'http://pay.test/1',
      sessionId: 's1',
    });
    expect(checkoutOf({ success: true, data: {} })).toBeNull();
    expect(checkoutOf({ success: true, data: { checkoutUrl: '' } })).toBeNull();
    expect(checkoutOf({ success: false, data: null, error: 'PAYMENT_ERROR', message: 'no session', checkoutUrl: 'http://pay.test/1' })).toBeNull();
    expect(checkoutOf(null)).toBeNull();
  });

  it('counts an error status, no answer and a timeout as a failed request, a reply without a checkout as a failed session, and leaves a lost session to the sign-in redirect', () => {
    expect(decideCheckoutFailure(new ApiError('boom', 'INTERNAL_ERROR', 500))).toEqual({ kind: 'fallback', reason: 'request-failed' });
    expect(decideCheckoutFailure(new ApiError('bad plan', 'VALIDATION_ERROR', 400))).toEqual({ kind: 'fallback', reason: 'request-failed' });
    expect(decideCheckoutFailure(new ApiError('offline', 'NETWORK_ERROR'))).toEqual({ kind: 'fallback', reason: 'request-failed' });
    expect(decideCheckoutFailure(new DOMException('slow', 'TimeoutError'))).toEqual({ kind: 'fallback', reason: 'request-failed' });
    expect(decideCheckoutFailure(new ApiError('no checkout', CHECKOUT_NOT_OPENED))).toEqual({ kind: 'fallback', reason: 'session-failed' });
    expect(decideCheckoutFailure(new ApiError('Authentication failed', 'UNAUTHENTICATED', 401))).toEqual({ kind: 'sign-in' });
  });

  it('builds the language-prefixed pricing fallback with highlight, yearly cycle and the source only when set', () => {
    expect(pricingFallbackUrl(localize, 'premium', 'generator')).toBe('/fr/pricing?highlight=premium&cycle=yearly&source=generator');
    expect(pricingFallbackUrl(localize, 'pro')).toBe('/fr/pricing?highlight=pro&cycle=yearly');
  });
});

describe('a checkout that could not start, followed', () => {
  const open = vi.fn();
  const alert = vi.fn();
  const followUp = { fallbackUrl: '/fr/pricing?highlight=premium&cycle=yearly&source=generator', messages };
  beforeEach(() => {
    vi.stubGlobal('open', open);
    vi.stubGlobal('alert', alert);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    open.mockReset();
    alert.mockReset();
  });

  it('alerts "session failed" or "request failed" and opens /pricing in a new window without opener', () => {
    followCheckoutFailure({ kind: 'fallback', reason: 'session-failed' }, followUp);
    expect(alert).toHaveBeenCalledWith(messages.sessionFailed);
    expect(open).toHaveBeenCalledWith(followUp.fallbackUrl, '_blank', 'noopener,noreferrer');
    followCheckoutFailure({ kind: 'fallback', reason: 'request-failed' }, followUp);
    expect(alert).toHaveBeenLastCalledWith(messages.requestFailed);
    expect(open).toHaveBeenCalledTimes(2);
  });

  it('adds nothing to a lost session, which is already on its way to sign in', () => {
    followCheckoutFailure({ kind: 'sign-in' }, followUp);
    expect(alert).not.toHaveBeenCalled();
    expect(open).not.toHaveBeenCalled();
  });
});
