// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { creditsStore, loadCredits, setCreditBalance } from './credits.ts';
import { clearSession, setSession, updateUser } from './auth.ts';
import { api } from '../api/endpoints.ts';
import { bus } from '../bus.ts';

describe('credits store (cached 30 s)', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    clearSession();
  });

  it('reads 0 for anonymous visitors and asks the server once per 30 seconds when signed in', async () => {
    await loadCredits();
    expect(creditsStore.getState().balance).toBe(0);
    const call = vi.spyOn(api, 'credits').mockResolvedValue({ data: { balance: 70 }, fallback: false });
    setSession('t', { username: 'Ada' });
    await vi.waitFor(() => expect(creditsStore.getState().balance).toBe(70));
    const fetchedAt = creditsStore.getState().fetchedAt;
    await loadCredits({ now: fetchedAt + 29_000 });
    expect(call).toHaveBeenCalledTimes(1);
    await loadCredits({ now: fetchedAt + 31_000 });
    expect(call).toHaveBeenCalledTimes(2);
  });

  it('keeps the balance across a profile update and announces every new balance', async () => {
    vi.spyOn(api, 'credits').mockResolvedValue({ data: { balance: 70 }, fallback: false });
    setSession('t', { username: 'Ada' });
    await vi.waitFor(() => expect(creditsStore.getState().balance).toBe(70));
    const announced = vi.fn();
    bus.on('credits:changed', announced);
    setCreditBalance(42);
    updateUser({ plan: 'pro' });
    expect(creditsStore.getState()).toMatchObject({ balance: 42, status: 'ready' });
    expect(announced).toHaveBeenCalledWith({ balance: 42 });
    bus.off('credits:changed', announced);
  });
});
