import { useEffect } from 'react';
import { authStore, forceLogout, isTokenExpired, loadCredits } from '@reelmint/shared';

/** The token check runs on load and every 60 seconds. */
export const TOKEN_CHECK_MS = 60_000;

export function checkSession(now = Date.now()): void {
  const { token } = authStore.getState();
  if (token && isTokenExpired(token, now)) forceLogout();
}

/**
 * Brings the stored account up to date on load: what changed elsewhere (an address confirmed from the mail on another
 * device, a new name, a picture) shows here, and a session ended elsewhere ends here too. Read through the shell's
 * query cache (account/account-query.ts), whose code comes only for a signed-in person.
 */
function refreshAccountLater(): void {
  if (!authStore.getState().token) return;
  // A chunk that cannot be fetched leaves the stored account as it is, like a server that cannot be reached.
  void import('../account/account-query.ts').then(
    ({ refreshAccount }) => refreshAccount(),
    () => undefined,
  );
}

export function SessionWatch() {
  useEffect(() => {
    checkSession();
    void loadCredits();
    refreshAccountLater();
    const timer = setInterval(() => checkSession(), TOKEN_CHECK_MS);
    return () => clearInterval(timer);
  }, []);
  return null;
}
