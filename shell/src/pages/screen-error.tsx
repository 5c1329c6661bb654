import type { ReactNode } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { useTranslation } from 'react-i18next';
import styles from './pages.module.css';

/**
 * The error screen for a shell screen that failed to load twice in a row (see lazy-screen.ts).
 * Its retry is the person's own choice, so it can never become a reload loop.
 */
export function ScreenErrorBoundary({ children }: { children: ReactNode }) {
  return <ErrorBoundary FallbackComponent={ScreenError}>{children}</ErrorBoundary>;
}

/** The shell's strings are loaded before anything renders, so this speaks the page's language. */
function ScreenError() {
  const { t } = useTranslation();
  return (
    <main className={styles.centered} role="alert" data-testid="screen-error">
      <h1>{t('screenError.title')}</h1>
      <p>{t('screenError.body')}</p>
      <button type="button" className={styles.primary} onClick={() => location.reload()}>
        {t('screenError.retry')}
      </button>
    </main>
  );
}
