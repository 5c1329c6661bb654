import { useEffect } from 'react';
import { api, ApiError, authStore, clearSession, forceLogout, isTokenExpired, loadCredits } from '@reelmint/shared';
import { applyAccountUser } from '../account/account-user.ts';

/** The token check runs on load and every 60 seconds. */
export const TOKEN_CHECK_MS = 60_000;

export function checkSession(now = Date.now()): void {
  const { token } = authStore.getState();
  if (token && isTokenExpired(token, now)) forceLogout();
}

/**
 * Brings the stored account up to date on load: what changed elsewhere (an address confirmed from
 * the mail on another device, a new name, a picture) shows here.
 */
export async function refreshUser(): Promise<void> {
  if (!authStore.getState().token) return;
  try {
    applyAccountUser(await api.me());
  } catch (failure) {
    // A session ended elsewhere (a password change, 'sign out everywhere else') is ended here too;
    // offline, what is stored stays until the server can be asked.
    if (failure instanceof ApiError && failure.status === 401 && authStore.getState().token) clearSession();
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
