import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PLAN_FEATURES, authStore, clearSession, creditsStore, subscriptionStore } from '@reelmint/shared';
import type { PaymentSession, SubscriptionReply } from '@reelmint/shared';
import PaymentSuccessPage from './payment-success-page.tsx';
import { CONFIRM_ATTEMPTS, CONFIRM_INTERVAL_MS } from './payment-session.ts';
import { deferred, fail, fakeApi, ok, renderWithProviders, signIn, setupFakeApi } from '@reelmint/testing';
import type { ReplyTo } from '@reelmint/testing';

setupFakeApi();

const premium: SubscriptionReply = {
  plan: 'premium',
  status: 'active',
  features: PLAN_FEATURES.premium,
  expiresAt: '2027-11-22T12:00:00.000Z',
  billingCycle: 'yearly',
  scheduledChange: null,
};
const paid: PaymentSession = {
  id: 'cs_1',
  kind: 'plan',
  pack: null,
  status: 'paid',
  plan: 'premium',
  planName: 'Max',
  billingCycle: 'yearly',
  amount: 360,
  currency: 'USD',
  creditsGranted: 12000,
  creditsTakenBack: 0,
  balance: 12003,
  subscription: premium,
};

describe('payment success', () => {
  afterEach(() => {
    vi.useRealTimers();
    clearSession();
  });

  /**
   * The session asked about so far; only the wait between asks is faked, so the test says when the next comes. A count
   * of requests changes nothing on screen, so it is waited for on vitest's own clock, which the faked interval leaves be.
   */
  const asks = () => fakeApi.callsTo('GET /api/payment/session/:id').length;
  const nextAsk = async (expected: number) => {
    await act(() => vi.advanceTimersByTimeAsync(CONFIRM_INTERVAL_MS));
    await vi.waitFor(() => expect(asks()).toBe(expected), { timeout: 15_000 });
  };
  const open: PaymentSession = { ...paid, status: 'open', creditsGranted: null, balance: 3 };

  it('asks again while the session is still open, and stops asking once it is paid', async () => {
    signIn({ plan: 'free' });
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    let answers = 0;
    fakeApi.use({
      'GET /api/payment/session/:id': () => {
        answers += 1;
        return ok(answers < 3 ? open : paid);
      },
      'GET /api/user/credits': () => ok({ balance: 12003 }),
    });
    await renderWithProviders(<PaymentSuccessPage />, { route: '/en/payment/success?session_id=cs_1' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Confirming your payment…' })).toBeInTheDocument();
    await vi.waitFor(() => expect(asks()).toBe(1), { timeout: 15_000 });
    await nextAsk(2);
    expect(screen.getByRole('heading', { level: 1, name: 'Confirming your payment…' })).toBeInTheDocument();
    await nextAsk(3);
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment successful' })).toBeInTheDocument();
    expect(creditsStore.getState().balance).toBe(12003);
    await act(() => vi.advanceTimersByTimeAsync(CONFIRM_INTERVAL_MS * 5));
    expect(asks()).toBe(3);
  });

  it('says the payment is still being processed after the last of its asks, and stops there', async () => {
    signIn({ plan: 'free' });
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    fakeApi.use({ 'GET /api/payment/session/:id': () => ok(open) });
    await renderWithProviders(<PaymentSuccessPage />, { route: '/en/payment/success?session_id=cs_1' });
    await vi.waitFor(() => expect(asks()).toBe(1), { timeout: 15_000 });
    for (let asked = 2; asked <= CONFIRM_ATTEMPTS; asked += 1) await nextAsk(asked);
    expect(await screen.findByRole('heading', { level: 1, name: 'Your payment is still being processed' })).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(CONFIRM_INTERVAL_MS * 5));
    expect(asks()).toBe(CONFIRM_ATTEMPTS);
    expect(authStore.getState().user?.plan).toBe('free');
  });

  it('confirms the paid session and shares plan and balance with every app (header included)', async () => {
    signIn({ plan: 'free' });
    fakeApi.use({
      'GET /api/payment/session/:id': ({ params }) => (params.id === 'cs_1' ? ok(paid) : fail(404, 'NOT_FOUND', 'No such checkout')),
      'GET /api/user/credits': () => ok({ balance: 12003 }),
    });
    await renderWithProviders(<PaymentSuccessPage />, { route: '/en/payment/success?session_id=cs_1' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment successful' })).toBeInTheDocument();
    expect(screen.getByTestId('receipt-plan')).toHaveTextContent('Max');
    expect(screen.getByTestId('receipt-credits')).toHaveTextContent('+12,000');
    expect(screen.getByTestId('receipt-balance')).toHaveTextContent('12,003 credits');
    // Nothing was taken back: no line for it.
    expect(screen.queryByTestId('receipt-taken-back')).not.toBeInTheDocument();
    expect(screen.getByTestId('payment-receipt')).not.toHaveTextContent('Taken back');
    expect(screen.getByTestId('receipt-charged')).toHaveTextContent('$360');
    expect(await screen.findByTestId('receipt-next')).toHaveTextContent('$360 a year from November 22, 2027');
    expect(authStore.getState().user?.plan).toBe('premium');
    expect(subscriptionStore.getState().subscription).toEqual(premium);
    expect(creditsStore.getState().balance).toBe(12003);
  });

  it('tells a prorated charge today from what the plan costs from the next period', async () => {
    signIn({ plan: 'pro' });
    const monthly: SubscriptionReply = { ...premium, billingCycle: 'monthly', expiresAt: '2027-08-12T12:00:00.000Z' };
    fakeApi.use({
      'GET /api/payment/session/:id': () => ok({ ...paid, billingCycle: 'monthly', amount: 26.01, creditsGranted: 500, subscription: monthly }),
      'GET /api/user/credits': () => ok({ balance: 12003 }),
    });
    await renderWithProviders(<PaymentSuccessPage />, { route: '/en/payment/success?session_id=cs_1' });
    const charged = await screen.findByTestId('receipt-charged');
    expect(charged).toHaveTextContent('$26.01');
    // Max is $39 a month in the catalogue: the one-off sum is never passed off as the plan's price.
    expect(await screen.findByTestId('receipt-next')).toHaveTextContent('$39 a month from August 12, 2027');
    expect(charged).toHaveTextContent('A one-off charge for the rest of this period');
    expect(screen.getByTestId('payment-receipt')).not.toHaveTextContent('$26.01 per month');
  });

  it('lists the credits a move up took back on their own line, so that the lines add up to the new balance', async () => {
    // Pro monthly with 600 credits, moved up to Max monthly mid-period: Max's 1,000 added, Pro's unused 500 taken back.
    signIn({ plan: 'pro' });
    const monthly: SubscriptionReply = { ...premium, billingCycle: 'monthly', expiresAt: '2027-08-12T12:00:00.000Z' };
    fakeApi.use({
      'GET /api/payment/session/:id': () =>
        ok({ ...paid, billingCycle: 'monthly', amount: 26.01, creditsGranted: 1000, creditsTakenBack: 500, balance: 1100, subscription: monthly }),
      'GET /api/user/credits': () => ok({ balance: 1100 }),
    });
    await renderWithProviders(<PaymentSuccessPage />, { route: '/en/payment/success?session_id=cs_1' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment successful' })).toBeInTheDocument();
    expect(screen.getByTestId('receipt-credits')).toHaveTextContent('+1,000');
    const takenBack = screen.getByTestId('receipt-taken-back');
    expect(takenBack.textContent).toBe('\u2212500');
    expect(takenBack.previousElementSibling).toHaveTextContent('Taken back for the unused part of your previous plan');
    expect(screen.getByTestId('receipt-balance')).toHaveTextContent('1,100 credits');
    // Read top to bottom: the credits added, then those taken back, then the balance they make.
    const order = [...screen.getByTestId('payment-receipt').querySelectorAll('dd[data-testid]')].map((dd) => dd.getAttribute('data-testid'));
    expect(order.slice(order.indexOf('receipt-credits'))).toEqual(['receipt-credits', 'receipt-taken-back', 'receipt-balance']);
    expect(creditsStore.getState().balance).toBe(1100);
  });

  it('says the credits taken back in the page’s language', async () => {
    signIn({ plan: 'pro' });
    fakeApi.use({
      'GET /api/payment/session/:id': () => ok({ ...paid, amount: 240.5, creditsGranted: 12000, creditsTakenBack: 5500, balance: 6600 }),
      'GET /api/user/credits': () => ok({ balance: 6600 }),
    });
    await renderWithProviders(<PaymentSuccessPage />, { route: '/de/payment/success?session_id=cs_1', language: 'de' });
    const takenBack = await screen.findByTestId('receipt-taken-back');
    expect(takenBack.textContent).toBe('\u22125.500');
    expect(takenBack.previousElementSibling).toHaveTextContent('Zurückgebucht für den ungenutzten Teil deines vorherigen Tarifs');
  });

  /** A 250-credit pack for $8, paid on Pro billed monthly (`status`: the plan's), its session answered. */
  function packPaidOnPro(status: SubscriptionReply['status']) {
    const pro: SubscriptionReply = {
      ...premium,
      plan: 'pro',
      status,
      features: PLAN_FEATURES.pro,
      billingCycle: 'monthly',
      expiresAt: '2027-08-12T12:00:00.000Z',
    };
    const pack = {
      ...paid,
      kind: 'pack' as const,
      pack: 'credits-250',
      plan: 'pro' as const,
      planName: 'Pro',
      billingCycle: 'monthly' as const,
      amount: 8,
      creditsGranted: 250,
    };
    fakeApi.use({
      'GET /api/payment/session/:id': () => ok({ ...pack, subscription: pro }),
      'GET /api/user/credits': () => ok({ balance: 12003 }),
    });
  }

  it('never calls a credit pack a prorated charge, even when it costs less than the plan it was bought on', async () => {
    signIn({ plan: 'pro' });
    packPaidOnPro('active');
    await renderWithProviders(<PaymentSuccessPage />, { route: '/en/payment/success?session_id=cs_1' });
    const charged = await screen.findByTestId('receipt-charged');
    expect(charged).toHaveTextContent('$8, one-time payment');
    // Pro's next charge is not the pack's business, nor is the end of Pro's period: the credits do not end with it.
    expect(await screen.findByTestId('receipt-credits')).toHaveTextContent('+250');
    expect(screen.queryByText('Active until')).toBeNull();
    expect(screen.queryByTestId('receipt-next')).toBeNull();
    expect(charged).not.toHaveTextContent('A one-off charge for the rest of this period');
  });

  it('says nothing of an end on a pack bought on a cancelled plan', async () => {
    signIn({ plan: 'pro' });
    packPaidOnPro('canceled');
    await renderWithProviders(<PaymentSuccessPage />, { route: '/en/payment/success?session_id=cs_1' });
    expect(await screen.findByTestId('receipt-charged')).toHaveTextContent('$8, one-time payment');
    expect(screen.getByTestId('receipt-credits')).toHaveTextContent('+250');
    expect(screen.queryByText('Active until')).toBeNull();
  });

  // Typed or bookmarked without its session id, the page has nothing to confirm: no payment is claimed, as for a session
  // the server does not know, while plan and balance are still read again.
  it.each(['/en/payment/success', '/en/payment/success?session_id='])(
    'at %s, claims no payment, tells it like an unknown session and still refreshes plan and credits',
    async (route) => {
      signIn({ plan: 'free' });
      fakeApi.use({
        'GET /api/user/subscription': () => ok(premium),
        'GET /api/user/credits': () => ok({ balance: 12003 }),
      });
      await renderWithProviders(<PaymentSuccessPage />, { route });
      expect(await screen.findByRole('heading', { level: 1, name: 'We could not find this payment' })).toBeInTheDocument();
      expect(screen.getByText(/This link does not match a checkout on your account/)).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Back to pricing' })).toHaveAttribute('href', '/en/pricing');
      expect(screen.queryByText('Payment successful')).toBeNull();
      expect(screen.queryByText(/your credits are on their way/)).toBeNull();
      expect(document.querySelector('[data-tone="success"]')).toBeNull();
      await waitFor(() => expect(authStore.getState().user?.plan).toBe('premium'));
      await waitFor(() => expect(creditsStore.getState().balance).toBe(12003));
      expect(asks()).toBe(0);
    },
  );

  it('signed out and without a session id, claims no payment either', async () => {
    const { calls } = fakeApi.use({});
    await renderWithProviders(<PaymentSuccessPage />, { route: '/en/payment/success' });
    expect(await screen.findByRole('heading', { level: 1, name: 'We could not find this payment' })).toBeInTheDocument();
    expect(screen.queryByText('Payment successful')).toBeNull();
    expect(calls).toHaveLength(0);
  });

  it('without a session to confirm, says when plan and credits could not be refreshed and refreshes them on retry', async () => {
    signIn({ plan: 'free' });
    let serverUp = false;
    fakeApi.use({
      'GET /api/user/subscription': () => (serverUp ? ok(premium) : fail(500, 'INTERNAL_ERROR', 'boom')),
      'GET /api/user/credits': () => ok({ balance: 12003 }),
    });
    await renderWithProviders(<PaymentSuccessPage />, { route: '/en/payment/success' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Your plan and credits could not be refreshed just now.');
    expect(authStore.getState().user?.plan).toBe('free');

    serverUp = true;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(authStore.getState().user?.plan).toBe('premium');
    expect(creditsStore.getState().balance).toBe(12003);
  });

  it('without a session to confirm, hides the failure while a new try runs, and counts a balance it could not read as not refreshed', async () => {
    signIn({ plan: 'free' });
    const balances: ReturnType<typeof deferred<ReplyTo<'GET /api/user/credits'>>>[] = [];
    // Once a try's answer is given, a read of the balance that starts later in that try gets it too: the sign-in's
    // own read can be answered before the refresh, slowed by a busy machine, has asked for the balance.
    let answered: ReplyTo<'GET /api/user/credits'> | null = null;
    fakeApi.use({
      'GET /api/user/subscription': () => ok(premium),
      'GET /api/user/credits': () => {
        if (answered) return answered;
        const answer = deferred<ReplyTo<'GET /api/user/credits'>>();
        balances.push(answer);
        return answer.promise;
      },
    });
    await renderWithProviders(<PaymentSuccessPage />, { route: '/en/payment/success' });
    // Every read of the balance so far is answered, and any the page starts before the next try: the refresh's, and
    // any other the page started.
    const answerAll = (reply: ReplyTo<'GET /api/user/credits'>) => {
      answered = reply;
      balances.forEach((answer) => answer.resolve(reply));
    };
    await waitFor(() => expect(balances.length).toBeGreaterThan(0));
    answerAll(fail(500, 'INTERNAL_ERROR', 'boom'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your plan and credits could not be refreshed just now.');
    // The plan came back: it is shared even though the balance did not.
    expect(authStore.getState().user?.plan).toBe('premium');

    // The new try's reads wait for their answer, so the page can be seen while it runs.
    answered = null;
    const asked = balances.length;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(balances.length).toBeGreaterThan(asked));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    answerAll(ok({ balance: 40 }));
    await waitFor(() => expect(creditsStore.getState().balance).toBe(40));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('signed out, thanks the person without asking the server anything', async () => {
    const { calls } = fakeApi.use({});
    await renderWithProviders(<PaymentSuccessPage />, { route: '/en/payment/success?session_id=cs_1' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment successful' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(calls).toHaveLength(0);
  });

  it('says so when the checkout was cancelled instead of paid', async () => {
    signIn({ plan: 'free' });
    fakeApi.use({
      'GET /api/payment/session/:id': ({ params }) =>
        params.id === 'cs_1' ? ok({ ...paid, status: 'canceled', creditsGranted: null, balance: 3 }) : fail(404, 'NOT_FOUND', 'No such checkout'),
    });
    await renderWithProviders(<PaymentSuccessPage />, { route: '/en/payment/success?session_id=cs_1' });
    expect(await screen.findByRole('heading', { level: 1, name: 'This checkout was cancelled' })).toBeInTheDocument();
    expect(authStore.getState().user?.plan).toBe('free');
  });

  it('says a bank payment is on its way, without claiming the plan, and asks no more', async () => {
    signIn({ plan: 'free' });
    fakeApi.use({ 'GET /api/payment/session/:id': () => ok({ ...open, status: 'pending' }) });
    await renderWithProviders(<PaymentSuccessPage />, { route: '/en/payment/success?session_id=cs_1' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Your payment is on its way' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Bank payments take a few days to arrive.');
    expect(authStore.getState().user?.plan).toBe('free');
    expect(asks()).toBe(1);
  });

  it('says when a bank payment failed, and that nothing was charged', async () => {
    signIn({ plan: 'free' });
    fakeApi.use({ 'GET /api/payment/session/:id': () => ok({ ...open, status: 'failed' }) });
    await renderWithProviders(<PaymentSuccessPage />, { route: '/en/payment/success?session_id=cs_1' });
    expect(await screen.findByRole('heading', { level: 1, name: "Your payment didn't go through" })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('nothing was charged');
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });
});
