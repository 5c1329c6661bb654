import type { ReactNode } from 'react';
import { useTakenOver } from '@reelmint/shared/taken-over';
import styles from './studio.module.css';

/**
 * The studio's controls. Disabled while they are still the HTML the shell's server drew (a keystroke there would be
 * lost when the page is taken over), enabled from the first render the browser owns. The switch draws only this
 * element again: the studio inside is the same elements, which React keeps as they are.
 */
export function StudioFieldset({ waiting, children }: { waiting: boolean; children: ReactNode }) {
  const takenOver = useTakenOver();
  return (
    <fieldset className={styles.studio} disabled={!takenOver} data-waiting={waiting || undefined}>
      {children}
    </fieldset>
  );
}
