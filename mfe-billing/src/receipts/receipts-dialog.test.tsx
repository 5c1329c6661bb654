import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { clearSession } from '@reelmint/shared';
import type { Receipt } from './receipts-api.ts';
import { withBillingQueries } from '../server-state/billing-queries.tsx';
import { ReceiptsDialog as Dialog } from './receipts-dialog.tsx';
import { fail, fakeApi, ok, renderWithProviders, signIn, setupFakeApi } from '@reelmint/testing';

setupFakeApi();

// Inside the remote the dialog sits in pricing's query cache; on its own it gets the same.
const ReceiptsDialog = withBillingQueries(Dialog);

const receipt = (overrides: Partial<Receipt>): Receipt => ({
  id: 'rcpt_1',
  kind: 'plan',
  plan: 'pro',
  billingCycle: 'monthly',
  pack: null,
  amount: 13,
  listPrice: 13,
  currency: 'USD',
  credits: 500,
  creditsTakenBack: 0,
  provider: 'stripe',
  createdAt: '2026-03-03T10:00:00Z',
  ...overrides,
});

const page = (items: Receipt[], total = items.length, number = 1) => ok({ items, page: number, perPage: 20, total });

// The dialog's code is fetched when first wanted; compiling it here, once, keeps that out of the first
// assertion's wait (the module stays unloaded for the code under test, which fetches it itself).
beforeAll(async () => {
  await import('../ui/modal-panel.lazy.tsx');
});

describe('receipts dialog', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    clearSession();
  });

  it('writes each receipt in the page’s language: what was bought, the date, the amount and the credits, with the notes that apply', async () => {
    signIn({ plan: 'premium' });
    fakeApi.use({
      'GET /api/payment/receipts': () =>
        page([
          receipt({
            id: 'rcpt_pack',
            kind: 'pack',
            plan: null,
            billingCycle: null,
            pack: 'credits-2000',
            amount: 45,
            listPrice: 45,
            credits: 2000,
            provider: 'local',
          }),
          receipt({ id: 'rcpt_change', kind: 'change', plan: 'premium', amount: 25.4, listPrice: 39, credits: 1000, createdAt: '2026-02-14T10:00:00Z' }),
        ]),
    });
    await renderWithProviders(<ReceiptsDialog onClose={vi.fn()} />, { route: '/fr/pricing', language: 'fr' });
    expect(await screen.findByRole('dialog', { name: 'Vos reçus' })).toBeInTheDocument();
    const [pack, change] = await screen.findAllByTestId('receipt');

    // French numbers, prices and dates: a narrow space between thousands, a comma for cents, the day first.
    expect(pack!.textContent).toContain('Pack de 2\u202f000 crédits');
    expect(within(pack!).getByTestId('receipt-amount').textContent).toBe('45\u00a0$US');
    expect(within(pack!).getByTestId('receipt-granted').textContent).toBe('+2\u202f000');
    expect(pack).toHaveTextContent('3 mars 2026');
    expect(pack).toHaveTextContent('Paiement de test');
    expect(pack).not.toHaveTextContent('Prix catalogue');
    expect(within(pack!).queryByTestId('receipt-taken-back')).not.toBeInTheDocument();

    expect(change).toHaveTextContent('Passage au forfait Max, facturé chaque mois');
    expect(within(change!).getByTestId('receipt-amount').textContent).toBe('25,40\u00a0$US');
    expect(change).toHaveTextContent('14 février 2026');
    expect(change!.textContent).toContain('Prix catalogue 39\u00a0$US');
    expect(change).not.toHaveTextContent('Paiement de test');
  });

  it('lists the credits a move up took back beside those it added, on screen and in the downloaded file', async () => {
    signIn({ plan: 'premium' });
    fakeApi.use({
      'GET /api/payment/receipts': () =>
        page([receipt({ id: 'rcpt_up', plan: 'premium', amount: 26.01, listPrice: 39, credits: 1000, creditsTakenBack: 500, provider: 'local' })]),
    });
    // The file is handed to the browser as a blob link that is clicked: both are caught here, and the blob read back.
    const blobs: Blob[] = [];
    const revoked: string[] = [];
    vi.stubGlobal(
      'URL',
      class extends URL {
        static override createObjectURL(blob: Blob) {
          blobs.push(blob);
          return 'blob:receipt';
        }
        static override revokeObjectURL(url: string) {
          revoked.push(url);
        }
      },
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    try {
      await renderWithProviders(<ReceiptsDialog onClose={vi.fn()} />, { route: '/fr/pricing', language: 'fr' });
      const up = await screen.findByTestId('receipt');
      expect(within(up).getByTestId('receipt-granted').textContent).toBe('+1\u202f000');
      const takenBack = within(up).getByTestId('receipt-taken-back');
      expect(takenBack.textContent).toBe('\u2212500');
      expect(takenBack.previousElementSibling).toHaveTextContent('Crédits repris pour la partie non utilisée de votre forfait précédent');

      await userEvent.click(within(up).getByRole('button', { name: 'Télécharger le reçu' }));
      expect(click).toHaveBeenCalledTimes(1);
      // The link's address is let go once the click is handled; waiting for it also keeps it inside this test.
      await vi.waitFor(() => expect(revoked).toEqual(['blob:receipt']));
      const html = await new Promise<string>((resolve) => {
        const reader = new FileReader();
        reader.onload = () => resolve(String(reader.result));
        reader.readAsText(blobs[0]!);
      });
      expect(html).toContain('<tr><th scope="row">Crédits ajoutés</th><td>+1\u202f000</td></tr>');
      expect(html).toContain('<tr><th scope="row">Crédits repris pour la partie non utilisée de votre forfait précédent</th><td>\u2212500</td></tr>');
    } finally {
      click.mockRestore();
    }
  });

  it('says when there is nothing yet, and when the list cannot be loaded offers a retry that loads it', async () => {
    signIn({ plan: 'pro' });
    fakeApi.use({ 'GET /api/payment/receipts': () => page([]) });
    const empty = await renderWithProviders(<ReceiptsDialog onClose={vi.fn()} />, { route: '/en/pricing' });
    expect(await screen.findByTestId('receipts-empty')).toHaveTextContent('No payments yet.');
    empty.unmount();

    let answers = 0;
    fakeApi.reset();
    fakeApi.use({
      'GET /api/payment/receipts': () => {
        answers += 1;
        return answers === 1 ? fail(503, 'TIMEOUT', 'The server took too long') : page([receipt({})]);
      },
    });
    await renderWithProviders(<ReceiptsDialog onClose={vi.fn()} />, { route: '/en/pricing' });
    const problem = await screen.findByRole('alert');
    expect(problem).toHaveTextContent('Your receipts could not be loaded.');
    await userEvent.click(within(problem).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('receipt')).toHaveTextContent('Pro plan, billed monthly');
  });

  it('pages through receipts twenty at a time', async () => {
    signIn({ plan: 'pro' });
    fakeApi.use({
      'GET /api/payment/receipts': () => page([receipt({ id: 'rcpt_newest' })], 21),
    });
    await renderWithProviders(<ReceiptsDialog onClose={vi.fn()} />, { route: '/en/pricing' });
    const pager = await screen.findByRole('navigation', { name: /receipts/i });
    expect(pager).toHaveTextContent('Page 1 of 2');
    expect(within(pager).getByRole('button', { name: 'Previous' })).toBeDisabled();
    await userEvent.click(within(pager).getByRole('button', { name: 'Next' }));
    // The pager is drawn again once the second page has come.
    expect(await screen.findByText('Page 2 of 2')).toBeInTheDocument();
    expect(fakeApi.callsTo('GET /api/payment/receipts').map(({ url }) => [url.searchParams.get('page'), url.searchParams.get('per_page')])).toEqual([
      ['1', '20'],
      ['2', '20'],
    ]);
  });
});
