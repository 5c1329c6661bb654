import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { DeferredMenu } from './deferred-chrome.tsx';

// Its own file, so the Radix parts start unloaded: a keyboard user reaches the button before they arrive.
describe('a header menu reached by keyboard before its code arrives', () => {
  it('hands the focus to the real menu button, which then opens with the keyboard', async () => {
    const i18n = i18next.createInstance();
    await i18n.use(initReactI18next).init({ lng: 'en', resources: { en: { translation: {} } } });
    render(
      <I18nextProvider i18n={i18n}>
        <DeferredMenu
          trigger={{ className: 'menu-button', 'aria-label': 'Language: English', children: 'English' }}
          classes={{ content: undefined, label: undefined, separator: undefined, item: undefined, check: undefined }}
          entries={[{ kind: 'item', key: 'fr', label: 'Français', onSelect: () => undefined }]}
        />
      </I18nextProvider>,
    );
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
