import { useRef } from 'react';
import type { ReactNode } from 'react';
import * as RadixDialog from '@radix-ui/react-dialog';

export interface ModalPanelProps {
  labelledBy: string;
  describedBy?: string | undefined;
  onDismiss: () => void;
  initialFocus?: string | undefined;
  variant: 'sheet' | 'alert';
  role: 'dialog' | 'alertdialog';
  testId?: string | undefined;
  classNames: { backdrop?: string | undefined; panel?: string | undefined };
  children: ReactNode;
}

/**
 * The billing dialogs' modal on Radix's dialog primitive (focus moved in, kept in and given back, the page
 * behind hidden from screen readers and not scrolled, Escape and the backdrop dismissing). Its own chunk,
 * loaded by ui/dialog.tsx when a dialog first opens, so no page pays for Radix before a dialog is wanted.
 * The caller's heading and lead name and describe it by id, as they did before, instead of Radix's Title.
 */
export default function ModalPanel({ labelledBy, describedBy, onDismiss, initialFocus, variant, role, testId, classNames, children }: ModalPanelProps) {
  const content = useRef<HTMLDivElement>(null);
  // Radix returns focus to a Trigger; these dialogs are opened by the callers' own buttons (or through the bus), so
  // the element that had focus when the dialog opened gets it back, as the generator's confirm dialog does.
  const opener = useRef<HTMLElement | null>(null);

  return (
    <RadixDialog.Root open onOpenChange={(open) => !open && onDismiss()}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={classNames.backdrop} data-variant={variant}>
          <RadixDialog.Content
            ref={content}
            role={role}
            aria-modal="true"
            aria-labelledby={labelledBy}
            aria-describedby={describedBy}
            className={classNames.panel}
            data-testid={testId}
            onOpenAutoFocus={(event) => {
              opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
              const preferred = initialFocus ? content.current?.querySelector<HTMLElement>(initialFocus) : null;
              if (!preferred) return;
              event.preventDefault();
              preferred.focus();
            }}
            onFocusOutside={(event) => {
              // Something outside took focus (a closing menu restoring its own, say): Radix brings it back in, and if
              // the opener has left the page that element is the place to return to.
              if (!opener.current?.isConnected && event.target instanceof HTMLElement) opener.current = event.target;
            }}
            onCloseAutoFocus={(event) => {
              event.preventDefault();
              if (opener.current?.isConnected) opener.current.focus();
            }}
          >
            {children}
          </RadixDialog.Content>
        </RadixDialog.Overlay>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
