import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { authStore, clearSession } from '@reelmint/shared';
import { deferred, fail, fakeApi, networkError, ok, renderWithProviders, setupFakeApi, signIn } from '@reelmint/testing';
import type { AccountSession, AccountUser } from '@reelmint/shared';
import AccountPage from './account-page.tsx';
import { refreshAccount } from './account-query.ts';

setupFakeApi();

const english =
  import.meta.glob<Record<string, unknown>>('../../public/locales/en/translation.json', { eager: true, import: 'default' })[
    '../../public/locales/en/translation.json'
  ] ?? {};
const resources = { en: { translation: english } };

const device = (id: string, current: boolean) => ({
  id,
  current,
  browser: 'Firefox',
  os: 'Linux',
  createdAt: '2026-11-20T09:00:00.000Z',
  expiresAt: '2026-12-20T09:00:00.000Z',
});

describe('the account settings page', () => {
  afterEach(() => clearSession());

  it('says the server cannot be reached, and Try again reads the account and shows the settings', async () => {
    signIn();
    fakeApi.use({ 'GET /api/account/sessions': ok({ items: [device('s1', true)] }) });
    fakeApi.on('GET /api/auth/me', networkError());
    const user = userEvent.setup();
    await renderWithProviders(<AccountPage />, { resources });
    const notice = await screen.findByRole('alert');
    expect(notice).toHaveTextContent('The server cannot be reached right now');
    expect(screen.queryByTestId('settings-email')).not.toBeInTheDocument();

    fakeApi.on('GET /api/auth/me', ok({ ...fakeApi.account!.user, name: 'Ada Lovelace' }));
    await user.click(within(notice).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('settings-email')).toHaveTextContent('Your account uses ada@example.com.');
    expect(fakeApi.callsTo('GET /api/auth/me')).toHaveLength(2);
    // What the API said is what the header shows too.
    expect(authStore.getState().user?.username).toBe('Ada Lovelace');
  });

  it('signs this browser out when the API no longer knows the session, and asks to sign in', async () => {
    signIn();
    fakeApi.on('GET /api/auth/me', fail(401, 'UNAUTHENTICATED', 'Sign in to continue'));
    await renderWithProviders(<AccountPage />, { resources });
    expect(await screen.findByText('Sign in to see and change your account settings.')).toBeInTheDocument();
    expect(authStore.getState().token).toBeNull();
  });

  it('reads the account once when the session check on load and the page ask for it together', async () => {
    signIn();
    fakeApi.use({ 'GET /api/account/sessions': ok({ items: [device('s1', true)] }) });
    const answer = deferred<AccountUser>();
    fakeApi.on('GET /api/auth/me', async () => ok(await answer.promise));
    const checked = refreshAccount();
    await renderWithProviders(<AccountPage />, { resources });
    expect(screen.getByRole('status')).toHaveTextContent('Loading your account…');
    answer.resolve(fakeApi.account!.user);
    await checked;
    expect(await screen.findByTestId('settings-email')).toHaveTextContent('ada@example.com');
    expect(fakeApi.callsTo('GET /api/auth/me')).toHaveLength(1);
  });

  it('refuses a name of only spaces with a message about the name, sends nothing, and drops the message once the name is edited', async () => {
    signIn();
    fakeApi.use({ 'GET /api/account/sessions': ok({ items: [device('s1', true)] }) });
    const user = userEvent.setup();
    await renderWithProviders(<AccountPage />, { resources });
    const name = await screen.findByLabelText('Name');
    await user.clear(name);
    await user.type(name, '   ');
    await user.click(screen.getByRole('button', { name: 'Save the name' }));
    expect(screen.getByTestId('name-status')).toHaveTextContent('Enter a name: it cannot be left empty or only spaces.');
    expect(screen.getByTestId('name-status')).not.toHaveTextContent(/password/i);
    expect(fakeApi.callsTo('PATCH /api/account/profile')).toHaveLength(0);
    await user.type(name, 'Ada');
    expect(screen.getByTestId('name-status')).toBeEmptyDOMElement();
  });

  it('lists the signed-in devices, and shows the list as it is after signing the others out', async () => {
    signIn();
    let items: AccountSession[] = [device('here', true), device('laptop', false)];
    fakeApi.use({
      'GET /api/account/sessions': () => ok({ items }),
      'POST /api/account/sessions/sign-out-others': () => {
        items = items.filter((item) => item.current);
        return ok({ ended: 1 });
      },
    });
    const user = userEvent.setup();
    await renderWithProviders(<AccountPage />, { resources });
    expect(within(await screen.findByTestId('sessions')).getAllByRole('listitem')).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Sign out everywhere else' }));
    expect(await screen.findByText('You are signed in only here.')).toBeInTheDocument();
    expect(within(screen.getByTestId('sessions')).getAllByRole('listitem')).toHaveLength(1);
    expect(screen.getByTestId('sessions-status')).toHaveTextContent('Your other devices have been signed out.');
  });

  it('says why the devices could not be listed', async () => {
    signIn();
    fakeApi.on('GET /api/account/sessions', networkError());
    await renderWithProviders(<AccountPage />, { resources });
    expect(await screen.findByTestId('settings-email')).toBeInTheDocument();
    expect(await screen.findByText(/The server cannot be reached right now/)).toHaveAttribute('data-testid', 'sessions-status');
    expect(screen.queryByTestId('sessions')).not.toBeInTheDocument();
  });
});
