import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, fakeApi, ok, renderWithProviders, setupFakeApi } from '@reelmint/testing';
import ResetPasswordPage from './reset-password-page.tsx';

setupFakeApi();

const english =
  import.meta.glob<Record<string, unknown>>('../../public/locales/en/translation.json', { eager: true, import: 'default' })[
    '../../public/locales/en/translation.json'
  ] ?? {};
const resources = { en: { translation: english } };

describe('the password reset page', () => {
  it('says so when the link cannot be checked for too many requests, not that the server is down, and Try again checks it again', async () => {
    fakeApi.on('POST /api/auth/password/reset/check', fail(429, 'RATE_LIMITED', 'Too many requests'));
    const user = userEvent.setup();
    await renderWithProviders(<ResetPasswordPage />, { resources, route: '/reset-password?token=abc' });
    expect(await screen.findByTestId('reset-link-unchecked')).toHaveTextContent('Too many requests. Please wait a few minutes and try again.');
    expect(screen.queryByText(/cannot be reached/)).not.toBeInTheDocument();

    fakeApi.on('POST /api/auth/password/reset/check', ok({ email: 'ada@example.com' }));
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/ada@example\.com/)).toBeInTheDocument();
    expect(screen.queryByTestId('reset-link-unchecked')).not.toBeInTheDocument();
  });
});
