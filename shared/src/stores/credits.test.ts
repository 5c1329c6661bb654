// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { creditsStore, loadCredits, setCreditBalance } from './credits.ts';
import { clearSession, setSession, updateUser } from './auth.ts';
import { api } from '../api/endpoints.ts';
import { ApiError } from '../api/client.ts';

describe('credits store (cached 30 s)', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    clearSession();
  });

  it('reads 0 for anonymous visitors and asks the server once per 30 seconds when signed in', async () => {
    await loadCredits();
    expect(creditsStore.getState().balance).toBe(0);
    vi.useFakeTimers({ toFake: ['Date'] });
    const call = vi.spyOn(api, 'credits').mockResolvedValue({ data: { balance: 70 }, fallback: false });
    setSession('t', { username: 'Ada' });
    await vi.waitFor(() => expect(creditsStore.getState()).toMatchObject({ balance: 70, status: 'ready' }));
    const fetchedAt = creditsStore.getState().fetchedAt;
    vi.setSystemTime(fetchedAt + 29_000);
    await loadCredits();
    expect(call).toHaveBeenCalledTimes(1);
    vi.setSystemTime(fetchedAt + 31_000);
    await loadCredits();
    expect(call).toHaveBeenCalledTimes(2);
  });

  it('shares one read among the apps that ask at the same time', async () => {
    setSession('t', { username: 'Ada' });
    const call = vi.spyOn(api, 'credits').mockResolvedValue({ data: { balance: 70 }, fallback: false });
    await Promise.all([loadCredits({ force: true }), loadCredits({ force: true }), loadCredits()]);
    expect(creditsStore.getState()).toMatchObject({ balance: 70, status: 'ready' });
    expect(call).toHaveBeenCalledTimes(1);
  });

  it('tries a read the server failed once more, then says it is unavailable until asked again', async () => {
    setSession('t', { username: 'Ada' });
    const call = vi
      .spyOn(api, 'credits')
      .mockRejectedValueOnce(new ApiError('Database unavailable', 'INTERNAL_ERROR', 500))
      .mockRejectedValueOnce(new ApiError('Database unavailable', 'INTERNAL_ERROR', 500))
      .mockResolvedValue({ data: { balance: 70 }, fallback: false });
    await loadCredits({ force: true });
    expect(creditsStore.getState()).toMatchObject({ balance: null, status: 'error' });
    expect(call).toHaveBeenCalledTimes(2);
    await loadCredits();
    expect(creditsStore.getState()).toMatchObject({ balance: 70, status: 'ready' });
  }, 10_000);

  it('does not ask again after a refusal that is not the server’s failure', async () => {
    setSession('t', { username: 'Ada' });
    const call = vi.spyOn(api, 'credits').mockRejectedValue(new ApiError('Sign in again', 'UNAUTHORIZED', 401));
    await loadCredits({ force: true });
    expect(creditsStore.getState().status).toBe('error');
    expect(call).toHaveBeenCalledTimes(1);
  });

  it('keeps the balance across a profile update, and gives every app a new balance in the store', async () => {
    vi.spyOn(api, 'credits').mockResolvedValue({ data: { balance: 70 }, fallback: false });
    setSession('t', { username: 'Ada' });
    await vi.waitFor(() => expect(creditsStore.getState().balance).toBe(70));
    const shown = vi.fn();
    const stopShowing = creditsStore.subscribe((state) => shown(state.balance));
    setCreditBalance(42);
    updateUser({ plan: 'pro' });
    expect(creditsStore.getState()).toMatchObject({ balance: 42, status: 'ready' });
    expect(shown).toHaveBeenCalledWith(42);
    stopShowing();
  });

  it('takes a spend’s new balance as fresh: the next load does not ask the server', async () => {
    const call = vi.spyOn(api, 'credits').mockResolvedValue({ data: { balance: 70 }, fallback: false });
    setSession('t', { username: 'Ada' });
    await vi.waitFor(() => expect(creditsStore.getState().balance).toBe(70));
    setCreditBalance(42);
    await loadCredits();
    expect(creditsStore.getState()).toMatchObject({ balance: 42, status: 'ready' });
    expect(call).toHaveBeenCalledTimes(1);
  });

  it('starts a new session from nothing, never from the previous person’s balance', async () => {
    vi.spyOn(api, 'credits')
      .mockResolvedValueOnce({ data: { balance: 70 }, fallback: false })
      .mockResolvedValue({ data: { balance: 5 }, fallback: false });
    setSession('t', { username: 'Ada' });
    await vi.waitFor(() => expect(creditsStore.getState().balance).toBe(70));
    clearSession();
    expect(creditsStore.getState()).toMatchObject({ balance: 0, status: 'ready' });
    setSession('u', { username: 'Bob' });
    expect(creditsStore.getState().balance).toBeNull();
    await vi.waitFor(() => expect(creditsStore.getState()).toMatchObject({ balance: 5, status: 'ready' }));
  });
});
