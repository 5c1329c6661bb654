import { describe, expect, it, vi } from 'vitest';
import { AUTH_CHANGE_EVENT, authStore, clearSession, setSession, TOKEN_KEY, USER_KEY } from './auth.ts';
import { bus } from '../bus.ts';

describe('auth store', () => {
  it('keeps token and user in local storage and broadcasts every set and clear', () => {
    const windowEvents = vi.fn();
    const busEvents = vi.fn();
    window.addEventListener(AUTH_CHANGE_EVENT, windowEvents);
    bus.on('auth:changed', busEvents);

    setSession('t1', { username: 'Ada', profilePicture: null });
    expect(localStorage.getItem(TOKEN_KEY)).toBe('t1');
    expect(JSON.parse(localStorage.getItem(USER_KEY) ?? 'null')).toEqual({ username: 'Ada', profilePicture: null });
    expect(authStore.getState().user?.username).toBe('Ada');

    clearSession();
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(authStore.getState()).toEqual({ token: null, user: null });
    expect(windowEvents).toHaveBeenCalledTimes(2);
    expect(busEvents.mock.calls.map(([state]) => (state as { token: string | null }).token)).toEqual(['t1', null]);

    window.removeEventListener(AUTH_CHANGE_EVENT, windowEvents);
    bus.off('auth:changed', busEvents);
  });
});
