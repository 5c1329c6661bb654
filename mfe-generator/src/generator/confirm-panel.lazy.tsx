import { useRef } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import styles from './confirm-dialog.module.css';

export interface ConfirmProps {
  title: string;
  body: string;
  confirmLabel: string;
  cancelLabel: string;
  busy?: boolean;
  /** Where focus goes on close when the opener has left the page (a deleted item took its button with it). */
  fallbackFocus?: () => HTMLElement | null;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * A modal question on Radix's dialog primitive (fetched with the first question asked, see confirm-dialog.tsx): focus starts on the safe choice and stays in,
 * Escape or the backdrop cancel, and focus returns to whatever opened it, or to `fallbackFocus`
 * when that is gone (focus on a removed element falls to <body>, where keyboard and screen-reader
 * users lose their place).
 */
export default function ConfirmPanel({ title, body, confirmLabel, cancelLabel, busy = false, fallbackFocus, onConfirm, onCancel }: ConfirmProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  const opener = useRef<HTMLElement | null>(null);

  return (
    <Dialog.Root open onOpenChange={(open) => !open && onCancel()}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.backdrop}>
          <Dialog.Content
            className={styles.dialog}
            onOpenAutoFocus={(event) => {
              opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
              event.preventDefault();
              cancelRef.current?.focus();
            }}
            onCloseAutoFocus={(event) => {
              event.preventDefault();
              const target = opener.current?.isConnected ? opener.current : fallbackFocus?.();
              target?.focus();
            }}
          >
            <Dialog.Title className={styles.title}>{title}</Dialog.Title>
            <Dialog.Description className={styles.body}>{body}</Dialog.Description>
            <div className={styles.actions}>
              <button ref={cancelRef} type="button" className={styles.cancel} onClick={onCancel}>
                {cancelLabel}
              </button>
              <button type="button" className={styles.confirm} onClick={onConfirm} disabled={busy} aria-busy={busy}>
                {confirmLabel}
              </button>
            </div>
          </Dialog.Content>
        </Dialog.Overlay>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
