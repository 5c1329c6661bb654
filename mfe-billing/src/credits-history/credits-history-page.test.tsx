import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession } from '@reelmint/shared';
import CreditsHistoryPage from './credits-history-page.tsx';
import type { CreditHistoryItem } from './credits-api.ts';
import { fail, fakeApi, ok, renderWithProviders, signIn, setupFakeApi } from '@reelmint/testing';

setupFakeApi();

const entry = (overrides: Partial<CreditHistoryItem>): CreditHistoryItem => ({
  id: `txn_${Math.random().toString(36).slice(2)}`,
  kind: 'grant',
  amount: 100,
  balanceAfter: 100,
  purpose: 'signup',
  plan: null,
  billingCycle: null,
  videoId: null,
  model: null,
  resolution: null,
  duration: null,
  createdAt: '2026-04-01T09:00:00.000Z',
  ...overrides,
});

describe('credits history page', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    clearSession();
  });

  it('lists each entry with what it was for, the signed change and the balance after, then pages through the address', async () => {
    signIn({ plan: 'pro' });
    const pageOne = [
      entry({
        kind: 'spend',
        amount: -45,
        balanceAfter: 535,
        purpose: 'generation',
        model: 'v2.0',
        resolution: '720p',
        duration: '10s',
        createdAt: '2026-04-01T09:05:00.000Z',
      }),
      entry({ kind: 'grant', amount: 500, balanceAfter: 580, purpose: 'plan', plan: 'pro', billingCycle: 'monthly', createdAt: '2026-04-01T09:04:00.000Z' }),
      entry({ kind: 'refund', amount: 10, balanceAfter: 80, purpose: 'generation-refund', createdAt: '2026-04-01T09:03:00.000Z' }),
    ];
    fakeApi.use({
      'GET /api/user/credits/history': ({ url }) =>
        url.searchParams.get('page') === '2'
          ? ok({ items: [entry({})], page: 2, perPage: 20, total: 21 })
          : ok({ items: pageOne, page: 1, perPage: 20, total: 21 }),
    });
    await renderWithProviders(<CreditsHistoryPage />, { route: '/en/credits' });

    const table = await screen.findByRole('table');
    const rows = within(table).getAllByTestId('credit-entry');
    expect(rows.map((row) => within(row).getAllByRole('cell')[1]?.textContent)).toEqual([
      'Video (v2.0, 720p, 10s)',
      'Pro plan, monthly payment',
      'Refund for a video that failed',
    ]);
    expect(rows.map((row) => within(row).getByTestId('credit-change').textContent)).toEqual(['-45', '+500', '+10']);
    expect(within(rows[1]!).getAllByRole('cell')[3]).toHaveTextContent('580');
    expect(screen.getByTestId('history-page')).toHaveTextContent('Page 1 of 2');
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getByTestId('history-page')).toHaveTextContent('Page 2 of 2'));
    expect(screen.getAllByTestId('credit-entry')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('says what went wrong and retries when the history cannot be loaded', async () => {
    signIn();
    let attempts = 0;
    fakeApi.use({
      'GET /api/user/credits/history': () => {
        attempts += 1;
        return attempts === 1 ? fail(503, 'UNAVAILABLE', 'down') : ok({ items: [entry({})], page: 1, perPage: 20, total: 1 });
      },
    });
    await renderWithProviders(<CreditsHistoryPage />, { route: '/en/credits' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Your credits history could not be loaded.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Free credits for signing up')).toBeInTheDocument();
  });

  it('asks a visitor to sign in, and asks the server nothing', async () => {
    await renderWithProviders(<CreditsHistoryPage />, { route: '/en/credits' });
    expect(await screen.findByTestId('history-signed-out')).toHaveTextContent('Sign in to see your credits history.');
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', expect.stringContaining('/en/auth?returnTo=%2Fcredits'));
    expect(fakeApi.calls).toEqual([]);
  });
});
