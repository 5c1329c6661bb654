import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { LANGUAGES, LANGUAGE_NAMES, useLinkLanguage } from '@reelmint/shared';
import type { Language } from '@reelmint/shared';
import { chooseLanguage } from '../i18n/i18n.ts';
import { useLanguageNavigate } from '../i18n/language-navigate.ts';
import { DeferredMenu } from './deferred-chrome.tsx';
import styles from './header.module.css';

const OPTIONS = LANGUAGES.map((lng) => ({ value: lng, label: LANGUAGE_NAMES[lng], lang: lng }));

/** Picking a language stores preferred_lang, switches the text and rewrites the URL. */
export function LanguageMenu() {
  const { t } = useTranslation();
  const current = useLinkLanguage();
  const location = useLocation();
  const navigateToLanguage = useLanguageNavigate();
  const name = LANGUAGE_NAMES[current as Language] ?? current;

  const pick = (value: string) => {
    const lng = LANGUAGES.find((language) => language === value);
    if (!lng) return;
    void chooseLanguage(lng);
    navigateToLanguage(`${location.pathname}${location.search}${location.hash}`, lng);
  };

  return (
    <DeferredMenu
      trigger={{
        className: styles.menuButton,
        'aria-label': `${t('header.language')}: ${name}`,
        children: (
          <>
            <svg aria-hidden="true" width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
              <circle cx="12" cy="12" r="10" />
              <path d="M2 12h20M12 2a15 15 0 0 1 0 20M12 2a15 15 0 0 0 0 20" />
            </svg>
            <span className={styles.languageName}>{name}</span>
            <span className={styles.languageCode}>{current}</span>
          </>
        ),
      }}
      classes={{ content: styles.menu, label: styles.menuLabel, separator: styles.separator, item: styles.menuItem, check: styles.check }}
      entries={[{ kind: 'choice', key: 'languages', value: current, options: OPTIONS, onChoose: pick }]}
    />
  );
}
