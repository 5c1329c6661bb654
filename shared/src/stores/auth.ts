import { useSyncExternalStore } from 'react';
import { createStore } from 'zustand/vanilla';
import { bus } from '../bus.ts';
import type { SessionUser } from '@reelmint/contract/account-api';

export const TOKEN_KEY = 'token';
export const USER_KEY = 'user';

/** Declared once in ../account-api.ts (type-only here, so no schema code reaches the page). */
export type { SessionUser };

export interface AuthState {
  token: string | null;
  user: SessionUser | null;
}

function safeStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

function readInitial(): AuthState {
  const storage = safeStorage();
  const token = storage?.getItem(TOKEN_KEY) ?? null;
  let user: SessionUser | null = null;
  try {
    const raw = storage?.getItem(USER_KEY);
    user = raw ? (JSON.parse(raw) as SessionUser) : null;
  } catch {
    user = null;
  }
  return token ? { token, user } : { token: null, user: null };
}

export const authStore = createStore<AuthState>(() => readInitial());

/**
 * Every set and clear of the session is announced once, on the bus (`auth:changed`): the shared stores and every
 * app's query cache follow it. React code reads the session itself with `useAuth`.
 */
function publish(state: AuthState): void {
  authStore.setState(state, true);
  bus.emit('auth:changed', state);
}

export function setSession(token: string, user: SessionUser): void {
  const storage = safeStorage();
  storage?.setItem(TOKEN_KEY, token);
  storage?.setItem(USER_KEY, JSON.stringify(user));
  publish({ token, user });
}

export function updateUser(patch: Partial<SessionUser>): void {
  const { token, user } = authStore.getState();
  if (!token || !user) return;
  setSession(token, { ...user, ...patch });
}

export function clearSession(): void {
  const storage = safeStorage();
  storage?.removeItem(TOKEN_KEY);
  storage?.removeItem(USER_KEY);
  publish({ token: null, user: null });
}

/**
 * A sign-in, a sign-out or a change of the person (their plan after a payment, their name) made in another tab of the
 * site is followed here: local storage tells every other tab of the origin. Without it, a tab kept the old plan, or
 * stayed signed in after a sign-out elsewhere, until its next failed call.
 */
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    // `null` is a clear() of the whole storage.
    if (event.key !== null && event.key !== TOKEN_KEY && event.key !== USER_KEY) return;
    const now = readInitial();
    const shown = authStore.getState();
    if (now.token === shown.token && JSON.stringify(now.user) === JSON.stringify(shown.user)) return;
    publish(now);
  });
}

const SIGNED_OUT: AuthState = { token: null, user: null };

/**
 * The session, for React. A page the server drew is drawn signed out (the server never sees the token, which
 * lives in local storage), so while the browser takes such a page over it reads the signed-out state too and
 * switches to the session right after; the selector must return a stable value, as with zustand's own hook.
 */
export function useAuth<T>(selector: (state: AuthState) => T): T {
  return useSyncExternalStore(
    authStore.subscribe,
    () => selector(authStore.getState()),
    () => selector(SIGNED_OUT),
  );
}

/** Seconds-since-epoch expiry of a JWT, or null when absent or unreadable. */
export function tokenExpiry(token: string): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const exp = (JSON.parse(json) as { exp?: unknown }).exp;
    return typeof exp === 'number' ? exp : null;
  } catch {
    return null;
  }
}

/** A token is expired when its expiry is absent or past. */
export function isTokenExpired(token: string, now: number = Date.now()): boolean {
  const exp = tokenExpiry(token);
  return exp === null || exp * 1000 <= now;
}

/**
 * Forced logout: clears the session, warns, and sends the person to /auth.
 * Header logout uses clearSession and goes to / instead.
 */
export function forceLogout(): void {
  clearSession();
  bus.emit('toast', { kind: 'warning', message: 'Your session has expired. Please sign in again.', key: 'toasts.sessionExpired' });
  bus.emit('navigate', { to: '/auth', replace: true });
}
