// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import * as provided from './router-exports.ts';

// The repository's root, whichever folder vitest was started from (the shell's or the root's).
const root = fileURLToPath(new URL('../../..', import.meta.url));
const APP_SOURCES = ['shell/src', 'mfe-marketing/src', 'mfe-generator/src', 'mfe-billing/src', 'shared/src'];
const OWN_FILE = 'shell/src/app/router-exports.ts';
// The shell's server renders on Node with the whole package (StaticRouter) and hands the remotes it renders that
// whole package; the trimmed module is what browsers share, so the server's sources are not its users.
const SERVER_SOURCES = join(root, 'shell/src/server');

function sourcesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return path === SERVER_SOURCES ? [] : sourcesUnder(path);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Every value (not type-only) import from a router package in the apps' sources, as [file, package, name]. */
function routerImports(): Array<[string, string, string]> {
  const found: Array<[string, string, string]> = [];
  for (const file of APP_SOURCES.flatMap((dir) => sourcesUnder(join(root, dir)))) {
    const source = readFileSync(file, 'utf8');
    for (const [, typeOnly, clause = '', pkg = ''] of source.matchAll(/import\s+(type\s+)?([^;]*?)\s+from\s+'(react-router(?:-dom)?)'/g)) {
      if (typeOnly) continue;
      const names = clause.match(/\{([^}]*)\}/)?.[1]?.split(',') ?? [clause];
      for (const raw of names) {
        const name = raw.trim().split(/\s+as\s+/)[0] ?? '';
        if (name && !name.startsWith('type ')) found.push([relative(root, file), pkg, name]);
      }
    }
  }
  return found;
}

describe('the router the shell provides', () => {
  const imports = routerImports();

  it('covers every router name the apps import, since a remote reads the shell’s module at runtime', () => {
    expect(imports.length).toBeGreaterThan(0);
    const missing = imports.filter(([, pkg, name]) => pkg === 'react-router-dom' && !(name in provided)).map(([file, , name]) => `${file}: ${name}`);
    expect(missing).toEqual([]);
  });

  it('is the only router: apps import react-router-dom, never react-router, which is not shared', () => {
    const direct = imports.filter(([file, pkg]) => pkg === 'react-router' && file !== OWN_FILE).map(([file, , name]) => `${file}: ${name}`);
    expect(direct).toEqual([]);
  });
});
