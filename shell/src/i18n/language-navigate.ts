import { startTransition, useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { withLanguage } from '@reelmint/shared';

/**
 * Goes to the same page in another language, replacing the current history entry. It is a
 * transition so the page stays as it is until the new language's strings are in, instead of falling
 * back to a loading screen; a move between screens is not a transition and should not use this.
 * `to` is the path (with its query and hash, if they are to be kept) in any language or none.
 */
export function useLanguageNavigate(): (to: string, lng: string, state?: unknown) => void {
  const navigate = useNavigate();
  return useCallback(
    (to, lng, state) => {
      startTransition(() => {
        navigate(withLanguage(to, lng), { replace: true, state });
      });
    },
    [navigate],
  );
}
