// @vitest-environment node
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';
import { describe, expect, it } from 'vitest';
import { federationRuntimeVersionOnly, installedVersion, sonnerStylesFromStylesheet, versionNote, WRITTEN_FOR } from '../generated-code.mjs';

const require = createRequire(import.meta.url);
const sonnerDist = dirname(require.resolve('sonner'));
const sonnerModule = join(sonnerDist, 'index.mjs');
/** The federation plugin's runtime plugin, beside the plugin's entry (the package does not export its path). */
const runtimePlugin = join(dirname(require.resolve('@module-federation/vite')), 'utils', 'injectExternalRuntimeCorePlugin.js');

/** Runs the plugin's transform hook as Vite would on a module with this id. */
function transform(plugin: Plugin, code: string, id: string): { code: string } | null {
  const hook = plugin.transform;
  const handler = typeof hook === 'function' ? hook : hook?.handler;
  if (!handler) throw new Error(`${plugin.name} has no transform hook`);
  return handler.call({} as never, code, id) as { code: string } | null;
}

describe('the one module that reads other packages’ generated code', () => {
  it('names, in every failure, the installed version beside the one it was written for', () => {
    for (const name of Object.keys(WRITTEN_FOR) as Array<keyof typeof WRITTEN_FOR>) {
      expect(installedVersion(name)).toMatch(/^\d+\.\d+\.\d+/);
      expect(versionNote(name)).toBe(`${name} ${installedVersion(name)} (this build was written for ${WRITTEN_FOR[name]})`);
    }
  });

  it('drops exactly sonner’s style injection from the installed sonner, whose stylesheet the shell imports instead', () => {
    const code = readFileSync(sonnerModule, 'utf8');
    const result = transform(sonnerStylesFromStylesheet(), code, sonnerModule);
    expect(result, versionNote('sonner')).not.toBeNull();
    expect(result!.code).not.toMatch(/^__insertCSS\(/m);
    // The function stays (sonner's code refers to it); only the call that ran at load is gone, one line of the file.
    expect(code.split('\n').length - result!.code.split('\n').length).toBe(0);
    expect(code.length - result!.code.length).toBeGreaterThan(1000);
    expect(existsSync(join(sonnerDist, 'styles.css')), versionNote('sonner')).toBe(true);
  });

  it('stops the build, naming sonner’s version, when sonner stops injecting its styles that way', () => {
    expect(() => transform(sonnerStylesFromStylesheet(), 'export const toast = () => {};\n', sonnerModule)).toThrow(
      `sonner ${installedVersion('sonner')} (this build was written for ${WRITTEN_FOR.sonner})`,
    );
  });

  it('leaves every other module alone', () => {
    expect(transform(sonnerStylesFromStylesheet(), '__insertCSS("a{}");\n', '/app/src/toast.ts')).toBeNull();
  });

  it('gives the federation runtime plugin its runtime version alone, not the runtime’s whole package.json', () => {
    const code = readFileSync(runtimePlugin, 'utf8');
    const result = transform(federationRuntimeVersionOnly(), code, runtimePlugin);
    expect(result, versionNote('@module-federation/vite')).not.toBeNull();
    expect(result!.code).not.toContain('@module-federation/runtime/package.json');
    expect(result!.code).toContain(`{ version: ${JSON.stringify(installedVersion('@module-federation/runtime'))} }`);
  });

  it('stops the build, naming the plugin’s version, when the plugin reads more than the version', () => {
    const code = 'import runtimePackage from "@module-federation/runtime/package.json";\nconst name = runtimePackage.name;\n';
    expect(() => transform(federationRuntimeVersionOnly(), code, runtimePlugin)).toThrow(versionNote('@module-federation/vite'));
    expect(() => transform(federationRuntimeVersionOnly(), 'export {};\n', runtimePlugin)).toThrow(versionNote('@module-federation/vite'));
    expect(transform(federationRuntimeVersionOnly(), code, '/app/src/runtime.ts')).toBeNull();
  });
});
