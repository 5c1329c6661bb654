import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { PLAN_FEATURES, authStore, clearSession, creditsStore, subscriptionStore } from '@reelmint/shared';
import { renderScreen } from '../../../shared/test/render.tsx';
import { fail, fakeApi, ok } from '../test/fake-api.ts';
import { signIn } from '../test/session.ts';
import PaymentSuccessPage from './payment-success-page.tsx';

const premium = { plan: 'premium', status: 'active', features: PLAN_FEATURES.premium, expiresAt: '2027-11-22T12:00:00.000Z' };
const paid = {
  id: 'cs_1',
  status: 'paid',
  plan: 'premium',
  planName: 'Max',
  billingCycle: 'yearly',
  amount: 360,
  currency: 'USD',
  creditsGranted: 12000,
  balance: 12003,
  subscription: premium,
};

describe('payment success', () => {
  afterEach(() => clearSession());

  it('confirms the paid session and shares plan and balance with every app (header included)', async () => {
    signIn('free');
    fakeApi({
      'GET /api/payment/session/cs_1': () => ok(paid),
      'GET /api/user/credits': () => ok({ balance: 12003 }),
    });
    await renderScreen(<PaymentSuccessPage />, { path: '/en/payment/success?session_id=cs_1' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment successful' })).toBeInTheDocument();
    expect(screen.getByTestId('receipt-plan')).toHaveTextContent('Max');
    expect(screen.getByTestId('receipt-credits')).toHaveTextContent('+12,000');
    expect(screen.getByTestId('receipt-balance')).toHaveTextContent('12,003 credits');
    expect(authStore.getState().user?.plan).toBe('premium');
    expect(subscriptionStore.getState().subscription).toEqual(premium);
    expect(creditsStore.getState().balance).toBe(12003);
  });

  it('without a session to confirm, says when plan and credits could not be refreshed and refreshes them on retry', async () => {
    signIn('free');
    let serverUp = false;
    fakeApi({
      'GET /api/user/subscription': () => (serverUp ? ok(premium) : fail(500, 'INTERNAL_ERROR', 'boom')),
      'GET /api/user/credits': () => ok({ balance: 12003 }),
    });
    await renderScreen(<PaymentSuccessPage />, { path: '/en/payment/success' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Your plan and credits could not be refreshed just now.');
    expect(authStore.getState().user?.plan).toBe('free');

    serverUp = true;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(authStore.getState().user?.plan).toBe('premium');
    expect(creditsStore.getState().balance).toBe(12003);
  });

  it('says so when the checkout was cancelled instead of paid', async () => {
    signIn('free');
    fakeApi({ 'GET /api/payment/session/cs_1': () => ok({ ...paid, status: 'canceled', creditsGranted: null, balance: 3 }) });
    await renderScreen(<PaymentSuccessPage />, { path: '/en/payment/success?session_id=cs_1' });
    expect(await screen.findByRole('heading', { level: 1, name: 'This checkout was cancelled' })).toBeInTheDocument();
    expect(authStore.getState().user?.plan).toBe('free');
  });
});
