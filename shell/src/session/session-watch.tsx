import { useEffect } from 'react';
import { authStore, forceLogout, isTokenExpired, loadCredits } from '@reelmint/shared';

/** Spec §4: the token check runs on load and every 60 seconds. */
export const TOKEN_CHECK_MS = 60_000;

export function checkSession(now = Date.now()): void {
  const { token } = authStore.getState();
  if (token && isTokenExpired(token, now)) forceLogout('Your session has expired. Please sign in again.');
}

export function SessionWatch() {
  useEffect(() => {
    checkSession();
    void loadCredits();
    const timer = setInterval(() => checkSession(), TOKEN_CHECK_MS);
    return () => clearInterval(timer);
  }, []);
  return null;
}
