import { describe, expect, it } from 'vitest';
import { markInteractive, whenInteractive } from './interactive.ts';

/** The observer's records arrive as a microtask after the change. */
const settled = () => new Promise<void>((resolve) => queueMicrotask(resolve));

describe('whenInteractive', () => {
  it('waits until the page is marked, then runs the task once', async () => {
    const root = document.createElement('html');
    const runs: string[] = [];
    whenInteractive(() => runs.push('preload'), root);
    root.dataset.nextScreens = 'ready';
    await settled();
    expect(runs).toEqual([]);

    markInteractive(root);
    await settled();
    expect(root.dataset.interactive).toBe('true');
    expect(runs).toEqual(['preload']);

    markInteractive(root);
    delete root.dataset.interactive;
    markInteractive(root);
    await settled();
    expect(runs).toEqual(['preload']);
  });

  it('runs every waiting task, in order', async () => {
    const root = document.createElement('html');
    const runs: string[] = [];
    whenInteractive(() => runs.push('chrome'), root);
    whenInteractive(() => runs.push('screens'), root);
    markInteractive(root);
    await settled();
    expect(runs).toEqual(['chrome', 'screens']);
  });

  it('runs the task at once on a page that is already interactive', () => {
    const root = document.createElement('html');
    markInteractive(root);
    const runs: string[] = [];
    whenInteractive(() => runs.push('preload'), root);
    expect(runs).toEqual(['preload']);
  });

  it('does not take another value of the attribute for the mark', async () => {
    const root = document.createElement('html');
    const runs: string[] = [];
    whenInteractive(() => runs.push('preload'), root);
    root.dataset.interactive = 'false';
    await settled();
    expect(runs).toEqual([]);
  });
});
