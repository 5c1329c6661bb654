import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@reelmint/testing';
import { PasswordStrengthMeter, useNewPassword } from './password-strength-meter.tsx';

const english =
  import.meta.glob<Record<string, unknown>>('../../public/locales/en/translation.json', { eager: true, import: 'default' })[
    '../../public/locales/en/translation.json'
  ] ?? {};

function NewPasswordField() {
  const password = useNewPassword(['Grace Hopper', 'grace@example.com']);
  return (
    <label>
      New password
      <input type="password" aria-describedby="strength" {...password.input} />
      <PasswordStrengthMeter verdict={password.verdict} id="strength" />
    </label>
  );
}

describe('the new-password meter', () => {
  it('says how strong the password is as it is typed, and why a weak one is refused', async () => {
    await renderWithProviders(<NewPasswordField />, { resources: { en: { translation: english } } });
    const field = screen.getByLabelText('New password');
    const meter = screen.getByTestId('password-strength');
    expect(meter).toBeEmptyDOMElement();

    await userEvent.type(field, 'password');
    await waitFor(() => expect(meter).toHaveAttribute('data-score', '0'));
    expect(meter).toHaveTextContent('Strength: very weak');
    expect(meter).toHaveTextContent('This is one of the most used passwords, among the first an attacker tries.');
    expect(field).toHaveAccessibleDescription(/This is one of the most used passwords/);

    await userEvent.clear(field);
    await userEvent.type(field, 'gracehopper');
    await waitFor(() => expect(meter).toHaveTextContent('It contains your name or email address'));

    await userEvent.clear(field);
    await userEvent.type(field, 'lantern orbit pebble');
    await waitFor(() => expect(meter).toHaveAttribute('data-acceptable', 'true'));
    expect(meter).toHaveTextContent(/Strength: (very )?strong/);
    expect(meter).not.toHaveTextContent('easy to guess');
  });
});
