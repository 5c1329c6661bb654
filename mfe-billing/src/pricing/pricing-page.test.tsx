import { Profiler } from 'react';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DAY_MS, PLAN_FEATURES, PublicReadsContext, bus, clearSession, subscriptionStore } from '@reelmint/shared';
import type { PaymentSession, PublicReadData, PublicReads, SubscriptionReply, SubscriptionStatus } from '@reelmint/shared';
import PricingPage, { preload } from './pricing-page.tsx';
import { CATALOGUE, deferred, fail, fakeApi, networkError, ok, renderWithProviders, signIn, setupFakeApi } from '@reelmint/testing';
import type { ReplyTo } from '@reelmint/testing';

setupFakeApi();

/** A monthly Max member whose period ends in 20 days, and the same member with a move down to Pro waiting for then. */
function maxMember() {
  const expiresAt = new Date(Date.now() + 20 * DAY_MS).toISOString();
  const max: SubscriptionReply = {
    plan: 'premium',
    status: 'active',
    features: PLAN_FEATURES.premium,
    expiresAt,
    billingCycle: 'monthly',
    scheduledChange: null,
  };
  const waiting: SubscriptionReply = { ...max, scheduledChange: { plan: 'pro', billingCycle: 'monthly', effectiveDate: expiresAt } };
  return { expiresAt, max, waiting };
}

/** A Pro checkout as the API reports it once paid. */
const PAID_SESSION: PaymentSession = {
  id: 's1',
  kind: 'plan',
  pack: null,
  status: 'paid',
  plan: 'pro',
  planName: 'Pro',
  billingCycle: 'yearly',
  amount: 120,
  currency: 'USD',
  creditsGranted: 6000,
  creditsTakenBack: 0,
  balance: 6100,
  subscription: { plan: 'pro', status: 'active', features: PLAN_FEATURES.pro, expiresAt: null, billingCycle: 'yearly', scheduledChange: null },
};

const scrolled = vi.fn();

describe('pricing page', () => {
  beforeEach(() => {
    // jsdom has no layout, so no scrollIntoView; record which card asked to be scrolled to.
    Element.prototype.scrollIntoView = function scrollIntoView(this: Element) {
      scrolled(this.getAttribute('data-plan'));
    };
    vi.stubGlobal('open', vi.fn());
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    scrolled.mockReset();
    clearSession();
  });

  it('honours highlight and cycle: that card stands out and is scrolled to, the toggle starts on the cycle', async () => {
    fakeApi.use({ 'GET /api/subscription/plans': () => ok(CATALOGUE) });
    await renderWithProviders(<PricingPage />, { route: '/en/pricing?highlight=max&cycle=monthly' });
    const max = await screen.findByTestId('plan-card-premium');
    expect(max).toHaveAttribute('data-highlighted', 'true');
    expect(screen.getByTestId('plan-card-pro')).not.toHaveAttribute('data-highlighted');
    // The card scrolls in an effect after it is drawn, which a busy machine may run a moment later.
    await waitFor(() => expect(scrolled).toHaveBeenCalledWith('premium'));
    expect(screen.getByRole('button', { name: 'Monthly' })).toHaveAttribute('aria-pressed', 'true');
    expect(max).toHaveTextContent('$39');
    await userEvent.click(screen.getByRole('button', { name: /Yearly/ }));
    expect(max).toHaveTextContent('$30');
    expect(max).toHaveTextContent('$360 billed yearly');
  });

  it('shows the plans and the test-checkout note read ahead by preload at once, with no loading state and no second read', async () => {
    fakeApi.use({
      'GET /api/subscription/plans': () => ok(CATALOGUE),
      'GET /api/config': () => ok({ googleClientId: null, paymentProvider: 'local', videoEngine: 'fal' }),
    });
    await preload();
    expect(fakeApi.callsTo('GET /api/subscription/plans')).toHaveLength(1);
    expect(fakeApi.callsTo('GET /api/config')).toHaveLength(1);
    await renderWithProviders(<PricingPage />, { route: '/en/pricing' });
    // Once its strings are in, the screen's first drawing has the cards and the note above them.
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getByTestId('plan-card-premium')).toHaveTextContent('$30');
    expect(screen.getByTestId('test-checkout-note')).toBeInTheDocument();
    expect(screen.queryByText('Loading plans…')).not.toBeInTheDocument();
    expect(fakeApi.callsTo('GET /api/subscription/plans')).toHaveLength(1);
    expect(fakeApi.callsTo('GET /api/config')).toHaveLength(1);
  });

  it('says checkout is a test when the API runs the test payment provider', async () => {
    fakeApi.use({
      'GET /api/subscription/plans': () => ok(CATALOGUE),
      'GET /api/config': () => ok({ googleClientId: null, paymentProvider: 'local', videoEngine: 'fal' }),
    });
    await renderWithProviders(<PricingPage />, { route: '/en/pricing' });
    expect(await screen.findByTestId('test-checkout-note')).toHaveTextContent('Test checkout: this site takes no real payments');
  });

  // The site's configuration is read once a visit: another site's is another visit (the cache is emptied between tests).
  it('says nothing of test checkouts when the API takes real payments', async () => {
    fakeApi.use({
      'GET /api/subscription/plans': () => ok(CATALOGUE),
      'GET /api/config': () => ok({ googleClientId: null, paymentProvider: 'stripe', videoEngine: 'fal' }),
    });
    await renderWithProviders(<PricingPage />, { route: '/en/pricing' });
    await screen.findByTestId('plan-card-pro');
    await waitFor(() => expect(fakeApi.callsTo('GET /api/config')).not.toHaveLength(0));
    expect(screen.queryByTestId('test-checkout-note')).toBeNull();
  });

  it('says the free plan’s credits come once at sign-up, and a paid plan’s every month', async () => {
    fakeApi.use({ 'GET /api/subscription/plans': () => ok(CATALOGUE) });
    await renderWithProviders(<PricingPage />, { route: '/en/pricing' });
    const free = await screen.findByTestId('plan-card-free');
    expect(free).toHaveTextContent('100 credits when you sign up');
    expect(free).not.toHaveTextContent(/per month/);
    expect(screen.getByTestId('plan-card-pro')).toHaveTextContent('500 credits per month');
    expect(screen.getByTestId('plan-card-premium')).toHaveTextContent('1,000 credits per month');
  });

  it('calls the free plan by its name in the reader’s language, on its card and in the panel, while Pro and Max keep theirs', async () => {
    signIn({ plan: 'free' });
    fakeApi.use({
      'GET /api/subscription/plans': () => ok(CATALOGUE),
      'GET /api/user/subscription': () => ok({ plan: 'free', status: 'active', features: PLAN_FEATURES.free, expiresAt: null }),
    });
    await renderWithProviders(<PricingPage />, { route: '/fr/pricing', language: 'fr' });
    const title = async (key: string) => within(await screen.findByTestId(`plan-card-${key}`)).getByRole('heading', { level: 2 });
    // The catalogue says 'Free' in every language.
    expect(await title('free')).toHaveTextContent(/^Gratuit$/);
    expect(screen.getByTestId('plan-card-free')).toHaveAccessibleName('Gratuit');
    expect(await title('pro')).toHaveTextContent(/^Pro$/);
    expect(await title('premium')).toHaveTextContent(/^Max$/);
    const panel = await screen.findByTestId('your-plan');
    expect(await within(panel).findByText('Gratuit')).toBeInTheDocument();
    expect(panel).not.toHaveTextContent('Free');
  });

  it('takes over a page the server drew from the catalogue and configuration in its HTML, asking the API for neither again', async () => {
    const drawnWith: Pick<PublicReadData, 'plans' | 'config'> = {
      plans: CATALOGUE,
      config: { googleClientId: null, paymentProvider: 'local', videoEngine: 'local' },
    };
    const reads: PublicReads = { read: (name) => (name === 'plans' || name === 'config' ? drawnWith[name] : undefined) };
    await renderWithProviders(
      <PublicReadsContext value={reads}>
        <PricingPage />
      </PublicReadsContext>,
      { route: '/en/pricing' },
    );
    // Once its strings are in, the first drawing has the plans (no skeleton in between, as the server's HTML had none).
    expect(await screen.findByTestId('plan-card-pro')).toHaveTextContent('$10');
    expect(screen.getByTestId('test-checkout-note')).toBeInTheDocument();
    expect(screen.queryByText('Loading plans…')).toBeNull();
    expect(fakeApi.calls).toEqual([]);
  });

  it("is drawn once for an anonymous visitor when the page is taken over and the visitor's stand-in plan is read", async () => {
    const drawnWith: Pick<PublicReadData, 'plans' | 'config'> = {
      plans: CATALOGUE,
      config: { googleClientId: null, paymentProvider: 'local', videoEngine: 'local' },
    };
    const reads: PublicReads = { read: (name) => (name === 'plans' || name === 'config' ? drawnWith[name] : undefined) };
    subscriptionStore.setState(subscriptionStore.getInitialState(), true);
    let commits = 0;
    await renderWithProviders(
      <Profiler id="pricing" onRender={() => (commits += 1)}>
        <PublicReadsContext value={reads}>
          <PricingPage />
        </PublicReadsContext>
      </Profiler>,
      { route: '/en/pricing' },
    );
    expect(await screen.findByTestId('plan-card-pro')).toBeInTheDocument();
    // The stand-in was read (the free plan, without a request), and the page was not drawn again for it.
    await waitFor(() => expect(subscriptionStore.getState().status).toBe('ready'));
    expect(subscriptionStore.getState().subscription?.plan).toBe('free');
    expect(commits).toBe(1);
    expect(fakeApi.calls).toEqual([]);
  });

  it('sends a signed-out visitor who picks a plan to sign in, coming back to the same choice and source', async () => {
    fakeApi.use({ 'GET /api/subscription/plans': () => ok(CATALOGUE) });
    const navigate = vi.fn();
    bus.on('navigate', navigate);
    await renderWithProviders(<PricingPage />, { route: '/en/pricing?source=newsletter' });
    await userEvent.click(await screen.findByRole('button', { name: 'Choose Pro' }));
    const to = new URL((navigate.mock.calls[0]?.[0] as { to: string }).to, 'http://x');
    expect(to.pathname).toBe('/auth');
    expect(to.searchParams.get('returnTo')).toBe('/pricing?highlight=pro&cycle=yearly&source=newsletter');
    bus.off('navigate', navigate);
  });

  it('marks a free person’s plan and offers upgrades, carrying the source to checkout', async () => {
    signIn({ plan: 'free' });
    const { calls } = fakeApi.use({
      'GET /api/subscription/plans': () => ok(CATALOGUE),
      'GET /api/user/subscription': () => ok({ plan: 'free', status: 'active', features: PLAN_FEATURES.free, expiresAt: null }),
      'GET /api/user/credits': () => ok({ balance: 7 }),
      'POST /api/payment/create-subscription-session': () => ok({ checkoutUrl: 'http://pay.test/3', sessionId: 's3', message: 'ok' }),
    });
    await renderWithProviders(<PricingPage />, { route: '/en/pricing?source=generator' });
    const freeCard = await screen.findByTestId('plan-card-free');
    expect(await within(freeCard).findByText('Current plan')).toBeInTheDocument();
    const panel = await screen.findByTestId('your-plan');
    expect(await within(panel).findByText('Credits at sign-up')).toBeInTheDocument();
    expect(within(panel).queryByText('Credits each month')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Upgrade to Max' }));
    expect(calls.find((call) => call.route === 'POST /api/payment/create-subscription-session')?.body).toEqual({
      planName: 'premium',
      billingCycle: 'yearly',
      source: 'generator',
    });
    expect(window.open).toHaveBeenCalledWith('http://pay.test/3', '_blank', 'noopener,noreferrer');
    const note = await screen.findByTestId('checkout-opened');
    expect(note).toHaveTextContent('Checkout for Max opened in a new window');
    // Beside the button that was pressed, not at the top of the page.
    expect(screen.getByTestId('plan-card-premium')).toContainElement(note);
    // A popup blocked after the request must not leave the person stuck: the same checkout is one click away.
    const link = screen.getByRole('link', { name: /Open the secure checkout/ });
    expect(link).toHaveAttribute('href', 'http://pay.test/3');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');

    // Another checkout ending says nothing about this one; this one ending in its window clears the note.
    const end = (sessionId: string) =>
      act(() => {
        const newValue = JSON.stringify({ sessionId, outcome: 'canceled', at: Date.now() });
        window.dispatchEvent(new StorageEvent('storage', { key: 'reelmint:checkout-ended', newValue }));
      });
    end('s-other');
    expect(screen.getByTestId('checkout-opened')).toBeInTheDocument();
    end('s3');
    await waitFor(() => expect(screen.queryByTestId('checkout-opened')).toBeNull());
  });

  it('clears the checkout note when the window is back and the session is no longer open', async () => {
    signIn({ plan: 'free' });
    vi.stubGlobal('open', vi.fn());
    let status: 'open' | 'paid' = 'open';
    fakeApi.use({
      'GET /api/subscription/plans': () => ok(CATALOGUE),
      'GET /api/user/subscription': () => ok({ plan: 'free', status: 'active', features: PLAN_FEATURES.free, expiresAt: null }),
      'POST /api/payment/create-subscription-session': () => ok({ checkoutUrl: 'http://pay.test/4', sessionId: 's4', message: 'ok' }),
      'GET /api/payment/session/:id': () => ok({ ...PAID_SESSION, id: 's4', status }),
    });
    await renderWithProviders(<PricingPage />, { route: '/en/pricing' });
    await userEvent.click(await screen.findByRole('button', { name: 'Upgrade to Pro' }));
    const note = await screen.findByTestId('checkout-opened');
    expect(screen.getByTestId('plan-card-pro')).toContainElement(note);
    act(() => window.dispatchEvent(new Event('focus')));
    await waitFor(() => expect(fakeApi.callsTo('GET /api/payment/session/:id')).toHaveLength(1));
    expect(screen.getByTestId('checkout-opened')).toBeInTheDocument();
    status = 'paid';
    act(() => window.dispatchEvent(new Event('focus')));
    await waitFor(() => expect(screen.queryByTestId('checkout-opened')).toBeNull());
    vi.unstubAllGlobals();
  });

  it('says per model what the engine this site runs makes: previews without an AI model on the local engine', async () => {
    fakeApi.use({ 'GET /api/config': () => ok({ googleClientId: null, paymentProvider: 'local', videoEngine: 'local' }) });
    await renderWithProviders(<PricingPage />, { route: '/en/pricing' });
    const note = await screen.findByTestId('engine-note');
    expect(within(note).getByRole('heading', { name: 'What the models make on this site' })).toBeInTheDocument();
    expect(note).toHaveTextContent('v1.0 modelA preview rendered without an AI model');
    expect(note).toHaveTextContent('v2.0 modelThe same preview as v1.0 on this site, at 1.5× the credits.');
  });

  it('names the hosted provider when the site runs one', async () => {
    await renderWithProviders(<PricingPage />, { route: '/en/pricing' });
    const note = await screen.findByTestId('engine-note');
    expect(note).toHaveAttribute('data-engine', 'fal');
    expect(note).toHaveTextContent('AI video made by a hosted model from fal, at 1.5× the credits of v1.0.');
    expect(note).not.toHaveTextContent('without an AI model');
  });

  it('offers no upgrade on a paid plan, and cancels it after confirmation, showing the effective date', async () => {
    signIn({ plan: 'pro' });
    const expiresAt = new Date(Date.now() + 20 * DAY_MS).toISOString();
    const pro: SubscriptionStatus = { plan: 'pro', status: 'active', features: PLAN_FEATURES.pro, expiresAt };
    let current: SubscriptionStatus = pro;
    fakeApi.use({
      'GET /api/subscription/plans': () => ok(CATALOGUE),
      'GET /api/user/subscription': () => ok(current),
      'GET /api/user/credits': () => ok({ balance: 640 }),
      'POST /api/subscription/cancel': () => {
        current = { ...pro, status: 'canceled' };
        return ok({ effectiveDate: expiresAt });
      },
    });
    await renderWithProviders(<PricingPage />, { route: '/en/pricing' });
    const panel = await screen.findByTestId('your-plan');
    await within(panel).findByText('Pro');
    expect(panel).toHaveAttribute('data-state', 'active');
    expect(within(panel).getByText('Credits each month')).toBeInTheDocument();
    // A Pro member is offered the move up to Max (the API counts what is left of Pro), never a move down to Free.
    expect(screen.getAllByRole('button', { name: /Upgrade to/ }).map((button) => button.textContent)).toEqual(['Upgrade to Max']);
    expect(within(screen.getByTestId('plan-card-pro')).getByText('Current plan')).toBeInTheDocument();

    await userEvent.click(within(panel).getByRole('button', { name: 'Cancel subscription' }));
    // The dialog's code arrives with its first opening.
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel your Pro plan?' });
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Keep my plan' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel subscription' }));
    const date = new Intl.DateTimeFormat('en', { dateStyle: 'long' }).format(new Date(expiresAt));
    const done = await screen.findByTestId('cancel-done');
    expect(done).toHaveTextContent(`Your subscription is cancelled. Pro stays active until ${date}.`);
    // The Cancel button is gone with the dialog; focus lands on the outcome instead of the page body.
    await waitFor(() => expect(document.activeElement).toBe(done));
    expect(await screen.findByTestId('plan-ends')).toHaveTextContent(`Your plan stays active until ${date}`);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('undoes a cancellation before the period ends: the plan renews again, said with the focus on it, and can be cancelled again', async () => {
    signIn({ plan: 'pro' });
    const expiresAt = new Date(Date.now() + 20 * DAY_MS).toISOString();
    const pro: SubscriptionStatus = { plan: 'pro', status: 'active', features: PLAN_FEATURES.pro, expiresAt };
    let current: SubscriptionStatus = { ...pro, status: 'canceled' };
    let serverUp = false;
    fakeApi.use({
      'GET /api/subscription/plans': () => ok(CATALOGUE),
      'GET /api/user/subscription': () => ok(current),
      'DELETE /api/subscription/cancellation': () => {
        if (!serverUp) return fail(502, 'RESUME_FAILED', 'Failed to undo the cancellation');
        current = pro;
        return ok(pro);
      },
    });
    await renderWithProviders(<PricingPage />, { route: '/en/pricing' });
    const panel = await screen.findByTestId('your-plan');
    await waitFor(() => expect(panel).toHaveAttribute('data-state', 'cancelled'));
    expect(within(panel).queryByRole('button', { name: 'Cancel subscription' })).toBeNull();

    await userEvent.click(within(panel).getByRole('button', { name: 'Keep Pro' }));
    expect(await within(panel).findByTestId('resume-error')).toHaveTextContent('The cancellation could not be undone. Try again.');
    expect(panel).toHaveAttribute('data-state', 'cancelled');

    serverUp = true;
    await userEvent.click(within(panel).getByRole('button', { name: 'Keep Pro' }));
    const done = await within(panel).findByTestId('resume-done');
    expect(done).toHaveTextContent('Pro goes on as before.');
    await waitFor(() => expect(document.activeElement).toBe(done));
    expect(panel).toHaveAttribute('data-state', 'active');
    expect(within(panel).queryByTestId('resume-error')).toBeNull();
    expect(within(panel).queryByRole('button', { name: 'Keep Pro' })).toBeNull();
    expect(within(panel).getByRole('button', { name: 'Cancel subscription' })).toBeInTheDocument();
    expect(subscriptionStore.getState().subscription?.status).toBe('active');
    expect(fakeApi.callsTo('DELETE /api/subscription/cancellation')).toHaveLength(2);
  });

  it('says a member whose renewal failed that paid features are paused, and opens the payment page to mend the card', async () => {
    signIn({ plan: 'premium' });
    const { max } = maxMember();
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign, pathname: '/en/pricing', search: '' });
    let portal: ReplyTo<'POST /api/payment/portal'> = fail(502, 'PORTAL_FAILED', 'The payment provider could not be reached');
    fakeApi.use({
      'GET /api/subscription/plans': () => ok(CATALOGUE),
      'GET /api/user/subscription': () => ok({ ...max, status: 'past_due', features: PLAN_FEATURES.free }),
      'GET /api/user/credits': () => ok({ balance: 40 }),
      'POST /api/payment/portal': () => portal,
    });
    await renderWithProviders(<PricingPage />, { route: '/en/pricing' });
    const panel = await screen.findByTestId('your-plan');
    await waitFor(() => expect(panel).toHaveAttribute('data-state', 'paymentDue'));
    expect(within(panel).getByText('Payment due')).toBeInTheDocument();
    expect(within(panel).getByTestId('plan-payment-due')).toHaveTextContent("Your last payment didn't go through, so Max's paid features are paused.");
    // The rule for moves up is said where a member chooses a plan.
    expect(screen.getByTestId('change-rule')).toHaveTextContent('what is left of it counts toward the new plan in money and in credits alike');

    await userEvent.click(within(panel).getByRole('button', { name: 'Update payment method' }));
    expect(await within(panel).findByRole('alert')).toHaveTextContent("The payment page couldn't be opened.");
    expect(assign).not.toHaveBeenCalled();
    portal = ok({ url: 'https://billing.stripe.com/p/session/bps_1' });
    await userEvent.click(within(panel).getByRole('button', { name: 'Update payment method' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://billing.stripe.com/p/session/bps_1'));
  });

  it('lets a Max member move down to Pro at the end of the period, shows when, and keeps Max on request', async () => {
    signIn({ plan: 'premium' });
    const { expiresAt, max, waiting } = maxMember();
    const { calls } = fakeApi.use({
      'GET /api/subscription/plans': () => ok(CATALOGUE),
      'GET /api/user/subscription': () => ok(max),
      'GET /api/user/credits': () => ok({ balance: 900 }),
      'POST /api/subscription/change': () => ok({ kind: 'scheduled', checkoutUrl: null, sessionId: null, subscription: waiting, balance: 900 }),
      'DELETE /api/subscription/scheduled-change': () => ok(max),
    });
    await renderWithProviders(<PricingPage />, { route: '/en/pricing?cycle=monthly' });
    const panel = await screen.findByTestId('your-plan');
    await within(panel).findByText('Max');
    // On monthly billing the Max card is the plan in force; on yearly it is a move up in billing.
    expect(within(screen.getByTestId('plan-card-premium')).getByText('Current plan')).toBeInTheDocument();
    const proCard = screen.getByTestId('plan-card-pro');
    expect(proCard).toHaveTextContent('Starts when your current period ends. Nothing is charged until then.');
    await userEvent.click(within(proCard).getByRole('button', { name: 'Switch to Pro' }));
    expect(calls.find((call) => call.route === 'POST /api/subscription/change')?.body).toEqual({ planName: 'pro', billingCycle: 'monthly', source: 'pricing' });
    expect(window.open).not.toHaveBeenCalled();

    const date = new Intl.DateTimeFormat('en', { dateStyle: 'long' }).format(new Date(expiresAt));
    expect(await screen.findByTestId('plan-scheduled')).toHaveTextContent(`Pro starts on ${date}. You keep your current plan until then.`);
    expect(await within(panel).findByTestId('scheduled-change')).toHaveTextContent(`Switches to Pro, billed monthly, on ${date}. You keep Max until then.`);
    expect(within(proCard).getByTestId('scheduled-plan-note')).toHaveTextContent(`Starts on ${date}`);
    expect(within(proCard).queryByRole('button')).toBeNull();

    await userEvent.click(within(panel).getByRole('button', { name: 'Keep Max' }));
    expect(await within(panel).findByTestId('keep-done')).toHaveTextContent('Max goes on as before.');
    expect(within(panel).queryByTestId('scheduled-change')).toBeNull();
    expect(within(proCard).getByRole('button', { name: 'Switch to Pro' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: /Yearly/ }));
    expect(within(screen.getByTestId('plan-card-premium')).getByRole('button', { name: 'Switch to yearly billing' })).toBeInTheDocument();
  });

  it('drops the Pro card’s note of a scheduled move once Max is kept, and it stays gone after the plan is cancelled', async () => {
    signIn({ plan: 'premium' });
    const { expiresAt, max, waiting } = maxMember();
    let current: SubscriptionReply = max;
    fakeApi.use({
      'GET /api/subscription/plans': () => ok(CATALOGUE),
      'GET /api/user/subscription': () => ok(current),
      'GET /api/user/credits': () => ok({ balance: 900 }),
      'POST /api/subscription/change': () => {
        current = waiting;
        return ok({ kind: 'scheduled', checkoutUrl: null, sessionId: null, subscription: waiting, balance: 900 });
      },
      'DELETE /api/subscription/scheduled-change': () => {
        current = max;
        return ok(max);
      },
      'POST /api/subscription/cancel': () => {
        current = { ...max, status: 'canceled' };
        return ok({ effectiveDate: expiresAt });
      },
    });
    await renderWithProviders(<PricingPage />, { route: '/en/pricing?cycle=monthly' });
    const panel = await screen.findByTestId('your-plan');
    await within(panel).findByText('Max');
    const proCard = screen.getByTestId('plan-card-pro');
    await userEvent.click(within(proCard).getByRole('button', { name: 'Switch to Pro' }));
    const date = new Intl.DateTimeFormat('en', { dateStyle: 'long' }).format(new Date(expiresAt));
    expect(await within(proCard).findByTestId('plan-scheduled')).toHaveTextContent(`Pro starts on ${date}. You keep your current plan until then.`);

    await userEvent.click(within(panel).getByRole('button', { name: 'Keep Max' }));
    expect(await within(panel).findByTestId('keep-done')).toHaveTextContent('Max goes on as before.');
    expect(within(proCard).queryByTestId('plan-scheduled')).toBeNull();
    expect(proCard).not.toHaveTextContent('You keep your current plan until then.');

    await userEvent.click(within(panel).getByRole('button', { name: 'Cancel subscription' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel your Max plan?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel subscription' }));
    await waitFor(() => expect(panel).toHaveAttribute('data-state', 'cancelled'));
    expect(within(proCard).queryByTestId('plan-scheduled')).toBeNull();
  });

  it('says only what the panel’s latest action came to: a plan kept and then cancelled no longer goes on as before', async () => {
    signIn({ plan: 'premium' });
    const { expiresAt, max, waiting } = maxMember();
    let current: SubscriptionReply = waiting;
    fakeApi.use({
      'GET /api/subscription/plans': () => ok(CATALOGUE),
      'GET /api/user/subscription': () => ok(current),
      'GET /api/user/credits': () => ok({ balance: 900 }),
      'DELETE /api/subscription/scheduled-change': () => {
        current = max;
        return ok(max);
      },
      'POST /api/subscription/cancel': () => {
        current = { ...max, status: 'canceled' };
        return ok({ effectiveDate: expiresAt });
      },
    });
    await renderWithProviders(<PricingPage />, { route: '/en/pricing?cycle=monthly' });
    const panel = await screen.findByTestId('your-plan');
    await within(panel).findByTestId('scheduled-change');
    await userEvent.click(within(panel).getByRole('button', { name: 'Keep Max' }));
    expect(await within(panel).findByTestId('keep-done')).toHaveTextContent('Max goes on as before.');

    await userEvent.click(within(panel).getByRole('button', { name: 'Cancel subscription' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel your Max plan?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel subscription' }));
    expect(await within(panel).findByTestId('cancel-done')).toHaveTextContent('Your subscription is cancelled.');
    expect(within(panel).queryByTestId('keep-done')).toBeNull();
    await waitFor(() => expect(panel).toHaveAttribute('data-state', 'cancelled'));
    expect(within(panel).queryByTestId('keep-done')).toBeNull();
  });

  it('moves a member up in place when the provider changes the subscription, and says why a declined payment changed nothing', async () => {
    signIn({ plan: 'pro' });
    const expiresAt = new Date(Date.now() + 20 * DAY_MS).toISOString();
    const pro: SubscriptionReply = { plan: 'pro', status: 'active', features: PLAN_FEATURES.pro, expiresAt, billingCycle: 'monthly', scheduledChange: null };
    let declined = true;
    fakeApi.use({
      'GET /api/subscription/plans': () => ok(CATALOGUE),
      'GET /api/user/subscription': () => ok(pro),
      'GET /api/user/credits': () => ok({ balance: 300 }),
      'POST /api/subscription/change': () =>
        declined
          ? fail(402, 'PAYMENT_DECLINED', 'Your payment was declined')
          : ok({
              kind: 'changed',
              checkoutUrl: null,
              sessionId: null,
              subscription: { ...pro, plan: 'premium', features: PLAN_FEATURES.premium },
              balance: 1300,
            }),
    });
    await renderWithProviders(<PricingPage />, { route: '/en/pricing?cycle=monthly' });
    await within(await screen.findByTestId('your-plan')).findByText('Pro');
    await userEvent.click(screen.getByRole('button', { name: 'Upgrade to Max' }));
    expect(await screen.findByTestId('checkout-error')).toHaveTextContent('Your payment was declined, so nothing changed.');

    declined = false;
    await userEvent.click(screen.getByRole('button', { name: 'Upgrade to Max' }));
    expect(await screen.findByTestId('plan-changed')).toHaveTextContent('You are now on Max.');
    expect(await within(screen.getByTestId('your-plan')).findByTestId('plan-balance')).toHaveTextContent('1,300 credits');
    expect(within(screen.getByTestId('plan-card-premium')).getByText('Current plan')).toBeInTheDocument();
    expect(window.open).not.toHaveBeenCalled();
  });

  it('locks every plan button while a change is asked for, and says by its code why the provider refused it', async () => {
    signIn({ plan: 'pro' });
    const expiresAt = new Date(Date.now() + 20 * DAY_MS).toISOString();
    const pro: SubscriptionReply = { plan: 'pro', status: 'active', features: PLAN_FEATURES.pro, expiresAt, billingCycle: 'monthly', scheduledChange: null };
    let answer = deferred<ReplyTo<'POST /api/subscription/change'>>();
    fakeApi.use({
      'GET /api/subscription/plans': () => ok(CATALOGUE),
      'GET /api/user/subscription': () => ok(pro),
      'GET /api/user/credits': () => ok({ balance: 300 }),
      'POST /api/subscription/change': () => answer.promise,
    });
    await renderWithProviders(<PricingPage />, { route: '/en/pricing' });
    await within(await screen.findByTestId('your-plan')).findByText('Pro');
    const maxCard = screen.getByTestId('plan-card-premium');
    const proCard = screen.getByTestId('plan-card-pro');
    await userEvent.click(within(maxCard).getByRole('button', { name: 'Upgrade to Max' }));

    const busy = await within(maxCard).findByRole('button', { name: 'Processing...' });
    expect(busy).toBeDisabled();
    expect(busy).toHaveAttribute('aria-busy', 'true');
    expect(within(proCard).getByRole('button', { name: 'Switch to yearly billing' })).toBeDisabled();

    answer.resolve(fail(409, 'PLAN_CHANGE_REFUSED', 'The provider refused this change'));
    const refused = await screen.findByTestId('checkout-error');
    expect(refused).toHaveAttribute('data-code', 'refused');
    expect(refused).toHaveTextContent('The payment provider refused this change, so nothing was charged and your plan is unchanged.');
    expect(within(maxCard).getByRole('button', { name: 'Upgrade to Max' })).toBeEnabled();
    expect(within(proCard).getByRole('button', { name: 'Switch to yearly billing' })).toBeEnabled();

    answer = deferred();
    await userEvent.click(within(proCard).getByRole('button', { name: 'Switch to yearly billing' }));
    await within(proCard).findByRole('button', { name: 'Processing...' });
    // The last attempt's reason is gone while the next one is under way.
    expect(screen.queryByTestId('checkout-error')).toBeNull();
    answer.resolve(fail(503, 'PAYMENT_PROVIDER_BUSY', 'Try again in a minute'));
    expect(await screen.findByTestId('checkout-error')).toHaveAttribute('data-code', 'busy');
    expect(screen.getByTestId('checkout-error')).toHaveTextContent('The payment provider is busy right now.');
    expect(window.open).not.toHaveBeenCalled();
  });

  it('says a free person’s checkout could not start for want of a connection, and opens nothing', async () => {
    signIn({ plan: 'free' });
    fakeApi.use({
      'GET /api/subscription/plans': () => ok(CATALOGUE),
      'GET /api/user/subscription': () => ok({ plan: 'free', status: 'active', features: PLAN_FEATURES.free, expiresAt: null }),
      'GET /api/user/credits': () => ok({ balance: 7 }),
      'POST /api/payment/create-subscription-session': () => networkError(),
    });
    await renderWithProviders(<PricingPage />, { route: '/en/pricing' });
    await within(await screen.findByTestId('plan-card-free')).findByText('Current plan');
    await userEvent.click(screen.getByRole('button', { name: 'Upgrade to Pro' }));
    const failure = await screen.findByTestId('checkout-error');
    // The same words as a member's change that found no connection: one way to buy a plan, one set of reasons.
    expect(failure).toHaveAttribute('data-code', 'network');
    expect(failure).toHaveTextContent('Network error occurred during upgrade');
    expect(screen.getByRole('button', { name: 'Upgrade to Pro' })).toBeEnabled();
    expect(screen.queryByTestId('checkout-opened')).toBeNull();
    expect(window.open).not.toHaveBeenCalled();
  });

  it('says why a checkout was refused for a plan already held, and reads the plan again so the cards show the truth', async () => {
    signIn({ plan: 'free' });
    const freePlan: SubscriptionReply = {
      plan: 'free',
      status: 'active',
      features: PLAN_FEATURES.free,
      expiresAt: null,
      billingCycle: null,
      scheduledChange: null,
    };
    const pro: SubscriptionReply = {
      plan: 'pro',
      status: 'active',
      features: PLAN_FEATURES.pro,
      expiresAt: null,
      billingCycle: 'monthly',
      scheduledChange: null,
    };
    // A stale tab: the page read Free, then Pro was bought elsewhere before Upgrade to Pro was pressed here.
    let current = freePlan;
    fakeApi.use({
      'GET /api/subscription/plans': () => ok(CATALOGUE),
      'GET /api/user/subscription': () => ok(current),
      'GET /api/user/credits': () => ok({ balance: 600 }),
      'POST /api/payment/create-subscription-session': () => {
        current = pro;
        return fail(409, 'ALREADY_SUBSCRIBED', 'You are already on the Pro plan, billed monthly');
      },
    });
    await renderWithProviders(<PricingPage />, { route: '/en/pricing?cycle=monthly' });
    await within(await screen.findByTestId('plan-card-free')).findByText('Current plan');
    const proCard = screen.getByTestId('plan-card-pro');
    await userEvent.click(within(proCard).getByRole('button', { name: 'Upgrade to Pro' }));
    const refusal = await within(proCard).findByTestId('checkout-error');
    expect(refusal).toHaveAttribute('data-code', 'subscribed');
    expect(refusal).toHaveTextContent('You already have a paid subscription, so nothing was charged.');
    expect(refusal).not.toHaveTextContent('Failed to initiate upgrade');
    // The plan is read again: the Pro card is the plan in force, and the panel says so.
    expect(await within(proCard).findByText('Current plan')).toBeInTheDocument();
    expect(await within(screen.getByTestId('your-plan')).findByText('Pro')).toBeInTheDocument();
    expect(within(screen.getByTestId('plan-card-free')).queryByText('Current plan')).toBeNull();
    expect(window.open).not.toHaveBeenCalled();
  });

  it('says in the page’s language when too many checkouts were opened, with the minutes to wait, and keeps the general words for an unknown code', async () => {
    signIn({ plan: 'free' });
    const answers = [
      fail(429, 'RATE_LIMITED', 'Too many checkouts opened. Try again in 10 minutes.', { retryAfterSeconds: 541 }),
      fail(429, 'RATE_LIMITED', 'Too many requests. Try again in 1 minute.'),
      fail(418, 'SOMETHING_NEW', 'A reason this page does not know'),
    ];
    fakeApi.use({
      'GET /api/subscription/plans': () => ok(CATALOGUE),
      'GET /api/user/subscription': () => ok({ plan: 'free', status: 'active', features: PLAN_FEATURES.free, expiresAt: null }),
      'GET /api/user/credits': () => ok({ balance: 7 }),
      'POST /api/payment/create-subscription-session': () => answers.shift() ?? fail(500, 'INTERNAL_ERROR', 'unexpected'),
    });
    await renderWithProviders(<PricingPage />, { route: '/de/pricing', language: 'de' });
    const maxCard = await screen.findByTestId('plan-card-premium');
    const upgrade = async () => {
      const button = await within(maxCard).findByRole('button', { name: 'Auf Max upgraden' });
      await waitFor(() => expect(button).toBeEnabled());
      await userEvent.click(button);
    };
    await upgrade();
    const limited = await within(maxCard).findByTestId('checkout-error');
    expect(limited).toHaveAttribute('data-code', 'limited');
    expect(limited).toHaveTextContent('Zu viele Bezahlvorgänge geöffnet. Versuche es in 10 Minuten erneut.');
    await upgrade();
    await waitFor(() => expect(within(maxCard).getByTestId('checkout-error')).toHaveTextContent('Versuche es in ein paar Minuten erneut.'));
    await upgrade();
    await waitFor(() => expect(within(maxCard).getByTestId('checkout-error')).toHaveAttribute('data-code', 'failed'));
    expect(within(maxCard).getByTestId('checkout-error')).toHaveTextContent('Das Upgrade konnte nicht gestartet werden');
    expect(window.open).not.toHaveBeenCalled();
  });

  it('holds the cancel dialog open while the cancellation runs, says in it why one failed, and forgets that once closed', async () => {
    signIn({ plan: 'pro' });
    const expiresAt = new Date(Date.now() + 20 * DAY_MS).toISOString();
    const pro: SubscriptionStatus = { plan: 'pro', status: 'active', features: PLAN_FEATURES.pro, expiresAt };
    let answer = deferred<ReplyTo<'POST /api/subscription/cancel'>>();
    fakeApi.use({
      'GET /api/subscription/plans': () => ok(CATALOGUE),
      'GET /api/user/subscription': () => ok(pro),
      'GET /api/user/credits': () => ok({ balance: 640 }),
      'POST /api/subscription/cancel': () => answer.promise,
    });
    await renderWithProviders(<PricingPage />, { route: '/en/pricing' });
    const panel = await screen.findByTestId('your-plan');
    await within(panel).findByText('Pro');
    await userEvent.click(within(panel).getByRole('button', { name: 'Cancel subscription' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Cancel your Pro plan?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel subscription' }));

    const cancelling = await within(dialog).findByRole('button', { name: 'Cancelling…' });
    expect(cancelling).toBeDisabled();
    expect(cancelling).toHaveAttribute('aria-busy', 'true');
    expect(within(dialog).getByRole('button', { name: 'Keep my plan' })).toBeDisabled();
    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();

    answer.resolve(networkError());
    const failure = await within(dialog).findByRole('alert');
    expect(failure).toHaveAttribute('data-code', 'NETWORK_ERROR');
    expect(failure).toHaveTextContent('Network error occurred during cancellation');
    expect(within(dialog).getByRole('button', { name: 'Cancel subscription' })).toBeEnabled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep my plan' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(panel).toHaveAttribute('data-state', 'active');

    await userEvent.click(within(panel).getByRole('button', { name: 'Cancel subscription' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Cancel your Pro plan?' });
    expect(within(dialog).queryByRole('alert')).toBeNull();
    answer = deferred();
    answer.resolve(fail(502, 'CANCELLATION_FAILED', 'The provider did not answer'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel subscription' }));
    expect(await within(dialog).findByRole('alert')).toHaveAttribute('data-code', 'CANCELLATION_FAILED');
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Failed to cancel subscription');
    expect(screen.queryByTestId('cancel-done')).toBeNull();
  });

  it('keeps the Keep button busy while the waiting change is dropped, and says why dropping it failed', async () => {
    signIn({ plan: 'premium' });
    const { max, waiting } = maxMember();
    let answer = deferred<ReplyTo<'DELETE /api/subscription/scheduled-change'>>();
    fakeApi.use({
      'GET /api/subscription/plans': () => ok(CATALOGUE),
      'GET /api/user/subscription': () => ok(waiting),
      'GET /api/user/credits': () => ok({ balance: 900 }),
      'DELETE /api/subscription/scheduled-change': () => answer.promise,
    });
    await renderWithProviders(<PricingPage />, { route: '/en/pricing?cycle=monthly' });
    const panel = await screen.findByTestId('your-plan');
    await within(panel).findByTestId('scheduled-change');
    const keep = within(panel).getByRole('button', { name: 'Keep Max' });
    await userEvent.click(keep);
    await waitFor(() => expect(keep).toBeDisabled());
    expect(keep).toHaveAttribute('aria-busy', 'true');

    answer.resolve(fail(500, 'CANCELLATION_FAILED', 'The provider did not answer'));
    expect(await within(panel).findByTestId('keep-error')).toHaveTextContent('The change could not be dropped. Try again.');
    expect(keep).toBeEnabled();
    expect(keep).toHaveAttribute('aria-busy', 'false');

    answer = deferred();
    answer.resolve(networkError());
    await userEvent.click(keep);
    await waitFor(() => expect(within(panel).getByTestId('keep-error')).toHaveTextContent('Network error: the change could not be dropped.'));

    answer = deferred();
    answer.resolve(ok(max));
    await userEvent.click(keep);
    expect(await within(panel).findByTestId('keep-done')).toHaveTextContent('Max goes on as before.');
    expect(within(panel).queryByTestId('keep-error')).toBeNull();
    expect(within(panel).queryByTestId('scheduled-change')).toBeNull();
  });
});
