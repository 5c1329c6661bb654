import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '@reelmint/shared';

/**
 * Starts the job watcher for a signed-in person (its code comes then, not with the page) and stops it at sign-out.
 * Draws nothing: what it says goes to the toasts and the tab's title.
 */
export function JobWatcher() {
  const signedIn = useAuth((s) => Boolean(s.token));
  const { t } = useTranslation();
  useEffect(() => {
    if (!signedIn) return;
    let stop: (() => void) | null = null;
    let live = true;
    import('./job-watcher.ts').then(
      (module) => {
        if (live) stop = module.startJobWatcher(t);
      },
      // Without its code the page works as before; the history still shows every video.
      () => undefined,
    );
    return () => {
      live = false;
      stop?.();
    };
  }, [signedIn, t]);

  // Signing out in this browser ends its push subscription here, so no note about the account reaches it; the API
  // drops the subscription when the push service then answers that it is gone.
  const wasSignedIn = useRef(signedIn);
  useEffect(() => {
    if (wasSignedIn.current && !signedIn) {
      import('./push.ts').then(
        (module) => module.forgetBrowserSubscription(),
        () => undefined,
      );
    }
    wasSignedIn.current = signedIn;
  }, [signedIn]);
  return null;
}
