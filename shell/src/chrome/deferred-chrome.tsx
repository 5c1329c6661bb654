import { useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type * as RadixChrome from './radix-chrome.tsx';
import type { MenuClasses, MenuEntry, MenuTrigger } from './radix-chrome.tsx';
import { showToast } from './toasts.tsx';

type Chrome = typeof RadixChrome;

let loaded: Chrome | undefined;
let pending: Promise<Chrome> | undefined;
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/**
 * Loads the header's Radix parts (radix-chrome.tsx) once; a failed load is forgotten, so the next attempt
 * (the visitor pressing the button again) fetches afresh.
 */
export function loadChrome(): Promise<Chrome> {
  pending ??= import('./radix-chrome.tsx').then(
    (chrome) => {
      loaded = chrome;
      for (const listener of listeners) listener();
      return chrome;
    },
    (error: unknown) => {
      pending = undefined;
      throw error;
    },
  );
  return pending;
}

/** The Radix parts once loaded. Undefined on the server and in the browser's first render, so both draw the same page. */
export function useChrome(): Chrome | undefined {
  return useSyncExternalStore(
    subscribe,
    () => loaded,
    () => undefined,
  );
}

/** Starts loading the Radix parts without waiting, as a pointer comes near a button that needs them. */
export function prefetchChrome(): void {
  loadChrome().catch(() => undefined);
}

/** Opens a part that needs the Radix module: `open` runs once it is loaded; a failed load says so in a toast. */
export function useOpenWithChrome(): (onFailure: () => void) => void {
  const { t } = useTranslation();
  return (onFailure) => {
    loadChrome().catch(() => {
      onFailure();
      showToast('error', t('toasts.partFailed'));
    });
  };
}

interface DeferredMenuProps {
  trigger: MenuTrigger;
  classes: MenuClasses;
  entries: readonly MenuEntry[];
}

/**
 * A header menu. Until the Radix module is here its button is a plain one with the same look and name; pressing
 * it loads the module and the menu opens as soon as it arrives, and a button that had the keyboard focus hands it
 * to the real one.
 */
export function DeferredMenu({ trigger, classes, entries }: DeferredMenuProps) {
  const chrome = useChrome();
  const open = useOpenWithChrome();
  const [opening, setOpening] = useState({ defaultOpen: false, focusTrigger: false });
  if (chrome) return <chrome.Menu trigger={trigger} classes={classes} entries={entries} {...opening} />;
  const { children, ...attributes } = trigger;
  return (
    <button
      type="button"
      {...attributes}
      aria-haspopup="menu"
      aria-expanded={false}
      data-state="closed"
      onPointerEnter={prefetchChrome}
      onFocus={() => {
        setOpening((current) => ({ ...current, focusTrigger: true }));
        prefetchChrome();
      }}
      // Gone elsewhere before the module arrived: it then neither opens nor takes the focus back.
      onBlur={() => setOpening({ defaultOpen: false, focusTrigger: false })}
      onClick={() => {
        setOpening({ defaultOpen: true, focusTrigger: false });
        open(() => setOpening({ defaultOpen: false, focusTrigger: false }));
      }}
    >
      {children}
    </button>
  );
}
