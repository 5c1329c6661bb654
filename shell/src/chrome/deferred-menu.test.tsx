import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderLanguageMenu } from './deferred-menu.fixture.tsx';

// Each test file has its own modules, so the Radix parts start unloaded here, as on a first visit.
describe('a header menu drawn before its code arrives', () => {
  it('is a plain menu button first, and a press opens the menu as soon as the code is here', async () => {
    const onSelect = vi.fn();
    await renderLanguageMenu(onSelect);
    const plain = screen.getByRole('button', { name: 'Language: English' });
    expect(plain).toHaveAttribute('aria-haspopup', 'menu');
    expect(plain).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('menu')).toBeNull();

    await userEvent.click(plain);
    const item = await screen.findByRole('menuitem', { name: 'Français' });
    // An open menu hides the rest of the page from assistive technology, its button included.
    expect(screen.getByRole('button', { name: 'Language: English', hidden: true })).toHaveAttribute('aria-expanded', 'true');

    await userEvent.click(item);
    expect(onSelect).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
  });
});
