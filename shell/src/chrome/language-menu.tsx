import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { LANGUAGES, LANGUAGE_NAMES, useLinkLanguage, withLanguage } from '@reelmint/shared';
import type { Language } from '@reelmint/shared';
import { chooseLanguage } from '../i18n/i18n.ts';
import styles from './header.module.css';

/** Picking a language stores preferred_lang, switches the text and rewrites the URL. */
export function LanguageMenu() {
  const { t } = useTranslation();
  const current = useLinkLanguage();
  const location = useLocation();
  const navigate = useNavigate();

  const pick = (lng: Language) => {
    void chooseLanguage(lng);
    navigate(withLanguage(`${location.pathname}${location.search}${location.hash}`, lng), { replace: true });
  };

  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger className={styles.menuButton} aria-label={`${t('header.language')}: ${LANGUAGE_NAMES[current as Language] ?? current}`}>
        <svg aria-hidden="true" width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
          <circle cx="12" cy="12" r="10" />
          <path d="M2 12h20M12 2a15 15 0 0 1 0 20M12 2a15 15 0 0 0 0 20" />
        </svg>
        <span className={styles.languageName}>{LANGUAGE_NAMES[current as Language] ?? current}</span>
        <span className={styles.languageCode}>{current}</span>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className={styles.menu} sideOffset={8} align="end">
          <DropdownMenu.RadioGroup value={current} onValueChange={(value) => pick(value as Language)}>
            {LANGUAGES.map((lng) => (
              <DropdownMenu.RadioItem key={lng} value={lng} className={styles.menuItem} lang={lng}>
                {LANGUAGE_NAMES[lng]}
                <DropdownMenu.ItemIndicator className={styles.check}>✓</DropdownMenu.ItemIndicator>
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
