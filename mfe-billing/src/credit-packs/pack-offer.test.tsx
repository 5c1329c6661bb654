import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PLAN_FEATURES, clearSession } from '@reelmint/shared';
import type { PackCheckoutRequest, PaymentSession } from '@reelmint/shared';
import { deferred, fail, fakeApi, networkError, ok, renderWithProviders, setupFakeApi, signIn } from '@reelmint/testing';
import type { ReplyTo } from '@reelmint/testing';
import { checkoutOrigin } from '../checkout/checkout-return.ts';
import { withBillingQueries } from '../server-state/billing-queries.tsx';
import { PackOffer } from './pack-offer.tsx';

setupFakeApi();

const Offer = withBillingQueries(PackOffer);
const PACKS = [
  { id: 'credits-250', credits: 250, price: 8, currency: 'USD' },
  { id: 'credits-750', credits: 750, price: 20, currency: 'USD' },
];

/** A 750-credit pack's checkout as the API reports it, bought on Pro. */
const PACK_SESSION: PaymentSession = {
  id: 'cs_credits-750',
  kind: 'pack',
  pack: 'credits-750',
  status: 'paid',
  plan: 'pro',
  planName: 'Pro',
  billingCycle: 'monthly',
  amount: 20,
  currency: 'USD',
  creditsGranted: 750,
  creditsTakenBack: 0,
  balance: 1250,
  subscription: { plan: 'pro', status: 'active', features: PLAN_FEATURES.pro, expiresAt: null, billingCycle: 'monthly', scheduledChange: null },
};

async function mount(language: 'en' | 'de' = 'en') {
  await renderWithProviders(<Offer source="pricing" returnPath={`/${language}/pricing?cycle=monthly`} headingLevel={2} />, {
    route: `/${language}/pricing`,
    language,
  });
  const offer = await screen.findByTestId('credit-packs');
  await within(offer).findByText(language === 'en' ? '750 credits' : '750 Credits');
  return offer;
}

describe('credit pack offer', () => {
  const windowOpen = vi.fn();
  beforeEach(() => {
    signIn({ plan: 'pro' });
    vi.stubGlobal('open', windowOpen);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    windowOpen.mockReset();
    clearSession();
  });

  it('while a pack’s checkout starts, that button is busy and every pack locked; then the checkout opens with a link to it', async () => {
    const session = deferred<ReplyTo<'POST /api/payment/create-pack-session'>>();
    const { calls } = fakeApi.use({
      'GET /api/credits/packs': () => ok(PACKS),
      'POST /api/payment/create-pack-session': () => session.promise,
    });
    const offer = await mount();
    await userEvent.click(within(offer).getByRole('button', { name: /Buy for \$20/ }));

    const busy = await within(offer).findByRole('button', { name: /Processing/ });
    expect(busy).toHaveAttribute('aria-busy', 'true');
    expect(busy).toBeDisabled();
    const other = within(offer).getByRole('button', { name: /Buy for \$8/ });
    expect(other).toBeDisabled();
    expect(other).toHaveAttribute('aria-busy', 'false');
    expect(calls.find((call) => call.route === 'POST /api/payment/create-pack-session')?.body).toEqual({ packId: 'credits-750', source: 'pricing' });

    session.resolve(ok({ checkoutUrl: 'http://pay.test/pack/7', sessionId: 'cs_7', message: 'ok' }));
    expect(await within(offer).findByTestId('pack-checkout-opened')).toHaveTextContent('Checkout for 750 credits opened in a new window.');
    expect(within(offer).getByRole('link', { name: /Open the secure checkout/ })).toHaveAttribute('href', 'http://pay.test/pack/7');
    expect(windowOpen).toHaveBeenCalledWith('http://pay.test/pack/7', '_blank', 'noopener,noreferrer');
    expect(checkoutOrigin()).toBe('/en/pricing?cycle=monthly');
    expect(within(offer).getByRole('button', { name: /Buy for \$20/ })).toBeEnabled();
    expect(within(offer).getByRole('button', { name: /Buy for \$8/ })).toBeEnabled();
  });

  it('says in the page’s language when a checkout could not start, with no connection or from the server, and a new try that opens forgets it', async () => {
    const answers: ReplyTo<'POST /api/payment/create-pack-session'>[] = [
      networkError(),
      fail(502, 'PAYMENT_PROVIDER_ERROR', 'The payment provider failed'),
      ok({ checkoutUrl: 'http://pay.test/pack/1', sessionId: 'cs_1', message: 'ok' }),
    ];
    fakeApi.use({
      'GET /api/credits/packs': () => ok(PACKS),
      'POST /api/payment/create-pack-session': () => answers.shift() ?? fail(500, 'INTERNAL_ERROR', 'unexpected'),
    });
    const offer = await mount('de');
    const buy = () => within(offer).getByRole('button', { name: /Für 8\s\$ kaufen/ });

    await userEvent.click(buy());
    expect(await within(offer).findByTestId('pack-error')).toHaveTextContent('Netzwerkfehler: Der Bezahlvorgang konnte nicht starten.');
    expect(within(offer).getByRole('alert')).toBe(within(offer).getByTestId('pack-error'));
    await waitFor(() => expect(buy()).toBeEnabled());
    expect(windowOpen).not.toHaveBeenCalled();

    await userEvent.click(buy());
    await waitFor(() =>
      expect(within(offer).getByTestId('pack-error')).toHaveTextContent('Der Bezahlvorgang konnte nicht starten. Versuche es gleich noch einmal.'),
    );
    expect(within(offer).queryByTestId('pack-checkout-opened')).toBeNull();

    await userEvent.click(buy());
    expect(await within(offer).findByTestId('pack-checkout-opened')).toHaveTextContent('250 Credits');
    expect(within(offer).queryByTestId('pack-error')).toBeNull();
    expect(windowOpen).toHaveBeenCalledTimes(1);
  });

  it('forgets the open checkout once it is paid or cancelled in its window, as the plan cards do', async () => {
    let status: 'open' | 'paid' = 'open';
    fakeApi.use({
      'GET /api/credits/packs': () => ok(PACKS),
      'POST /api/payment/create-pack-session': ({ body }) => {
        const { packId } = body as PackCheckoutRequest;
        return ok({ checkoutUrl: `http://pay.test/pack/${packId}`, sessionId: `cs_${packId}`, message: 'ok' });
      },
      'GET /api/payment/session/:id': () => ok({ ...PACK_SESSION, status }),
    });
    const offer = await mount();
    await userEvent.click(within(offer).getByRole('button', { name: /Buy for \$8/ }));
    expect(await within(offer).findByTestId('pack-checkout-opened')).toHaveTextContent('Checkout for 250 credits opened in a new window.');

    // Another checkout ending says nothing about this one; this one ending in its window clears the note and its link.
    const end = (sessionId: string) =>
      act(() => {
        const newValue = JSON.stringify({ sessionId, outcome: 'paid', at: Date.now() });
        window.dispatchEvent(new StorageEvent('storage', { key: 'reelmint:checkout-ended', newValue }));
      });
    end('cs_other');
    expect(within(offer).getByTestId('pack-checkout-opened')).toBeInTheDocument();
    end('cs_credits-250');
    await waitFor(() => expect(within(offer).queryByTestId('pack-checkout-opened')).toBeNull());
    expect(within(offer).queryByRole('link', { name: /Open the secure checkout/ })).toBeNull();

    // A checkout window closed before it reached either page: the session, asked about when this window is back, tells.
    await userEvent.click(within(offer).getByRole('button', { name: /Buy for \$20/ }));
    expect(await within(offer).findByTestId('pack-checkout-opened')).toHaveTextContent('750 credits');
    act(() => window.dispatchEvent(new Event('focus')));
    await waitFor(() => expect(fakeApi.callsTo('GET /api/payment/session/:id')).toHaveLength(1));
    expect(within(offer).getByTestId('pack-checkout-opened')).toBeInTheDocument();
    status = 'paid';
    act(() => window.dispatchEvent(new Event('focus')));
    await waitFor(() => expect(within(offer).queryByTestId('pack-checkout-opened')).toBeNull());
    expect(fakeApi.callsTo('GET /api/payment/session/:id').map((call) => call.params.id)).toEqual(['cs_credits-750', 'cs_credits-750']);
  });
});
