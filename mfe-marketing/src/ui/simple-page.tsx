import type { ReactNode } from 'react';
import styles from './page.module.css';

/** The frame of a marketing page: its title and opening paragraph, then its content. */
export function SimplePage({ title, lead, children }: { title: string; lead: string; children?: ReactNode }) {
  return (
    <main className={styles.page} data-remote="marketing">
      <h1 className={styles.title}>{title}</h1>
      <p className={styles.lead}>{lead}</p>
      {children}
    </main>
  );
}
