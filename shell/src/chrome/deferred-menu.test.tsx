import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderLanguageMenu } from './deferred-menu.fixture.tsx';

// The Radix parts arrive when the test says so: a person's press or focus always comes before them here.
const arrival = vi.hoisted(() => {
  let release = () => {};
  const arrived = new Promise<void>((resolve) => (release = resolve));
  return { arrived, release };
});
vi.mock('./radix-chrome.tsx', async (importOriginal) => {
  await arrival.arrived;
  return importOriginal();
});

describe('a header menu drawn before its code arrives', () => {
  it('is a plain menu button first, and a press opens the menu as soon as the code is here', async () => {
    const onSelect = vi.fn();
    await renderLanguageMenu(onSelect);
    const plain = screen.getByRole('button', { name: 'Language: English' });
    expect(plain).toHaveAttribute('aria-haspopup', 'menu');
    expect(plain).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('menu')).toBeNull();

    await userEvent.click(plain);
    expect(screen.queryByRole('menu')).toBeNull();
    arrival.release();
    const item = await screen.findByRole('menuitem', { name: 'Français' });
    // An open menu hides the rest of the page from assistive technology, its button included.
    expect(screen.getByRole('button', { name: 'Language: English', hidden: true })).toHaveAttribute('aria-expanded', 'true');

    await userEvent.click(item);
    expect(onSelect).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
  });
});
