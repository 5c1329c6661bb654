import { describe, expect, it, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { useHomeRead } from './home-read.ts';

describe("the home page's read", () => {
  it('goes from loading to ready with the value', async () => {
    const load = vi.fn().mockResolvedValue(42);
    const { result } = renderHook(() => useHomeRead(load));
    expect(result.current.state).toEqual({ kind: 'loading' });
    await waitFor(() => expect(result.current.state).toEqual({ kind: 'ready', value: 42 }));
  });

  it('reports a failure and loads again on retry', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('down')).mockResolvedValueOnce('back');
    const { result } = renderHook(() => useHomeRead(load));
    await waitFor(() => expect(result.current.state.kind).toBe('error'));
    act(() => result.current.retry());
    expect(result.current.state).toEqual({ kind: 'loading' });
    await waitFor(() => expect(result.current.state).toEqual({ kind: 'ready', value: 'back' }));
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('ignores an answer that arrives after a newer attempt started', async () => {
    let resolveFirst: (v: string) => void = () => undefined;
    const load = vi
      .fn<() => Promise<string>>()
      .mockReturnValueOnce(new Promise((resolve) => (resolveFirst = resolve)))
      .mockResolvedValueOnce('second');
    const { result } = renderHook(() => useHomeRead(load));
    act(() => result.current.retry());
    await waitFor(() => expect(result.current.state).toEqual({ kind: 'ready', value: 'second' }));
    await act(async () => resolveFirst('first'));
    expect(result.current.state).toEqual({ kind: 'ready', value: 'second' });
  });

  it('starts ready from what the page was drawn with, and loads only when asked again', async () => {
    const load = vi.fn().mockResolvedValue('fresh');
    const { result } = renderHook(() => useHomeRead(load, 'drawn'));
    expect(result.current.state).toEqual({ kind: 'ready', value: 'drawn' });
    await act(async () => undefined);
    expect(load).not.toHaveBeenCalled();
    act(() => result.current.retry());
    await waitFor(() => expect(result.current.state).toEqual({ kind: 'ready', value: 'fresh' }));
    expect(load).toHaveBeenCalledTimes(1);
  });
});
