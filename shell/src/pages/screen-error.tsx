import { Component } from 'react';
import type { ReactNode } from 'react';
import styles from './pages.module.css';

/**
 * The error screen for a shell screen that failed to load twice in a row (see lazy-screen.ts).
 * Its retry is the person's own choice, so it can never become a reload loop.
 */
export class ScreenErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <main className={styles.centered} role="alert" data-testid="screen-error">
        <h1>This page could not be loaded</h1>
        <p>Your connection may have dropped, or the site was just updated.</p>
        <button type="button" className={styles.primary} onClick={() => location.reload()}>
          Try again
        </button>
      </main>
    );
  }
}
