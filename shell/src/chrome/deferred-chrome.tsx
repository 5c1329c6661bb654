import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyModule } from '@reelmint/shared/lazy-module';
import type * as RadixChrome from './radix-chrome.tsx';
import type { MenuClasses, MenuEntry, MenuTrigger } from './radix-chrome.tsx';
import { showToast } from './toasts.tsx';

type Chrome = typeof RadixChrome;

const chrome = lazyModule<Chrome>(() => import('./radix-chrome.tsx'));

/** Loads the header's Radix parts (radix-chrome.tsx) once; after a failed load the next call fetches afresh. */
export const loadChrome: () => Promise<Chrome> = chrome.load;

/** The Radix parts once loaded. Undefined on the server and in the browser's first render, so both draw the same page. */
export const useChrome: () => Chrome | undefined = chrome.useLoaded;

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
  const parts = useChrome();
  const open = useOpenWithChrome();
  const [opening, setOpening] = useState({ defaultOpen: false, focusTrigger: false });
  if (parts) return <parts.Menu trigger={trigger} classes={classes} entries={entries} {...opening} />;
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
