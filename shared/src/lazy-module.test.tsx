import { act, render, renderHook, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { lazyModule } from './lazy-module.ts';
import type { LazyModule } from './lazy-module.ts';

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

describe('drawing with a module fetched late', () => {
  function Menu({ module }: { module: LazyModule<{ label: string }> }) {
    const loaded = module.useLoaded();
    return <button type="button">{loaded ? loaded.label : 'Menu'}</button>;
  }

  it('a part drawn after the module came draws with it at once', async () => {
    const module = lazyModule(() => Promise.resolve({ label: 'Menu, ready' }));
    await module.load();
    render(<Menu module={module} />);
    expect(screen.getByRole('button')).toHaveTextContent('Menu, ready');
  });

  it("taking over the server's page draws what the server drew first, then the module, without a mismatch", async () => {
    const module = lazyModule(() => Promise.resolve({ label: 'Menu, ready' }));
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Menu module={module} />);
    document.body.append(container);
    await module.load();
    const onRecoverableError = vi.fn();
    await act(async () => {
      hydrateRoot(container, <Menu module={module} />, { onRecoverableError });
    });
    expect(onRecoverableError).not.toHaveBeenCalled();
    expect(container.querySelector('button')).toHaveTextContent('Menu, ready');
    container.remove();
  });

  it("taking over the server's page before the module came draws the part once, not again right after", async () => {
    const module = lazyModule(() => Promise.resolve({ label: 'Menu, ready' }));
    let renders = 0;
    function Counted() {
      renders += 1;
      const loaded = module.useLoaded();
      return <button type="button">{loaded ? loaded.label : 'Menu'}</button>;
    }
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Counted />);
    document.body.append(container);
    renders = 0;
    await act(async () => {
      hydrateRoot(container, <Counted />);
    });
    expect(renders).toBe(1);
    expect(container.querySelector('button')).toHaveTextContent('Menu');
    container.remove();
  });
});
