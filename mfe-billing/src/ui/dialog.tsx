import { useEffect, useEffectEvent, useRef, useState } from 'react';
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
  // Focus moves once per opening, to where the caller asked at that moment.
  const [startAt] = useState(initialFocus);
  // Escape is heard by a listener that lives as long as the dialog; it calls the latest callback.
  const dismissByKey = useEffectEvent(() => onDismiss());

  useEffect(() => {
    const root = panel.current;
    if (!root) return;
    let returnTo = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const preferred = startAt ? root.querySelector<HTMLElement>(startAt) : null;
    focusWithin(root, preferred ? [preferred, ...focusables(root)] : focusables(root));

    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        dismissByKey();
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
  }, [startAt]);

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
    // The backdrop is a mouse shortcut for dismissing; keyboard users have Escape and the close button.
    <div
      role="presentation"
      className={styles.backdrop}
      data-variant={variant}
      onClick={(event) => {
        if (event.target === event.currentTarget) onDismiss();
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
