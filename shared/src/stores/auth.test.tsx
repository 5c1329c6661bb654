import { describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { authStore, clearSession, setSession, TOKEN_KEY, USER_KEY, useAuth } from './auth.ts';
import { fakeToken } from '@reelmint/testing';
import { bus } from '../bus.ts';

describe('auth store', () => {
  it('keeps token and user in local storage and broadcasts every set and clear', () => {
    const busEvents = vi.fn();
    bus.on('auth:changed', busEvents);

    setSession('t1', { username: 'Ada', profilePicture: null });
    expect(localStorage.getItem(TOKEN_KEY)).toBe('t1');
    expect(JSON.parse(localStorage.getItem(USER_KEY) ?? 'null')).toEqual({ username: 'Ada', profilePicture: null });
    expect(authStore.getState().user?.username).toBe('Ada');

    clearSession();
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(authStore.getState()).toEqual({ token: null, user: null });
    expect(busEvents.mock.calls.map(([state]) => (state as { token: string | null }).token)).toEqual(['t1', null]);

    bus.off('auth:changed', busEvents);
  });

  it('reads signed out while a page drawn on the server is taken over, then the session', async () => {
    function Who() {
      return <p>{useAuth((state) => state.user?.username ?? 'visitor')}</p>;
    }
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    // An unexpired token: a store that reloads on a new session (the credits, when an earlier file in this worker
    // loaded them) reads with it, and a token the client reads as expired would sign Grace out mid-test.
    setSession(fakeToken(), { username: 'Grace' });
    // The server never sees the session: it draws the visitor's page.
    const html = renderToString(<Who />);
    expect(html).toBe('<p>visitor</p>');
    const container = document.createElement('div');
    container.innerHTML = html;
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    let hydrated: ReturnType<typeof hydrateRoot> | undefined;
    await act(async () => {
      hydrated = hydrateRoot(container, <Who />, { onRecoverableError: (error) => console.error(error) });
    });
    // The switch to the session is a render React schedules once the page is taken over: in a worker shared with
    // other files it can land after act returns, so it is awaited rather than read at once.
    await vi.waitFor(() => expect(container.textContent).toBe('Grace'));
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();

    const fresh = document.createElement('div');
    const drawn = createRoot(fresh);
    await act(async () => drawn.render(<Who />));
    expect(fresh.textContent).toBe('Grace');
    act(() => {
      hydrated?.unmount();
      drawn.unmount();
    });
    clearSession();
  });
});
