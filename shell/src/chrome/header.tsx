import { useState } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { useTranslation } from 'react-i18next';
import { LocalizedLink, useAuth } from '@reelmint/shared';
import { AccountMenu } from './account-menu.tsx';
import { CreditDisplay } from './credit-display.tsx';
import { LanguageMenu } from './language-menu.tsx';
import { useHeaderVariant } from './use-header-variant.ts';
import { VerifyReminder } from './verify-reminder.tsx';
import styles from './header.module.css';

const NAV = [
  { to: '/text-to-video', key: 'textToVideo' },
  { to: '/image-to-video', key: 'imageToVideo' },
  { to: '/free-video-templates', key: 'templates' },
  { to: '/pricing', key: 'pricing' },
] as const;

/**
 * The header's links. The bar takes the short labels (`navShort`), which keep one line each in every language from
 * 1024 px up; the side sheet and the footer have the room for the full ones (`nav`).
 */
function NavLinks({ onNavigate, short = false }: { onNavigate?: () => void; short?: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      {NAV.map((item) => (
        <LocalizedLink key={item.to} to={item.to} className={styles.navLink} onClick={onNavigate}>
          {t(short ? `navShort.${item.key}` : `nav.${item.key}`)}
        </LocalizedLink>
      ))}
    </>
  );
}

function AccountActions({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const signedIn = useAuth((s) => !!s.token);
  if (signedIn) {
    return (
      <>
        <CreditDisplay />
        <AccountMenu onAction={onNavigate} />
      </>
    );
  }
  return (
    <>
      <LocalizedLink to="/auth" className={styles.login} onClick={onNavigate}>
        {t('header.login')}
      </LocalizedLink>
      <LocalizedLink to="/image-to-video/generator" className={styles.tryFree} onClick={onNavigate}>
        {t('header.tryFree')}
      </LocalizedLink>
    </>
  );
}

/** The site header. Under 768px the same items move into a side sheet. */
export function Header() {
  const { t } = useTranslation();
  const variant = useHeaderVariant();
  const [sheetOpen, setSheetOpen] = useState(false);
  const close = () => setSheetOpen(false);

  return (
    <header className={styles.header} data-variant={variant} data-testid="site-header">
      <div className={styles.inner}>
        <LocalizedLink to="/" className={styles.logo} aria-label={t('header.home')}>
          <span className={styles.logoMark} aria-hidden="true">
            ▶
          </span>
          Reelmint
        </LocalizedLink>
        <nav className={styles.nav} aria-label={t('header.navigation')}>
          <NavLinks short />
        </nav>
        <div className={styles.actions}>
          <LanguageMenu />
          <AccountActions />
        </div>
        <VerifyReminder />
        <Dialog.Root open={sheetOpen} onOpenChange={setSheetOpen}>
          <Dialog.Trigger className={styles.sheetButton} aria-label={t('header.menu')}>
            <span aria-hidden="true">☰</span>
          </Dialog.Trigger>
          <Dialog.Portal>
            <Dialog.Overlay className={styles.sheetOverlay} />
            <Dialog.Content className={styles.sheet} data-testid="side-sheet" aria-describedby={undefined}>
              <div className={styles.sheetTop}>
                <Dialog.Title className={styles.sheetTitle}>Reelmint</Dialog.Title>
                <Dialog.Close className={styles.sheetClose} aria-label={t('header.closeMenu')}>
                  ×
                </Dialog.Close>
              </div>
              <nav className={styles.sheetNav} aria-label={t('header.navigation')}>
                <NavLinks onNavigate={close} />
              </nav>
              <div className={styles.sheetActions}>
                <AccountActions onNavigate={close} />
                <LanguageMenu />
              </div>
            </Dialog.Content>
          </Dialog.Portal>
        </Dialog.Root>
      </div>
    </header>
  );
}
