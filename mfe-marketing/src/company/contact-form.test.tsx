import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@reelmint/testing';
import { ContactForm } from './contact-form.tsx';

async function open(openMail = vi.fn()) {
  await renderWithProviders(<ContactForm openMail={openMail} />);
  await screen.findByRole('button', { name: 'Open in my email app' });
  return openMail;
}

const submit = () => userEvent.click(screen.getByRole('button', { name: 'Open in my email app' }));

describe('ContactForm', () => {
  it('says up front that it prepares an email rather than sending one', async () => {
    await open();
    expect(screen.getByText(/opens your email app with your message ready to send to support@reelmint.com/)).toBeInTheDocument();
  });

  it('refuses an empty form, marks every missing field and focuses the first', async () => {
    const openMail = await open();
    await submit();
    expect(openMail).not.toHaveBeenCalled();
    expect(screen.getByRole('alert')).toHaveTextContent('Please correct 3 fields.');
    const name = screen.getByLabelText('Your name');
    expect(name).toHaveFocus();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription('Enter your name.');
    expect(screen.getByLabelText('Your email address')).toHaveAccessibleDescription('Enter your email address.');
    expect(screen.getByLabelText('Message')).toHaveAccessibleDescription(/Write your message\./);
  });

  it('rejects a malformed address and a too-short message, clears each error once fixed and recounts only on the next submit', async () => {
    const openMail = await open();
    await userEvent.type(screen.getByLabelText('Your name'), 'Ada');
    await userEvent.type(screen.getByLabelText('Your email address'), 'ada.example.com');
    await userEvent.type(screen.getByLabelText('Message'), 'Too short');
    await submit();
    expect(openMail).not.toHaveBeenCalled();
    expect(screen.getByRole('alert')).toHaveTextContent('Please correct 2 fields.');
    expect(screen.getByLabelText('Your email address')).toHaveFocus();
    expect(screen.getByText('Enter an email address like name@example.com.')).toBeInTheDocument();
    expect(screen.getByText('Your message is too short: at least 20 characters, please.')).toBeInTheDocument();

    await userEvent.clear(screen.getByLabelText('Your email address'));
    await userEvent.type(screen.getByLabelText('Your email address'), 'ada@example.com');
    expect(screen.queryByText('Enter an email address like name@example.com.')).not.toBeInTheDocument();
    // The alert keeps the count of the last submit, so fixing a field is not announced as a new error.
    expect(screen.getByRole('alert')).toHaveTextContent('Please correct 2 fields.');

    await submit();
    expect(screen.getByRole('alert')).toHaveTextContent('Please correct 1 field.');
    expect(screen.getByLabelText('Message')).toHaveFocus();

    await userEvent.type(screen.getByLabelText('Message'), ', much longer now than before');
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
  });

  it('opens the email app with the validated message and says what happened', async () => {
    const openMail = await open();
    await userEvent.type(screen.getByLabelText('Your name'), ' Ada Lovelace ');
    await userEvent.type(screen.getByLabelText('Your email address'), 'ada@example.com');
    await userEvent.selectOptions(screen.getByLabelText('Topic'), 'Plans and payments');
    await userEvent.type(screen.getByLabelText('Message'), 'I was charged twice for my Pro plan in May.');
    await submit();

    expect(openMail).toHaveBeenCalledTimes(1);
    const href = new URL(openMail.mock.calls[0]![0] as string);
    expect(href.protocol).toBe('mailto:');
    expect(href.pathname).toBe('support@reelmint.com');
    expect(href.searchParams.get('subject')).toBe('[Plans and payments] Message from Ada Lovelace');
    expect(href.searchParams.get('body')).toBe('I was charged twice for my Pro plan in May.\n\n— Ada Lovelace\nReply to: ada@example.com');
    expect(screen.getByRole('status')).toHaveTextContent('Your email app should now open with the message ready.');
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
  });
});
