import { lazy, Suspense, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { LocalizedLink, START_FREE_PATH, stripLanguage, useAuth } from '@reelmint/shared';
import { lazyModule } from '@reelmint/shared/lazy-module';
import { prefetchChrome, useChrome, useOpenWithChrome } from './deferred-chrome.tsx';
import { LanguageMenu } from './language-menu.tsx';
import { useHeaderVariant } from './use-header-variant.ts';
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
  const path = stripLanguage(useLocation().pathname);
  return (
    <>
      {NAV.map((item) => (
        <LocalizedLink key={item.to} to={item.to} className={styles.navLink} onClick={onNavigate} aria-current={currentOf(item.to, path)}>
          {t(short ? `navShort.${item.key}` : `nav.${item.key}`)}
        </LocalizedLink>
      ))}
    </>
  );
}

/** A link's own page is marked as the page; a page under it (its studio under a landing) as the current section. */
function currentOf(to: string, path: string): 'page' | 'true' | undefined {
  if (path === to) return 'page';
  return path.startsWith(`${to}/`) ? 'true' : undefined;
}

const SignedInActions = lazy(() => import('./signed-in-actions.tsx').then((module) => ({ default: module.SignedInActions })));

/** Pages a sign-in does not come back to: home (where it lands anyway) and the sign-in and password pages themselves. */
const NO_RETURN = new Set(['/', '/auth', '/forgot-password', '/reset-password', '/verify-email']);

/** The sign-in page, asked to come back to the page the person is on. */
function useLoginPath(): string {
  const { pathname, search } = useLocation();
  const path = stripLanguage(pathname);
  return NO_RETURN.has(path) ? '/auth' : `/auth?${new URLSearchParams({ returnTo: path + search }).toString()}`;
}

function AccountActions({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const signedIn = useAuth((s) => !!s.token);
  const loginPath = useLoginPath();
  // A signed-in visitor's header is mostly menus (account, balance tooltip): their code comes at once.
  useEffect(() => {
    if (!signedIn) return;
    prefetchChrome();
    // The side sheet's account part too, so it is there when the sheet opens.
    loadSheetAccount();
  }, [signedIn]);
  if (signedIn) {
    // A part that cannot load leaves the rest of the header working; the next page tries again.
    return (
      <ErrorBoundary fallback={null}>
        <Suspense fallback={null}>
          <SignedInActions onAction={onNavigate} />
        </Suspense>
      </ErrorBoundary>
    );
  }
  return (
    <>
      <LocalizedLink to={loginPath} className={styles.login} onClick={onNavigate}>
        {t('header.login')}
      </LocalizedLink>
      <LocalizedLink to={START_FREE_PATH} className={styles.tryFree} onClick={onNavigate}>
        {t('header.tryFree')}
      </LocalizedLink>
    </>
  );
}

/**
 * The signed-in person in the sheet comes with the signed-in header's own parts (fetched once someone signs in). Once
 * here it is drawn with the sheet's first frame: a part that came through `lazy` and `Suspense` was drawn only some
 * hundreds of milliseconds after the sheet, and pushed the language button down under a finger already on its way.
 */
const sheetAccount = lazyModule(() => import('./sheet-account.tsx'));

function loadSheetAccount(): void {
  // A failed fetch leaves the sheet without the account part; the next opening of the sheet asks again.
  sheetAccount.load().catch(() => undefined);
}

/**
 * The side sheet's actions: the signed-in person with every action in view, or Login and Try it free. `closeThen`
 * closes the sheet and runs an action once the sheet has given the focus back to the menu button (see
 * `opensDialog`).
 */
function SheetActions({ onNavigate, closeThen }: { onNavigate: () => void; closeThen: (action: () => void) => void }) {
  const signedIn = useAuth((s) => !!s.token);
  const account = sheetAccount.useLoaded();
  useEffect(() => {
    if (signedIn) loadSheetAccount();
  }, [signedIn]);
  if (!signedIn) return <AccountActions onNavigate={onNavigate} />;
  if (!account) return null;
  return (
    <ErrorBoundary fallback={null}>
      <account.SheetAccount onAction={onNavigate} closeThen={closeThen} />
    </ErrorBoundary>
  );
}

/**
 * The site header. Under 1024px its links, and under 768px all its items, move into a side sheet; its button is
 * drawn by the header, and the sheet itself (a Radix dialog) comes with the header's deferred parts, at once when the
 * button is pressed early.
 */
// The reminder's menu and its resend call come only for an account whose address is unconfirmed, a rare header.
const VerifyReminderMenu = lazy(() => import('./verify-reminder.tsx').then((module) => ({ default: module.VerifyReminderMenu })));

/** The pill that reminds a signed-in person to confirm their address; nothing for everyone else. */
function VerifyReminder() {
  // Only an account known to be unconfirmed; sessions stored before the flag existed learn it from /me on load.
  const email = useAuth((s) => (s.token && s.user?.emailVerified === false ? (s.user.email ?? '') : null));
  if (email === null) return null;
  // A reminder that cannot load leaves the header as it is; the account page offers the same resend.
  return (
    <ErrorBoundary fallback={null}>
      <Suspense fallback={null}>
        <VerifyReminderMenu email={email} />
      </Suspense>
    </ErrorBoundary>
  );
}

/** The widths at which the header's items live in the side sheet (header.module.css shows its button there). */
const SHEET_WIDTHS = '(max-width: 1023px)';

/** The query, where the window can answer it (not on the server, nor in a test's document without one). */
const sheetWidths = () => (typeof matchMedia === 'function' ? matchMedia(SHEET_WIDTHS) : null);

function subscribeSheetWidths(onChange: () => void): () => void {
  const query = sheetWidths();
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}

/** Whether the window is narrow enough for the sheet's button to show; false where that cannot be known. */
function useSheetWidths(): boolean {
  return useSyncExternalStore(
    subscribeSheetWidths,
    () => sheetWidths()?.matches ?? false,
    () => false,
  );
}

/**
 * The side sheet's button and the sheet. Its open state lives here rather than in the header, so opening the sheet
 * draws the sheet alone and not the header bar's links and menus again (on a slow phone that second drawing was a
 * good part of the time between the tap and the sheet).
 */
function SideSheet() {
  const { t } = useTranslation();
  const chrome = useChrome();
  const openWithChrome = useOpenWithChrome();
  const [sheetOpen, setSheetOpen] = useState(false);
  // At those widths the closed sheet is drawn ahead, so a tap on the button only shows it; wider windows never
  // show the button and draw no sheet.
  const narrow = useSheetWidths();
  const opener = useRef<HTMLButtonElement>(null);
  const close = () => setSheetOpen(false);
  /** An action waiting for the sheet to close (an action that opens a dialog of another app). */
  const afterClose = useRef<(() => void) | null>(null);
  const closeThen = (action: () => void) => {
    afterClose.current = action;
    close();
  };
  const closed = () => {
    const action = afterClose.current;
    afterClose.current = null;
    if (action) queueMicrotask(action);
  };

  return (
    <>
      <button
        ref={opener}
        type="button"
        className={styles.sheetButton}
        aria-label={t('header.menu')}
        aria-haspopup="dialog"
        aria-expanded={sheetOpen}
        onPointerEnter={prefetchChrome}
        onClick={() => {
          setSheetOpen(true);
          openWithChrome(close);
        }}
      >
        <span aria-hidden="true">☰</span>
      </button>
      {chrome && (narrow || sheetOpen) && (
        <chrome.Sheet
          open={sheetOpen}
          onOpenChange={setSheetOpen}
          opener={opener}
          title="Reelmint"
          closeLabel={t('header.closeMenu')}
          classes={{ overlay: styles.sheetOverlay, sheet: styles.sheet, top: styles.sheetTop, title: styles.sheetTitle, close: styles.sheetClose }}
          onClosed={closed}
        >
          <nav className={styles.sheetNav} aria-label={t('header.navigation')}>
            <NavLinks onNavigate={close} />
          </nav>
          <div className={styles.sheetActions}>
            <SheetActions onNavigate={close} closeThen={closeThen} />
            <LanguageMenu />
          </div>
        </chrome.Sheet>
      )}
    </>
  );
}

export function Header() {
  const { t } = useTranslation();
  const variant = useHeaderVariant();

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
        <SideSheet />
      </div>
    </header>
  );
}
