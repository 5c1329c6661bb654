import styles from './account-page.module.css';

export type Status = { kind: 'done' | 'error' | 'warning'; text: string } | null;

/** What a section's last action did, announced to screen readers where it happened. */
export function SectionStatus({ status, testId }: { status: Status; testId: string }) {
  return (
    <p className={status ? styles[status.kind] : styles.empty} role={status?.kind === 'error' ? 'alert' : 'status'} data-testid={testId}>
      {status?.text}
    </p>
  );
}
