import { useEffect, useRef } from 'react';
import type { KeyboardEvent, ReactNode } from 'react';
import { createPortal } from 'react-dom';
import styles from './dialog.module.css';

// `:disabled` (unlike `[disabled]`) also matches controls inside a disabled fieldset, which cannot take focus.
const FOCUSABLE = 'a[href], button:not(:disabled), input:not(:disabled), select:not(:disabled), textarea:not(:disabled), [tabindex]:not([tabindex="-1"])';

/** Elements Tab can actually reach: not inert, not hidden, and (for radios) the one of its group Tab stops on. */
function focusables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (element) => !element.closest('[inert], [hidden]') && !(element instanceof HTMLInputElement && element.type === 'hidden'),
  );
}

/** Focuses the first of `candidates` that takes focus, else the dialog itself, so focus never stays outside. */
function focusWithin(root: HTMLElement, candidates: HTMLElement[]): void {
  for (const element of candidates) {
    element.focus();
    if (document.activeElement === element) return;
  }
  root.focus();
}

interface DialogProps {
  labelledBy: string;
  describedBy?: string | undefined;
  /** Backdrop click, Escape and the close button all call this. */
  onDismiss: () => void;
  /** Where focus starts; the first focusable element when absent. */
  initialFocus?: string | undefined;
  /** 'sheet' becomes a bottom sheet on narrow screens; 'alert' stays centred and small. */
  variant?: 'sheet' | 'alert';
  role?: 'dialog' | 'alertdialog';
  testId?: string;
  children: ReactNode;
}

/**
 * A modal dialog: rendered over the page, focus moved in on open, kept in while open (Tab wraps,
 * and focus that something else moves out is brought back) and returned to where it was on
 * close. Escape and a click on the backdrop dismiss it.
 */
export function Dialog({ labelledBy, describedBy, onDismiss, initialFocus, variant = 'sheet', role = 'dialog', testId, children }: DialogProps) {
  const panel = useRef<HTMLDivElement>(null);
  const dismiss = useRef(onDismiss);
  dismiss.current = onDismiss;

  useEffect(() => {
    const root = panel.current;
    if (!root) return;
    let returnTo = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const preferred = initialFocus ? root.querySelector<HTMLElement>(initialFocus) : null;
    focusWithin(root, preferred ? [preferred, ...focusables(root)] : focusables(root));

    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        dismiss.current();
      }
    };
    // Something outside (a closing menu restoring its own focus, say) may pull focus out: bring
    // it back, and remember that element as the place to return to if the opener is gone.
    const onFocusIn = (event: FocusEvent) => {
      const target = event.target;
      if (!(target instanceof HTMLElement) || root.contains(target)) return;
      if (!returnTo?.isConnected) returnTo = target;
      focusWithin(root, focusables(root));
    };
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('focusin', onFocusIn);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('focusin', onFocusIn);
      document.body.style.overflow = overflow;
      if (returnTo?.isConnected) returnTo.focus();
    };
    // Focus moves once per opening; later renders must not pull it back to the start.
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Tab' || !panel.current) return;
    const root = panel.current;
    const items = focusables(root);
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) {
      event.preventDefault();
      root.focus();
      return;
    }
    if (event.shiftKey && (document.activeElement === first || document.activeElement === root)) {
      event.preventDefault();
      focusWithin(root, items.toReversed());
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      focusWithin(root, items);
    }
  };

  return createPortal(
    <div
      className={styles.backdrop}
      data-variant={variant}
      onClick={(event) => {
        if (event.target === event.currentTarget) dismiss.current();
      }}
    >
      <div
        ref={panel}
        role={role}
        aria-modal="true"
        aria-labelledby={labelledBy}
        aria-describedby={describedBy}
        tabIndex={-1}
        className={styles.panel}
        data-testid={testId}
        onKeyDown={onKeyDown}
      >
        {children}
      </div>
    </div>,
    document.body,
  );
}
