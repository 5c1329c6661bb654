import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { DeferredMenu } from './deferred-chrome.tsx';

// Each test file has its own modules, so the Radix parts start unloaded here, as on a first visit.
async function renderMenu(onSelect = vi.fn()) {
  const i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({ lng: 'en', resources: { en: { translation: {} } } });
  render(
    <I18nextProvider i18n={i18n}>
      <DeferredMenu
        trigger={{ className: 'menu-button', 'aria-label': 'Language: English', children: 'English' }}
        classes={{ content: undefined, label: undefined, separator: undefined, item: undefined, check: undefined }}
        entries={[{ kind: 'item', key: 'fr', label: 'Français', onSelect }]}
      />
    </I18nextProvider>,
  );
  return onSelect;
}

describe('a header menu drawn before its code arrives', () => {
  it('is a plain menu button first, and a press opens the menu as soon as the code is here', async () => {
    const onSelect = await renderMenu();
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
