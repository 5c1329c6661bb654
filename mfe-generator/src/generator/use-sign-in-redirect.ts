import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { stripLanguage, useLocalizePath } from '@reelmint/shared';

/**
 * To /auth and back to this screen (the draft is already in sessionStorage). `replace` when the screen cannot be
 * used as it is (the session ended): Back should not return to it.
 */
export function useSignInRedirect(): (replace: boolean) => void {
  const location = useLocation();
  const navigate = useNavigate();
  const localize = useLocalizePath();
  return useCallback(
    (replace: boolean) => {
      const returnTo = stripLanguage(location.pathname);
      navigate(localize(`/auth?returnTo=${encodeURIComponent(returnTo)}`), { replace });
    },
    [location.pathname, localize, navigate],
  );
}
