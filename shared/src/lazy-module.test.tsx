import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { lazyModule } from './lazy-module.ts';

describe('a module fetched when first wanted', () => {
  it('is fetched once however often it is asked for, and draws once it is here', async () => {
    const importer = vi.fn(() => Promise.resolve({ answer: 42 }));
    const module = lazyModule(importer);
    const { result } = renderHook(() => module.useLoaded());
    expect(result.current).toBeUndefined();
    expect(importer).not.toHaveBeenCalled();

    await act(() => Promise.all([module.load(), module.load()]));
    expect(result.current).toEqual({ answer: 42 });
    await module.load();
    expect(importer).toHaveBeenCalledTimes(1);
  });

  it('forgets a failed fetch, so the next attempt fetches afresh', async () => {
    const importer = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce({ answer: 7 });
    const module = lazyModule<{ answer: number }>(importer);
    await expect(module.load()).rejects.toThrow('offline');
    await expect(module.load()).resolves.toEqual({ answer: 7 });
    expect(importer).toHaveBeenCalledTimes(2);
  });
});
