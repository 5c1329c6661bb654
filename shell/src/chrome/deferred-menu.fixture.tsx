import { render } from '@testing-library/react';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { DeferredMenu } from './deferred-chrome.tsx';

/** A header menu named 'Language: English' with one item, 'Français', drawn as the header draws it. */
export async function renderLanguageMenu(onSelect: () => void = () => undefined) {
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
}
