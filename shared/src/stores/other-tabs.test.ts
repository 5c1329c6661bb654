import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../api/endpoints.ts';
import { bus } from '../bus.ts';
import { sharedValueKey } from './account-query.ts';
import { authStore, clearSession, setSession, TOKEN_KEY, USER_KEY } from './auth.ts';
import { creditsStore, loadCredits } from './credits.ts';

/** What the browser does in this tab when another tab of the site writes local storage. */
function writtenElsewhere(key: string, value: string | null) {
  if (value === null) localStorage.removeItem(key);
  else localStorage.setItem(key, value);
  window.dispatchEvent(new StorageEvent('storage', { key, newValue: value, storageArea: localStorage }));
}

const TOKEN = 'header.payload.signature-of-this-session';

describe('the person’s other tabs', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    clearSession();
    localStorage.clear();
  });

  it('follows a sign-in, a new plan and a sign-out made in another tab', () => {
    const changes = vi.fn();
    bus.on('auth:changed', changes);
    writtenElsewhere(TOKEN_KEY, TOKEN);
    writtenElsewhere(USER_KEY, JSON.stringify({ username: 'Ada', plan: 'free' }));
    expect(authStore.getState()).toEqual({ token: TOKEN, user: { username: 'Ada', plan: 'free' } });
    writtenElsewhere(USER_KEY, JSON.stringify({ username: 'Ada', plan: 'pro' }));
    expect(authStore.getState().user).toEqual({ username: 'Ada', plan: 'pro' });
    // Written again as it stands (a second key of the same sign-in): nothing new to tell.
    const told = changes.mock.calls.length;
    writtenElsewhere(USER_KEY, JSON.stringify({ username: 'Ada', plan: 'pro' }));
    expect(changes).toHaveBeenCalledTimes(told);
    writtenElsewhere(TOKEN_KEY, null);
    expect(authStore.getState()).toEqual({ token: null, user: null });
    bus.off('auth:changed', changes);
  });

  it('shows a balance another tab of the same session was given, without asking the server, and tells its own', async () => {
    setSession(TOKEN, { username: 'Ada' });
    const call = vi.spyOn(api, 'credits').mockResolvedValue({ data: { balance: 5 }, fallback: false });
    await loadCredits({ force: true });
    expect(creditsStore.getState()).toMatchObject({ balance: 5, status: 'ready' });
    // What this tab was given goes to the others.
    expect(JSON.parse(localStorage.getItem(sharedValueKey('balance'))!)).toEqual({ session: TOKEN.slice(-16), value: 5 });

    // A credit pack paid in another tab: its new balance shows here.
    writtenElsewhere(sharedValueKey('balance'), JSON.stringify({ session: TOKEN.slice(-16), value: 755 }));
    expect(creditsStore.getState()).toMatchObject({ balance: 755, status: 'ready' });
    // ...and is the cached value: the next load within 30 seconds asks nothing.
    await loadCredits();
    expect(creditsStore.getState().balance).toBe(755);
    expect(call).toHaveBeenCalledTimes(1);

    // Another session's value, or one that cannot be read, changes nothing.
    writtenElsewhere(sharedValueKey('balance'), JSON.stringify({ session: 'another-session', value: 1 }));
    writtenElsewhere(sharedValueKey('balance'), '{not json');
    expect(creditsStore.getState().balance).toBe(755);

    // A sign-out leaves no value of the session in the browser.
    clearSession();
    expect(localStorage.getItem(sharedValueKey('balance'))).toBeNull();
  });
});
