import { describe, expect, it } from 'vitest';

/**
 * A remote's exposes.ts against what the shell does with each module (the contract's ScreenModule): every module
 * loads, hands over a component as its default, and its optional `preload` and `canTakeOver` are functions.
 * `load` imports one of the map's files, relative to the remote's root.
 */
export function describeExposedModules(exposes: Readonly<Record<string, string>>, load: (file: string) => Promise<Record<string, unknown>>): void {
  describe('the modules this remote exposes', () => {
    it.for(Object.entries(exposes))('%s hands the shell a screen', async ([, file]) => {
      const module = await load(file);
      expect(['function', 'object']).toContain(typeof module.default);
      expect(module.default).not.toBeNull();
      for (const hook of ['preload', 'canTakeOver']) {
        if (hook in module) expect(typeof module[hook], hook).toBe('function');
      }
    });
  });
}
