import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configure } from '@reelmint/shared';
import { pricingFallbackUrl, startCheckout } from './checkout.ts';

const localize = (to: string) => `/fr${to}`;

describe('checkout (spec §7, §8)', () => {
  const open = vi.fn();
  const alert = vi.fn();
  beforeEach(() => {
    configure({ apiBase: 'http://api.test' });
    vi.stubGlobal('open', open);
    vi.stubGlobal('alert', alert);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    open.mockReset();
    alert.mockReset();
  });

  const fallback = pricingFallbackUrl(localize, 'premium', 'generator');

  it('builds the language-prefixed pricing fallback with highlight, yearly cycle and source', () => {
    expect(fallback).toBe('/fr/pricing?highlight=premium&cycle=yearly&source=generator');
    expect(pricingFallbackUrl(localize, 'pro')).toBe('/fr/pricing?highlight=pro&cycle=yearly');
  });

  it('opens the checkout URL in a new window without opener when the server says success', async () => {
    const fetchMock = vi.fn().mockResolvedValue(Response.json({ success: true, data: { checkoutUrl: 'http://pay.test/s/1' } }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(startCheckout('premium', 'yearly', 'generator', fallback)).resolves.toBe(true);
    expect(open).toHaveBeenCalledWith('http://pay.test/s/1', '_blank', 'noopener,noreferrer');
    expect(JSON.parse((fetchMock.mock.calls[0] as [URL, RequestInit])[1].body as string)).toEqual({ planName: 'premium', billingCycle: 'yearly', source: 'generator' });
    expect(alert).not.toHaveBeenCalled();
  });

  it('falls back to pricing when success comes without a URL', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(Response.json({ success: true, data: {} })));
    await expect(startCheckout('premium', 'yearly', 'generator', fallback)).resolves.toBe(false);
    expect(alert).toHaveBeenCalledWith('Failed to create payment session. Redirecting to pricing page...');
    expect(open).toHaveBeenCalledWith(fallback, '_blank', 'noopener,noreferrer');
  });

  it('falls back to pricing when the request itself fails', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await startCheckout('pro', 'monthly', undefined, pricingFallbackUrl(localize, 'pro'));
    expect(alert).toHaveBeenCalledWith('Payment request failed. Redirecting to pricing page...');
    expect(open).toHaveBeenCalledWith('/fr/pricing?highlight=pro&cycle=yearly', '_blank', 'noopener,noreferrer');
  });
});
