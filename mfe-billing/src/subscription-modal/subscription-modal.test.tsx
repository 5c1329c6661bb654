import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { PLAN_FEATURES, bus, clearSession, creditsStore, openSubscriptionModal, requestCredits, subscriptionStore } from '@reelmint/shared';
import type { SubscriptionModalResult, SubscriptionReply, SubscriptionStatus } from '@reelmint/shared';
import SubscriptionModal from './subscription-modal.tsx';
import { CATALOGUE, deferred, fail, fakeApi, networkError, ok, raw, renderWithProviders, signIn, setupFakeApi } from '@reelmint/testing';
import type { ReplyTo } from '@reelmint/testing';

setupFakeApi();

const TITLE = 'This video needs AI credits to continue';
const free: SubscriptionStatus = { plan: 'free', status: 'active', features: PLAN_FEATURES.free, expiresAt: null };

/**
 * The modal listens for open requests from an effect, which runs only once its strings have loaded: a request
 * sent before that would be lost, so the tests wait for the listener (a busy machine loads strings late).
 */
async function modalListening() {
  await waitFor(() => expect(bus.all.get('subscription:open')?.length ?? 0).toBeGreaterThan(0));
}

/** A Pro member on `billingCycle` whose plan change, once sent, waits for `change` to be settled by the test. */
function proMemberChanging(billingCycle: 'monthly' | 'yearly') {
  const pro: SubscriptionReply = { ...free, plan: 'pro', features: PLAN_FEATURES.pro, billingCycle, scheduledChange: null };
  const change = deferred<ReplyTo<'POST /api/subscription/change'>>();
  const { calls } = fakeApi.use({
    'GET /api/subscription/plans': () => ok(CATALOGUE),
    'GET /api/user/subscription': () => ok(pro),
    'GET /api/credits/packs': () => ok([]),
    'POST /api/subscription/change': () => change.promise,
  });
  return { pro, change, calls };
}

async function mount() {
  await renderWithProviders(
    <>
      <button type="button">Generate</button>
      <SubscriptionModal />
    </>,
    { route: '/en/text-to-video/generator' },
  );
  const generate = await screen.findByRole('button', { name: 'Generate' });
  await modalListening();
  return generate;
}

async function open(opening: () => Promise<SubscriptionModalResult>, ready: RegExp | null = /Max/) {
  let result!: Promise<SubscriptionModalResult>;
  // Awaited: the dialog's first drawing reads the strings with React's `use`, which stops a synchronous act
  // before Radix's portal has mounted the panel.
  await act(async () => {
    result = opening();
  });
  const dialog = await screen.findByRole('dialog', { name: TITLE });
  if (ready) await within(dialog).findByRole('radio', { name: ready });
  return { dialog, result };
}

// The dialog's code is fetched when first wanted; compiling it here, once, keeps that out of the first
// assertion's wait (the module stays unloaded for the code under test, which fetches it itself).
beforeAll(async () => {
  await import('../ui/modal-panel.lazy.tsx');
});

describe('subscription modal', () => {
  const windowOpen = vi.fn();
  beforeEach(() => {
    vi.stubGlobal('open', windowOpen);
    vi.stubGlobal('alert', vi.fn());
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    windowOpen.mockReset();
    clearSession();
  });

  it('opens from the needs-credits trigger with the shortfall, yearly billing and Max (Popular) chosen, priced from the catalogue', async () => {
    fakeApi.use({ 'GET /api/subscription/plans': () => ok(CATALOGUE) });
    await mount();
    const { dialog } = await open(() => requestCredits(45, 12, 'generator'));

    expect(within(dialog).getByTestId('credit-shortfall')).toHaveTextContent('This video needs 45 credits. You have 12.');
    expect(within(dialog).getByRole('button', { name: /Yearly/ })).toHaveAttribute('aria-pressed', 'true');
    expect(within(dialog).getByTestId('yearly-saving')).toHaveTextContent('23% OFF');
    const max = within(dialog).getByRole('radio', { name: /Max/ });
    expect(max).toBeChecked();
    const maxOption = max.closest('label') as HTMLElement;
    expect(maxOption).toHaveTextContent('Popular');
    expect(maxOption).toHaveTextContent('$30');
    expect(maxOption).toHaveTextContent('$360 billed yearly');
    expect(maxOption).toHaveTextContent('1,000 credits per month');
    expect(within(dialog).getByRole('radio', { name: /Pro/ })).not.toBeChecked();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Monthly' }));
    expect(maxOption).toHaveTextContent('$39');
    expect(maxOption).toHaveTextContent('Billed monthly');
  });

  it('closes on Escape with "closed" and gives focus back to what opened it', async () => {
    fakeApi.use({ 'GET /api/subscription/plans': () => ok(CATALOGUE) });
    const opener = await mount();
    opener.focus();
    const { result } = await open(() => openSubscriptionModal({ source: 'header' }));
    expect(document.activeElement).not.toBe(opener);

    await userEvent.keyboard('{Escape}');
    await expect(result).resolves.toMatchObject({ action: 'closed' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('closes on a backdrop click and on the close button, but not on a click inside', async () => {
    fakeApi.use({ 'GET /api/subscription/plans': () => ok(CATALOGUE) });
    await mount();
    const first = await open(() => openSubscriptionModal());
    await userEvent.click(within(first.dialog).getByRole('heading', { name: TITLE }));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await userEvent.click(first.dialog.parentElement as HTMLElement);
    await expect(first.result).resolves.toMatchObject({ action: 'closed' });

    const second = await open(() => openSubscriptionModal());
    await userEvent.click(within(second.dialog).getByRole('button', { name: 'Close' }));
    await expect(second.result).resolves.toMatchObject({ action: 'closed' });
  });

  it('keeps keyboard focus inside while open', async () => {
    fakeApi.use({ 'GET /api/subscription/plans': () => ok(CATALOGUE) });
    await mount();
    const { dialog } = await open(() => openSubscriptionModal());
    for (let step = 0; step < 12; step += 1) {
      await userEvent.tab();
      expect(dialog.contains(document.activeElement)).toBe(true);
    }
    for (let step = 0; step < 12; step += 1) {
      await userEvent.tab({ shift: true });
      expect(dialog.contains(document.activeElement)).toBe(true);
    }
  });

  it('sends a signed-out Continue to /auth with a way back, and resolves "closed"', async () => {
    fakeApi.use({ 'GET /api/subscription/plans': () => ok(CATALOGUE) });
    const navigate = vi.fn();
    bus.on('navigate', navigate);
    await mount();
    const { dialog, result } = await open(() => requestCredits(45, 12, 'generator'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await expect(result).resolves.toMatchObject({ action: 'closed' });
    expect(navigate).toHaveBeenCalledWith({ to: '/auth?returnTo=%2Fen%2Ftext-to-video%2Fgenerator' });
    bus.off('navigate', navigate);
  });

  it('shows Processing... and stays disabled while the checkout request runs, then opens the checkout, resolves "continue" and keeps a link to it', async () => {
    signIn();
    const session = deferred<ReplyTo<'POST /api/payment/create-subscription-session'>>();
    const { calls } = fakeApi.use({
      'GET /api/subscription/plans': () => ok(CATALOGUE),
      'GET /api/user/subscription': () => ok(free),
      'POST /api/payment/create-subscription-session': () => session.promise,
    });
    await mount();
    const { dialog, result } = await open(() => requestCredits(45, 12, 'generator'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));

    const busy = within(dialog).getByRole('button', { name: 'Processing...' });
    expect(busy).toBeDisabled();
    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('dialog')).toBeInTheDocument();

    session.resolve(ok({ checkoutUrl: 'http://localhost:8787/api/payment/checkout/cs_1', sessionId: 'cs_1', message: 'ok' }));
    await expect(result).resolves.toEqual({ requestId: expect.any(String), action: 'continue', plan: 'premium' });
    expect(windowOpen).toHaveBeenCalledWith('http://localhost:8787/api/payment/checkout/cs_1', '_blank', 'noopener,noreferrer');
    expect(calls.find((call) => call.route === 'POST /api/payment/create-subscription-session')?.body).toEqual({
      planName: 'premium',
      billingCycle: 'yearly',
      source: 'generator',
    });
    // The window opens after a request, so the browser may have blocked it: the link is always there.
    const link = await within(dialog).findByRole('link', { name: /Open the secure checkout/ });
    expect(link).toHaveAttribute('href', 'http://localhost:8787/api/payment/checkout/cs_1');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    await waitFor(() => expect(document.activeElement).toBe(link));
    expect(within(dialog).getByTestId('checkout-opened')).toHaveTextContent('Checkout for Max opened in a new window.');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('retries sample plans on the next opening, and never charges from them', async () => {
    signIn();
    let serverUp = false;
    const { calls } = fakeApi.use({
      'GET /api/subscription/plans': () => (serverUp ? ok(CATALOGUE) : networkError()),
      'GET /api/user/subscription': () => ok(free),
    });
    await mount();
    let first!: Promise<SubscriptionModalResult>;
    await act(async () => {
      first = openSubscriptionModal({ source: 'header' });
    });
    const dialog = await screen.findByRole('dialog', { name: TITLE });
    expect(await within(dialog).findByTestId('plans-offline')).toHaveTextContent('The server cannot be reached, so these are sample plans.');
    expect(within(dialog).getByRole('radio', { name: /Premium/ })).toBeChecked();
    expect(within(dialog).getByRole('button', { name: 'Continue' })).toBeDisabled();
    await userEvent.keyboard('{Escape}');
    await first;

    serverUp = true;
    const second = await open(() => openSubscriptionModal({ source: 'header' }));
    await waitFor(() => expect(within(second.dialog).queryByTestId('plans-offline')).toBeNull());
    expect(within(second.dialog).getByRole('button', { name: 'Continue' })).toBeEnabled();
    expect(calls.filter((call) => call.route === 'GET /api/subscription/plans')).toHaveLength(2);
    expect(calls.some((call) => call.route === 'POST /api/payment/create-subscription-session')).toBe(false);
  });

  it('opened by a plan lock, is titled after the option and starts on the cheapest plan with it', async () => {
    fakeApi.use({ 'GET /api/subscription/plans': () => ok(CATALOGUE) });
    await mount();
    await act(async () => {
      void openSubscriptionModal({ source: 'generator', needsPlan: { feature: 'hd720p', plan: 'pro' } });
    });
    const dialog = await screen.findByRole('dialog', { name: '720p videos come with Pro' });
    expect(dialog).toHaveAccessibleDescription('Choose Pro or a higher plan to use this option. You can cancel anytime.');
    await waitFor(() => expect(within(dialog).getByRole('radio', { name: /Pro/ })).toBeChecked());
    expect(screen.queryByRole('dialog', { name: TITLE })).toBeNull();
  });

  it('opened by a 1080p lock on Free, offers Max alone: Pro would not unlock 1080p', async () => {
    fakeApi.use({ 'GET /api/subscription/plans': () => ok(CATALOGUE) });
    await mount();
    await act(async () => {
      void openSubscriptionModal({ source: 'generator', needsPlan: { feature: 'hd1080p', plan: 'premium' } });
    });
    const dialog = await screen.findByRole('dialog', { name: '1080p videos come with Max' });
    await waitFor(() => expect(within(dialog).getByRole('radio', { name: /Max/ })).toBeChecked());
    expect(within(dialog).getAllByRole('radio')).toHaveLength(1);
    expect(within(dialog).queryByRole('radio', { name: /Pro/ })).toBeNull();
  });

  it('opened by the editing lock for a Pro member, offers Max and no credit packs, which unlock no editing', async () => {
    signIn({ plan: 'pro' });
    fakeApi.use({
      'GET /api/subscription/plans': () => ok(CATALOGUE),
      'GET /api/user/subscription': () => ok({ ...free, plan: 'pro', features: PLAN_FEATURES.pro }),
      'GET /api/credits/packs': () => ok([{ id: 'credits-250', credits: 250, price: 8, currency: 'USD' }]),
    });
    await mount();
    await act(async () => {
      void openSubscriptionModal({ source: 'generator-edit', needsPlan: { feature: 'advancedEditing', plan: 'premium' } });
    });
    const dialog = await screen.findByRole('dialog', { name: /Max/ });
    await waitFor(() => expect(within(dialog).getByRole('radio', { name: /Max/ })).toBeChecked());
    expect(within(dialog).queryByRole('radio', { name: /Pro/ })).toBeNull();
    expect(within(dialog).queryByTestId('credit-packs')).toBeNull();
    expect(within(dialog).queryByText('250 credits')).toBeNull();
  });

  it('offers a Max member who runs out credit packs, not a cheaper plan, and buys a pack through its own checkout', async () => {
    signIn();
    vi.stubGlobal('open', vi.fn());
    const { calls } = fakeApi.use({
      'GET /api/subscription/plans': () => ok(CATALOGUE),
      'GET /api/user/subscription': () => ok({ ...free, plan: 'premium', features: PLAN_FEATURES.premium }),
      'GET /api/credits/packs': () =>
        ok([
          { id: 'credits-250', credits: 250, price: 8, currency: 'USD' },
          { id: 'credits-750', credits: 750, price: 20, currency: 'USD' },
        ]),
      'POST /api/payment/create-pack-session': () => ok({ checkoutUrl: 'http://pay.test/pack/1', sessionId: 'cs_1', message: 'ok' }),
    });
    await mount();
    // Max has no plan above it: the modal offers no plan at all.
    const { dialog } = await open(() => requestCredits(45, 12, 'generator'), null);
    const packs = await within(dialog).findByTestId('credit-packs');
    await within(packs).findByText('750 credits');
    expect(within(dialog).queryByRole('radio')).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Continue' })).toBeNull();
    await userEvent.click(within(packs).getByRole('button', { name: 'Buy for $20' }));
    expect(calls.find((call) => call.route === 'POST /api/payment/create-pack-session')?.body).toEqual({ packId: 'credits-750', source: 'generator' });
    expect(window.open).toHaveBeenCalledWith('http://pay.test/pack/1', '_blank', 'noopener,noreferrer');
    expect(await within(packs).findByTestId('pack-checkout-opened')).toHaveTextContent('Checkout for 750 credits opened in a new window.');
    vi.unstubAllGlobals();
  });

  it('closes once a credit pack bought from the needs-credits modal is paid, as after a plan, with the fresh balance', async () => {
    signIn({ plan: 'pro' });
    let balance = 5;
    fakeApi.use({
      'GET /api/subscription/plans': () => ok(CATALOGUE),
      'GET /api/user/subscription': () => ok({ ...free, plan: 'pro', features: PLAN_FEATURES.pro }),
      'GET /api/user/credits': () => ok({ balance }),
      'GET /api/credits/packs': () => ok([{ id: 'credits-750', credits: 750, price: 20, currency: 'USD' }]),
      'POST /api/payment/create-pack-session': () => ok({ checkoutUrl: 'http://pay.test/pack/2', sessionId: 'cs_2', message: 'ok' }),
    });
    await mount();
    const { dialog, result } = await open(() => requestCredits(10, 5, 'generator'));
    expect(within(dialog).getByTestId('credit-shortfall')).toHaveTextContent('You have 5');
    const packs = await within(dialog).findByTestId('credit-packs');
    const end = (outcome: 'paid' | 'canceled') =>
      act(() => {
        const newValue = JSON.stringify({ sessionId: 'cs_2', outcome, at: Date.now() });
        window.dispatchEvent(new StorageEvent('storage', { key: 'reelmint:checkout-ended', newValue }));
      });

    // A checkout left unpaid changes nothing: the person still lacks the credits, and the modal still offers them.
    await userEvent.click(await within(packs).findByRole('button', { name: 'Buy for $20' }));
    await within(packs).findByTestId('pack-checkout-opened');
    end('canceled');
    await waitFor(() => expect(within(packs).queryByTestId('pack-checkout-opened')).toBeNull());
    expect(screen.getByRole('dialog', { name: TITLE })).toBeInTheDocument();

    await userEvent.click(within(packs).getByRole('button', { name: 'Buy for $20' }));
    await within(packs).findByTestId('pack-checkout-opened');
    balance = 755;
    end('paid');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expect(result).resolves.toEqual({ requestId: expect.any(String), action: 'continue', plan: 'pro' });
    await waitFor(() => expect(creditsStore.getState().balance).toBe(755));
  });

  it('offers a Pro member Max and credit packs', async () => {
    signIn();
    fakeApi.use({
      'GET /api/subscription/plans': () => ok(CATALOGUE),
      'GET /api/user/subscription': () => ok({ ...free, plan: 'pro', features: PLAN_FEATURES.pro }),
      'GET /api/credits/packs': () => ok([{ id: 'credits-250', credits: 250, price: 8, currency: 'USD' }]),
    });
    await mount();
    const { dialog } = await open(() => openSubscriptionModal());
    // Once the plan is known, Pro (the plan in force) is no longer offered.
    await waitFor(() => expect(within(dialog).queryByRole('radio', { name: /Pro/ })).toBeNull());
    expect(within(dialog).getByRole('radio', { name: /Max/ })).toBeChecked();
    expect(await within(dialog).findByText('250 credits')).toBeInTheDocument();
  });

  it('moves a Pro member up to Max through the plan change, never a second checkout, and says so when it is done in place', async () => {
    signIn({ plan: 'pro' });
    // A live Stripe subscription is updated in place: the new plan and its credits at once.
    const { pro, change, calls } = proMemberChanging('monthly');
    await mount();
    const { dialog, result } = await open(() => requestCredits(45, 12, 'generator'));
    await waitFor(() => expect(within(dialog).queryByRole('radio', { name: /Pro/ })).toBeNull());
    await userEvent.click(within(dialog).getByRole('button', { name: 'Monthly' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByRole('button', { name: 'Processing...' })).toBeDisabled();

    change.resolve(
      ok({ kind: 'changed', checkoutUrl: null, sessionId: null, subscription: { ...pro, plan: 'premium', features: PLAN_FEATURES.premium }, balance: 1540 }),
    );
    await expect(result).resolves.toEqual({ requestId: expect.any(String), action: 'continue', plan: 'premium' });
    expect(await within(dialog).findByTestId('plan-changed')).toHaveTextContent('You are now on Max. Its credits are in your balance.');
    expect(calls.find((call) => call.route === 'POST /api/subscription/change')?.body).toEqual({
      planName: 'premium',
      billingCycle: 'monthly',
      source: 'generator',
    });
    expect(calls.some((call) => call.route === 'POST /api/payment/create-subscription-session')).toBe(false);
    expect(windowOpen).not.toHaveBeenCalled();
    // Every app sees the new plan and balance without asking the server again.
    expect(subscriptionStore.getState().subscription?.plan).toBe('premium');
    expect(creditsStore.getState().balance).toBe(1540);
    const close = within(dialog).getByRole('button', { name: 'Close' });
    await waitFor(() => expect(document.activeElement).toBe(close));
    await userEvent.click(close);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opens the prorated checkout the plan change answers with for a member on the test provider', async () => {
    signIn({ plan: 'pro' });
    const pro: SubscriptionReply = { ...free, plan: 'pro', features: PLAN_FEATURES.pro, billingCycle: 'monthly', scheduledChange: null };
    const { calls } = fakeApi.use({
      'GET /api/subscription/plans': () => ok(CATALOGUE),
      'GET /api/user/subscription': () => ok(pro),
      'GET /api/credits/packs': () => ok([]),
      // The plan changes once the checkout is paid: until then the reply carries the plan in force.
      'POST /api/subscription/change': () =>
        ok({ kind: 'checkout', checkoutUrl: 'http://localhost:8787/api/payment/checkout/cs_9?token=t', sessionId: 'cs_9', subscription: pro, balance: 12 }),
    });
    await mount();
    const { dialog, result } = await open(() => requestCredits(45, 12, 'generator'));
    await waitFor(() => expect(within(dialog).queryByRole('radio', { name: /Pro/ })).toBeNull());
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await expect(result).resolves.toMatchObject({ action: 'continue', plan: 'premium' });
    expect(windowOpen).toHaveBeenCalledWith('http://localhost:8787/api/payment/checkout/cs_9?token=t', '_blank', 'noopener,noreferrer');
    expect(await within(dialog).findByRole('link', { name: /Open the secure checkout/ })).toHaveAttribute(
      'href',
      'http://localhost:8787/api/payment/checkout/cs_9?token=t',
    );
    expect(calls.some((call) => call.route === 'POST /api/payment/create-subscription-session')).toBe(false);
  });

  it('a declined move up says so in the modal, changes nothing and can be tried again', async () => {
    signIn({ plan: 'pro' });
    let attempts = 0;
    fakeApi.use({
      'GET /api/subscription/plans': () => ok(CATALOGUE),
      'GET /api/user/subscription': () => ok({ ...free, plan: 'pro', features: PLAN_FEATURES.pro, billingCycle: 'yearly', scheduledChange: null }),
      'GET /api/credits/packs': () => ok([]),
      'POST /api/subscription/change': () => {
        attempts += 1;
        return fail(402, 'PAYMENT_DECLINED', 'The card was declined');
      },
    });
    await mount();
    const { dialog } = await open(() => openSubscriptionModal({ source: 'header' }));
    await waitFor(() => expect(within(dialog).queryByRole('radio', { name: /Pro/ })).toBeNull());
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Your payment was declined, so nothing changed. Check your card and try again.');
    expect(subscriptionStore.getState().subscription?.plan).toBe('pro');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(attempts).toBe(2));
    expect(windowOpen).not.toHaveBeenCalled();
  });

  it('says in the page’s language when the provider refuses a change or is busy; the plan stays and the choice can be tried again', async () => {
    signIn({ plan: 'pro' });
    const answers = [
      fail(422, 'PLAN_CHANGE_REFUSED', 'The payment provider refused this change: This price is not available.'),
      fail(503, 'PAYMENT_PROVIDER_BUSY', 'The payment provider is busy; try again in a minute'),
    ];
    fakeApi.use({
      'GET /api/subscription/plans': () => ok(CATALOGUE),
      'GET /api/user/subscription': () => ok({ ...free, plan: 'pro', features: PLAN_FEATURES.pro, billingCycle: 'yearly', scheduledChange: null }),
      'GET /api/credits/packs': () => ok([]),
      'POST /api/subscription/change': () => answers.shift() ?? fail(500, 'INTERNAL_ERROR', 'unexpected'),
    });
    await renderWithProviders(
      <>
        <button type="button">Generate</button>
        <SubscriptionModal />
      </>,
      { route: '/de/text-to-video/generator', language: 'de' },
    );
    await screen.findByRole('button', { name: 'Generate' });
    await modalListening();
    await act(async () => {
      void openSubscriptionModal({ source: 'header' });
    });
    const dialog = await screen.findByRole('dialog', { name: 'Um mit diesem Video fortzufahren, brauchst du KI-Credits' });
    await within(dialog).findByRole('radio', { name: /Max/ });
    // jsdom has no layout, so no scrollIntoView: record what asked to be brought into view.
    const scrolledTo: Element[] = [];
    Element.prototype.scrollIntoView = function scrollIntoView(this: Element) {
      scrolledTo.push(this);
    };
    await userEvent.click(within(dialog).getByRole('button', { name: 'Weiter' }));
    const refused = await within(dialog).findByRole('alert');
    expect(refused).toHaveTextContent('Der Zahlungsanbieter hat diese Änderung abgelehnt. Es wurde nichts abgebucht und dein Tarif bleibt unverändert.');
    // On a phone the sheet is scrolled down to Continue; the refusal above it is brought into view.
    await waitFor(() => expect(scrolledTo).toContain(refused));
    Reflect.deleteProperty(Element.prototype, 'scrollIntoView');
    expect(subscriptionStore.getState().subscription?.plan).toBe('pro');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Weiter' }));
    await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent('Der Zahlungsanbieter ist gerade ausgelastet.'));
    expect(within(dialog).getByRole('button', { name: 'Weiter' })).toBeEnabled();
    expect(windowOpen).not.toHaveBeenCalled();
  });

  it('keeps focus inside while processing, when the plan radios sit in a disabled fieldset', async () => {
    signIn();
    const session = deferred<ReplyTo<'POST /api/payment/create-subscription-session'>>();
    fakeApi.use({
      'GET /api/subscription/plans': () => ok(CATALOGUE),
      'GET /api/user/subscription': () => ok(free),
      'POST /api/payment/create-subscription-session': () => session.promise,
    });
    const outside = await mount();
    const { dialog, result } = await open(() => requestCredits(45, 12, 'generator'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    const seeAll = within(dialog).getByRole('button', { name: /See all plans/ });
    seeAll.focus();

    await userEvent.tab({ shift: true });
    expect(document.activeElement).toBe(seeAll);
    await userEvent.tab();
    expect(document.activeElement).toBe(seeAll);
    act(() => outside.focus());
    expect(document.activeElement).toBe(seeAll);

    session.resolve(ok({ checkoutUrl: 'http://pay.test/s/1' }));
    await result;
  });

  it("locks everything while a member's change runs: busy Continue, plans, cycle and Close disabled, Escape and a second request turned away", async () => {
    signIn({ plan: 'pro' });
    const { pro, change } = proMemberChanging('yearly');
    await mount();
    const { dialog, result } = await open(() => requestCredits(45, 12, 'generator'));
    await waitFor(() => expect(within(dialog).queryByRole('radio', { name: /Pro/ })).toBeNull());
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));

    const busy = await within(dialog).findByRole('button', { name: 'Processing...' });
    expect(busy).toBeDisabled();
    expect(busy).toHaveAttribute('aria-busy', 'true');
    expect(within(dialog).getByRole('radio', { name: /Max/ })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: /Yearly/ })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Monthly' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeDisabled();
    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: TITLE })).toBeInTheDocument();
    // Another app asking meanwhile is answered at once; the change under way keeps the modal.
    let second!: Promise<SubscriptionModalResult>;
    await act(async () => {
      second = openSubscriptionModal({ source: 'header', needsPlan: { feature: 'hd720p', plan: 'pro' } });
    });
    await expect(second).resolves.toMatchObject({ action: 'closed' });
    expect(screen.getByRole('dialog', { name: TITLE })).toBeInTheDocument();

    change.resolve(
      ok({
        kind: 'changed',
        checkoutUrl: null,
        sessionId: null,
        subscription: { ...pro, plan: 'premium', features: PLAN_FEATURES.premium },
        balance: 1200,
      }),
    );
    await expect(result).resolves.toEqual({ requestId: expect.any(String), action: 'continue', plan: 'premium' });
    expect(await within(dialog).findByTestId('plan-changed')).toHaveTextContent('You are now on Max.');
    expect(creditsStore.getState().balance).toBe(1200);
  });

  it('a move down the API keeps for the end of the period says from when, shares the subscription, and has focus on Close', async () => {
    signIn({ plan: 'pro' });
    const pro: SubscriptionReply = { ...free, plan: 'pro', features: PLAN_FEATURES.pro, billingCycle: 'monthly', scheduledChange: null };
    const scheduledChange = { plan: 'premium' as const, billingCycle: 'yearly' as const, effectiveDate: '2027-03-01T00:00:00.000Z' };
    fakeApi.use({
      'GET /api/subscription/plans': () => ok(CATALOGUE),
      'GET /api/user/subscription': () => ok(pro),
      'GET /api/credits/packs': () => ok([]),
      'POST /api/subscription/change': () =>
        ok({ kind: 'scheduled', checkoutUrl: null, sessionId: null, subscription: { ...pro, scheduledChange }, balance: 30 }),
    });
    await mount();
    const { dialog, result } = await open(() => openSubscriptionModal({ source: 'header' }));
    await waitFor(() => expect(within(dialog).queryByRole('radio', { name: /Pro/ })).toBeNull());
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByTestId('plan-scheduled')).toHaveTextContent('March 1, 2027');
    await expect(result).resolves.toMatchObject({ action: 'continue', plan: 'premium' });
    expect(subscriptionStore.getState().subscription?.scheduledChange).toEqual(scheduledChange);
    expect(creditsStore.getState().balance).toBe(30);
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Close' })));
  });

  it("shows each refused change by its code in the page's language, changing nothing and answering nothing, with focus kept inside", async () => {
    signIn({ plan: 'pro' });
    const answers = [
      fail(402, 'PAYMENT_DECLINED', 'The card was declined'),
      fail(422, 'PLAN_CHANGE_REFUSED', 'The payment provider refused this change'),
      fail(503, 'PAYMENT_PROVIDER_BUSY', 'The payment provider is busy'),
      networkError(),
      fail(502, 'PAYMENT_PROVIDER_ERROR', 'The payment provider failed'),
    ];
    fakeApi.use({
      'GET /api/subscription/plans': () => ok(CATALOGUE),
      'GET /api/user/subscription': () => ok({ ...free, plan: 'pro', features: PLAN_FEATURES.pro, billingCycle: 'yearly', scheduledChange: null }),
      'GET /api/credits/packs': () => ok([]),
      'POST /api/subscription/change': () => answers.shift() ?? fail(500, 'INTERNAL_ERROR', 'unexpected'),
    });
    await renderWithProviders(<SubscriptionModal />, { route: '/de/text-to-video/generator', language: 'de' });
    await modalListening();
    let result!: Promise<SubscriptionModalResult>;
    await act(async () => {
      result = openSubscriptionModal({ source: 'header' });
    });
    let answered = false;
    void result.then(() => {
      answered = true;
    });
    const dialog = await screen.findByRole('dialog', { name: 'Um mit diesem Video fortzufahren, brauchst du KI-Credits' });
    await waitFor(() => expect(within(dialog).queryByRole('radio', { name: /Pro/ })).toBeNull());
    const expected: [code: string, words: string][] = [
      ['declined', 'Deine Zahlung wurde abgelehnt, es hat sich nichts geändert.'],
      ['refused', 'Der Zahlungsanbieter hat diese Änderung abgelehnt.'],
      ['busy', 'Der Zahlungsanbieter ist gerade ausgelastet.'],
      ['network', 'Netzwerkfehler beim Upgrade'],
      ['failed', 'Das Upgrade konnte nicht gestartet werden'],
    ];
    for (const [code, words] of expected) {
      await userEvent.click(within(dialog).getByRole('button', { name: 'Weiter' }));
      await waitFor(() => expect(within(dialog).getByTestId('change-error')).toHaveAttribute('data-code', code));
      expect(within(dialog).getByRole('alert')).toHaveTextContent(words);
      await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Weiter' })).toBeEnabled());
      expect(within(dialog).getByRole('radio', { name: /Max/ })).toBeEnabled();
      expect(dialog.contains(document.activeElement)).toBe(true);
    }
    expect(within(dialog).getAllByRole('alert')).toHaveLength(1);
    expect(subscriptionStore.getState().subscription?.plan).toBe('pro');
    expect(answered).toBe(false);
    expect(windowOpen).not.toHaveBeenCalled();
  });

  it('forgets a refusal on a new choice, on closing and on reopening, which starts from the defaults again', async () => {
    signIn({ plan: 'pro' });
    fakeApi.use({
      'GET /api/subscription/plans': () => ok(CATALOGUE),
      'GET /api/user/subscription': () => ok({ ...free, plan: 'pro', features: PLAN_FEATURES.pro, billingCycle: 'yearly', scheduledChange: null }),
      'GET /api/credits/packs': () => ok([]),
      'POST /api/subscription/change': () => fail(402, 'PAYMENT_DECLINED', 'The card was declined'),
    });
    await mount();
    const first = await open(() => openSubscriptionModal({ source: 'header' }));
    await waitFor(() => expect(within(first.dialog).queryByRole('radio', { name: /Pro/ })).toBeNull());
    await userEvent.click(within(first.dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(first.dialog).findByTestId('change-error')).toHaveAttribute('data-code', 'declined');
    await userEvent.click(within(first.dialog).getByRole('button', { name: 'Monthly' }));
    expect(within(first.dialog).queryByTestId('change-error')).toBeNull();

    await userEvent.click(within(first.dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(first.dialog).findByTestId('change-error')).toHaveAttribute('data-code', 'declined');
    await userEvent.keyboard('{Escape}');
    await expect(first.result).resolves.toMatchObject({ action: 'closed' });
    expect(screen.queryByRole('dialog')).toBeNull();

    const second = await open(() => openSubscriptionModal({ source: 'header' }));
    expect(within(second.dialog).queryByTestId('change-error')).toBeNull();
    expect(within(second.dialog).queryByRole('alert')).toBeNull();
    expect(within(second.dialog).getByRole('button', { name: /Yearly/ })).toHaveAttribute('aria-pressed', 'true');
    expect(within(second.dialog).getByRole('button', { name: 'Continue' })).toBeEnabled();
  });

  it('a checkout refused without a link says so, opens pricing with the plan instead, closes and answers "continue"', async () => {
    signIn();
    const alert = vi.fn();
    vi.stubGlobal('alert', alert);
    const { calls } = fakeApi.use({
      'GET /api/subscription/plans': () => ok(CATALOGUE),
      'GET /api/user/subscription': () => ok(free),
      'POST /api/payment/create-subscription-session': () => raw(200, { success: false, data: null, error: null, message: 'no session' }),
    });
    const opener = await mount();
    opener.focus();
    const { dialog, result } = await open(() => requestCredits(45, 12, 'generator'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await expect(result).resolves.toEqual({ requestId: expect.any(String), action: 'continue', plan: 'premium' });
    expect(alert).toHaveBeenCalledWith('Failed to create payment session. Redirecting to pricing page...');
    expect(windowOpen).toHaveBeenCalledWith('/en/pricing?highlight=premium&cycle=yearly&source=generator', '_blank', 'noopener,noreferrer');
    expect(windowOpen).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(opener);
    expect(calls.filter((call) => call.route === 'POST /api/payment/create-subscription-session')).toHaveLength(1);
  });

  it("a checkout request that fails says so in the page's language and opens the language-prefixed pricing instead", async () => {
    signIn();
    const alert = vi.fn();
    vi.stubGlobal('alert', alert);
    fakeApi.use({
      'GET /api/subscription/plans': () => ok(CATALOGUE),
      'GET /api/user/subscription': () => ok(free),
      'POST /api/payment/create-subscription-session': () => fail(500, 'INTERNAL_ERROR', 'unexpected'),
    });
    await renderWithProviders(<SubscriptionModal />, { route: '/de/pricing', language: 'de' });
    await modalListening();
    let result!: Promise<SubscriptionModalResult>;
    await act(async () => {
      result = openSubscriptionModal();
    });
    const dialog = await screen.findByRole('dialog', { name: 'Um mit diesem Video fortzufahren, brauchst du KI-Credits' });
    await within(dialog).findByRole('radio', { name: /Max/ });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Weiter' }));
    await expect(result).resolves.toMatchObject({ action: 'continue', plan: 'premium' });
    expect(alert).toHaveBeenCalledWith('Die Zahlungsanfrage ist fehlgeschlagen. Weiterleitung zur Preisseite...');
    expect(windowOpen).toHaveBeenCalledWith('/de/pricing?highlight=premium&cycle=yearly', '_blank', 'noopener,noreferrer');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('"See all plans" opens the language-prefixed pricing page in a new tab, keeping the choice', async () => {
    fakeApi.use({ 'GET /api/subscription/plans': () => ok(CATALOGUE) });
    await mount();
    const { dialog } = await open(() => openSubscriptionModal());
    await userEvent.click(within(dialog).getByRole('radio', { name: /Pro/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: /See all plans/ }));
    expect(windowOpen).toHaveBeenCalledWith('/en/pricing?highlight=pro&cycle=yearly', '_blank', 'noopener,noreferrer');
  });

  it('"See all plans" carries the source of the request when one was set', async () => {
    fakeApi.use({ 'GET /api/subscription/plans': () => ok(CATALOGUE) });
    await mount();
    const { dialog } = await open(() => requestCredits(45, 12, 'generator'));
    await userEvent.click(within(dialog).getByRole('button', { name: /See all plans/ }));
    expect(windowOpen).toHaveBeenCalledWith('/en/pricing?highlight=premium&cycle=yearly&source=generator', '_blank', 'noopener,noreferrer');
  });
});
