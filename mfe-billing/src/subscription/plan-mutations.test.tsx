import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PLAN_FEATURES, creditsStore, subscriptionStore } from '@reelmint/shared';
import type { SubscriptionReply } from '@reelmint/shared';
import { checkoutOrigin } from '../checkout/checkout-return.ts';
import { usePlanChoice } from './plan-mutations.ts';
import type { PlanChoiceRequest } from './plan-mutations.ts';
import { fail, fakeApi, networkError, ok, raw, setupFakeApi, signIn } from '@reelmint/testing';

setupFakeApi();

const messages = { sessionFailed: 'session failed (fr)', requestFailed: 'request failed (fr)' };
/** The modal's choice: a checkout that cannot start sends the person to pricing. */
const fromModal: PlanChoiceRequest = {
  plan: { key: 'premium', name: 'Max' },
  cycle: 'yearly',
  source: 'generator',
  member: false,
  returnPath: '/fr/text-to-video/generator',
  fallback: { fallbackUrl: '/fr/pricing?highlight=premium&cycle=yearly&source=generator', messages },
};
/** Pricing's choice: a checkout that cannot start is said in place. */
const fromPricing: PlanChoiceRequest = { plan: { key: 'pro', name: 'Pro' }, cycle: 'monthly', source: 'pricing', member: false, returnPath: '/fr/pricing' };

function choosing() {
  const client = new QueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  const { result } = renderHook(() => usePlanChoice(), { wrapper });
  return (request: PlanChoiceRequest) => act(() => result.current.mutateAsync(request));
}

describe('choosing a plan', () => {
  const open = vi.fn();
  const alert = vi.fn();
  beforeEach(() => {
    vi.stubGlobal('open', open);
    vi.stubGlobal('alert', alert);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    open.mockReset();
    alert.mockReset();
  });

  it('sends plan, cycle and source, then opens the checkout in a new window without opener and remembers where it started', async () => {
    const { calls } = fakeApi.use({
      'POST /api/payment/create-subscription-session': () => ok({ checkoutUrl: 'http://pay.test/s/1', sessionId: 's1', message: 'ok' }),
    });
    await expect(choosing()(fromModal)).resolves.toEqual({ kind: 'checkout', plan: 'Max', checkoutUrl: 'http://pay.test/s/1', sessionId: 's1' });
    expect(calls[0]?.body).toEqual({ planName: 'premium', billingCycle: 'yearly', source: 'generator' });
    expect(open).toHaveBeenCalledWith('http://pay.test/s/1', '_blank', 'noopener,noreferrer');
    expect(alert).not.toHaveBeenCalled();
    expect(checkoutOrigin()).toBe('/fr/text-to-video/generator');
  });

  it('from the modal, alerts "session failed" and opens /pricing when an OK reply has no URL or says success false', async () => {
    const choose = choosing();
    fakeApi.use({ 'POST /api/payment/create-subscription-session': () => ok({ message: 'no url' }) });
    await expect(choose(fromModal)).resolves.toMatchObject({ kind: 'sent-away', plan: 'Max' });
    expect(alert).toHaveBeenCalledWith(messages.sessionFailed);
    expect(open).toHaveBeenCalledWith(fromModal.fallback?.fallbackUrl, '_blank', 'noopener,noreferrer');
    expect(checkoutOrigin()).toBeNull();

    fakeApi.use({ 'POST /api/payment/create-subscription-session': () => raw(200, { success: false, data: null }) });
    await choose(fromModal);
    expect(alert).toHaveBeenLastCalledWith(messages.sessionFailed);
    expect(open).toHaveBeenCalledTimes(2);
  });

  it('from the modal, alerts "request failed" and opens /pricing when the server answers an error status or the request itself fails', async () => {
    const choose = choosing();
    fakeApi.use({ 'POST /api/payment/create-subscription-session': () => fail(500, 'INTERNAL_ERROR', 'boom') });
    await choose(fromModal);
    expect(alert).toHaveBeenCalledWith(messages.requestFailed);
    expect(open).toHaveBeenCalledWith(fromModal.fallback?.fallbackUrl, '_blank', 'noopener,noreferrer');

    fakeApi.on('POST /api/payment/create-subscription-session', networkError());
    await choose({ ...fromModal, fallback: { fallbackUrl: '/fr/pricing?highlight=pro&cycle=yearly', messages } });
    expect(alert).toHaveBeenLastCalledWith(messages.requestFailed);
    expect(open).toHaveBeenLastCalledWith('/fr/pricing?highlight=pro&cycle=yearly', '_blank', 'noopener,noreferrer');
  });

  it('from the modal, adds nothing to a lost session: the person is on the way to sign in', async () => {
    signIn();
    fakeApi.use({ 'POST /api/payment/create-subscription-session': () => fail(401, 'UNAUTHENTICATED', 'Sign in') });
    await expect(choosing()(fromModal)).resolves.toMatchObject({ kind: 'sent-away', fallback: { kind: 'sign-in' } });
    expect(alert).not.toHaveBeenCalled();
    expect(open).not.toHaveBeenCalled();
  });

  it('on pricing, a checkout that cannot start is the error, by its words: failed (an error, or a reply without URL) or network', async () => {
    const choose = choosing();
    fakeApi.use({ 'POST /api/payment/create-subscription-session': () => fail(502, 'UPGRADE_FAILED', 'Failed to initiate upgrade') });
    await expect(choose(fromPricing)).rejects.toMatchObject({ code: 'failed', key: 'errors.upgradeFailed' });
    fakeApi.use({ 'POST /api/payment/create-subscription-session': () => ok({}) });
    await expect(choose(fromPricing)).rejects.toMatchObject({ code: 'failed', key: 'errors.upgradeFailed' });
    fakeApi.on('POST /api/payment/create-subscription-session', networkError());
    await expect(choose(fromPricing)).rejects.toMatchObject({ code: 'network', key: 'errors.upgradeNetwork' });
    expect(alert).not.toHaveBeenCalled();
    expect(open).not.toHaveBeenCalled();
  });

  it("changes a member's plan and shares the subscription and balance the API answered with every app; a refusal is the error, even with a fallback", async () => {
    const max: SubscriptionReply = {
      plan: 'premium',
      status: 'active',
      features: PLAN_FEATURES.premium,
      expiresAt: null,
      billingCycle: 'yearly',
      scheduledChange: null,
    };
    const answers = [
      fail(402, 'PAYMENT_DECLINED', 'The card was declined'),
      ok({ kind: 'changed' as const, checkoutUrl: null, sessionId: null, subscription: max, balance: 1300 }),
    ];
    const { calls } = fakeApi.use({ 'POST /api/subscription/change': () => answers.shift() ?? fail(500, 'INTERNAL_ERROR', 'unexpected') });
    const choose = choosing();
    await expect(choose({ ...fromModal, member: true })).rejects.toMatchObject({ code: 'declined', key: 'errors.paymentDeclined' });
    expect(alert).not.toHaveBeenCalled();
    await expect(choose({ ...fromModal, member: true })).resolves.toEqual({ kind: 'changed', plan: 'Max', subscription: max, balance: 1300 });
    expect(subscriptionStore.getState().subscription).toEqual(max);
    expect(creditsStore.getState().balance).toBe(1300);
    expect(calls.map((call) => call.route)).toEqual(['POST /api/subscription/change', 'POST /api/subscription/change']);
    expect(open).not.toHaveBeenCalled();
  });
});
