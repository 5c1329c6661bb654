// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { accountClient, followSessions } from './account-client.ts';
import { authStore, clearSession, setSession } from './auth.ts';
import { bus } from '../bus.ts';
import { creditsStore, loadCredits } from './credits.ts';
import { api } from '../api/endpoints.ts';

describe("the shell's query cache", () => {
  afterEach(() => {
    vi.restoreAllMocks();
    clearSession();
    accountClient.clear();
  });

  it('is the one the balance is read through: a screen reading the same key gets the balance the header shows', async () => {
    vi.spyOn(api, 'credits').mockResolvedValue({ data: { balance: 70 }, fallback: false });
    setSession('ada-token', { username: 'Ada' });
    await loadCredits({ force: true });
    expect(creditsStore.getState().balance).toBe(70);
    expect(accountClient.getQueryData(['balance', 'ada-token'])).toEqual({ data: 70, fallback: false });
  });

  it("forgets a session's reads when it ends and keeps what anyone may read", () => {
    followSessions({ bus, authStore });
    setSession('ada-token', { username: 'Ada' });
    accountClient.setQueryData(['account', 'ada-token'], { name: 'Ada' });
    accountClient.setQueryData(['site-config'], { googleClientId: null });
    clearSession();
    expect(accountClient.getQueryData(['account', 'ada-token'])).toBeUndefined();
    expect(accountClient.getQueryData(['site-config'])).toEqual({ googleClientId: null });
  });
});
