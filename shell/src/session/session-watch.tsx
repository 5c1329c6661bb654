import { useEffect } from 'react';
import { api, authStore, forceLogout, isTokenExpired, loadCredits, updateUser } from '@reelmint/shared';

/** The token check runs on load and every 60 seconds. */
export const TOKEN_CHECK_MS = 60_000;

export function checkSession(now = Date.now()): void {
  const { token } = authStore.getState();
  if (token && isTokenExpired(token, now)) forceLogout('Your session has expired. Please sign in again.');
}

/**
 * Brings the stored account up to date on load: what changed elsewhere (an address confirmed from
 * the mail on another device, a new name) shows here. A failure keeps what is stored; a session
 * that ended answers 401, which /api/auth/me reports without signing out (spec §8).
 */
export async function refreshUser(): Promise<void> {
  if (!authStore.getState().token) return;
  try {
    const me = await api.me();
    updateUser({
      id: me.id,
      username: me.name,
      email: me.email,
      plan: me.subscription.plan,
      ...(me.emailVerified === undefined ? {} : { emailVerified: me.emailVerified }),
    });
  } catch {
    // Offline or signed out elsewhere: the next call that needs the session says so.
  }
}

export function SessionWatch() {
  useEffect(() => {
    checkSession();
    void loadCredits();
    void refreshUser();
    const timer = setInterval(() => checkSession(), TOKEN_CHECK_MS);
    return () => clearInterval(timer);
  }, []);
  return null;
}
