import { lazy, Suspense, useSyncExternalStore } from 'react';

export type ToastKind = 'info' | 'success' | 'warning' | 'error';

// sonner (about 9 KiB compressed) is fetched when the first toast is raised, not with every page's first
// script: most visits show none. A toast raised before the Toaster subscribed is not lost, since sonner
// replays the active toasts to a new subscriber.
const loadSonner = () => import('sonner');
const SiteToaster = lazy(() => import('./site-toaster.tsx'));

let wanted = false;
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** A button in a toast (e.g. "Open"), for what the toast is about. */
export interface ToastAction {
  label: string;
  onClick: () => void;
}

export interface ToastOptions {
  action?: ToastAction;
  /** When the person closes the toast (its close button or a swipe). */
  onDismiss?: () => void;
  /** Milliseconds, or Infinity for a toast that stays until a button closes it. */
  duration?: number;
}

/** Shows a toast; the first one also mounts the Toaster. */
export function showToast(kind: ToastKind, message: string, options?: ToastOptions): void {
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
  void loadSonner().then(({ toast }) => toast[kind](message, options));
}

/** Where toasts appear: nothing until the first one is raised. */
export function Toasts() {
  // The server never shows one, so a drawn page is taken over with none.
  const show = useSyncExternalStore(
    subscribe,
    () => wanted,
    () => false,
  );
  if (!show) return null;
  return (
    <Suspense fallback={null}>
      <SiteToaster />
    </Suspense>
  );
}
