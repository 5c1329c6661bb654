import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderLanguageMenu } from './deferred-menu.fixture.tsx';

// Its own file, so the Radix parts start unloaded: a keyboard user reaches the button before they arrive.
describe('a header menu reached by keyboard before its code arrives', () => {
  it('hands the focus to the real menu button, which then opens with the keyboard', async () => {
    await renderLanguageMenu();
    const plain = screen.getByRole('button', { name: 'Language: English' });
    await userEvent.tab();
    expect(plain).toHaveFocus();

    // The real button (Radix gives it an id) replaces the plain one and keeps the focus.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Language: English' })).toHaveAttribute('id'));
    const real = screen.getByRole('button', { name: 'Language: English' });
    expect(real).not.toBe(plain);
    expect(real).toHaveFocus();
    expect(screen.queryByRole('menu')).toBeNull();

    await userEvent.keyboard('{Enter}');
    expect(await screen.findByRole('menuitem', { name: 'Français' })).toBeVisible();
  });
});
