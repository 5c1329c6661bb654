import type { ReactNode } from 'react';
import styles from './page.module.css';

interface SimplePageProps {
  title: string;
  lead: string;
  eyebrow?: string;
  /** Calls to action under the lead. */
  actions?: ReactNode;
  children?: ReactNode;
}

/** The frame of an inner marketing page: a tinted masthead with its title, then its content. */
export function SimplePage({ title, lead, eyebrow, actions, children }: SimplePageProps) {
  return (
    <main className={styles.page} data-remote="marketing">
      <header className={styles.masthead}>
        <div className={styles.mastheadInner}>
          {eyebrow && <p className={styles.eyebrow}>{eyebrow}</p>}
          <h1 className={styles.title}>{title}</h1>
          <p className={styles.lead}>{lead}</p>
          {actions && <div className={styles.mastheadActions}>{actions}</div>}
        </div>
      </header>
      {children && <div className={styles.body}>{children}</div>}
    </main>
  );
}
