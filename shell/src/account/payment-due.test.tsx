import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PLAN_FEATURES, clearSession, updateUser } from '@reelmint/shared';
import { fail, fakeApi, ok, renderWithProviders, signIn, setupFakeApi } from '@reelmint/testing';
import type { ReplyTo } from '@reelmint/testing';
import { Layout } from '../app/layout.tsx';
import { PlanSection } from './plan-section.tsx';

setupFakeApi();

const english =
  import.meta.glob<Record<string, unknown>>('../../public/locales/en/translation.json', { eager: true, import: 'default' })[
    '../../public/locales/en/translation.json'
  ] ?? {};
const resources = { en: { translation: english } };

describe('a renewal that could not be charged', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    clearSession();
  });

  it('shows a banner under the header on every page while the payment is due, and none once it is paid', async () => {
    signIn({ plan: 'premium' });
    await renderWithProviders(<Layout />, { route: '/en/pricing', resources });
    expect(screen.queryByTestId('payment-due-banner')).not.toBeInTheDocument();
    act(() => updateUser({ planStatus: 'past_due' }));
    const banner = await screen.findByTestId('payment-due-banner');
    expect(banner).toHaveTextContent("Your last payment didn't go through, so your plan's paid features are paused.");
    expect(within(banner).getByRole('button', { name: 'Update payment method' })).toBeInTheDocument();
    act(() => updateUser({ planStatus: 'active' }));
    await waitFor(() => expect(screen.queryByTestId('payment-due-banner')).not.toBeInTheDocument());
  });

  it("says so in the account's plan section, and opens the payment page to mend the card", async () => {
    signIn({ plan: 'premium' });
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    let portal: ReplyTo<'POST /api/payment/portal'> = fail(409, 'NO_BILLING_ACCOUNT', 'No card on file');
    fakeApi.use({
      'GET /api/user/subscription': () =>
        ok({
          plan: 'premium',
          status: 'past_due',
          features: PLAN_FEATURES.free,
          expiresAt: '2026-11-20T10:00:00.000Z',
          billingCycle: 'monthly',
          scheduledChange: null,
        }),
      'POST /api/payment/portal': () => portal,
    });
    await renderWithProviders(<PlanSection />, { route: '/en/account', resources });
    const notice = await screen.findByTestId('plan-payment-due');
    expect(notice).toHaveTextContent("Payment due: your last payment didn't go through");
    // The period neither renews nor has ended while the payment is due.
    expect(screen.queryByTestId('plan-period')).not.toBeInTheDocument();
    await userEvent.click(within(notice).getByRole('button', { name: 'Update payment method' }));
    expect(await within(notice).findByRole('alert')).toHaveTextContent("The payment page couldn't be opened.");
    portal = ok({ url: 'https://billing.stripe.com/p/session/bps_2' });
    await userEvent.click(within(notice).getByRole('button', { name: 'Update payment method' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://billing.stripe.com/p/session/bps_2'));
  });
});
