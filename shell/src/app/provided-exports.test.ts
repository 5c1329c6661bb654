// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import * as providedI18n from './i18n-react-exports.ts';
import * as providedRouter from './router-exports.ts';

// The repository's root, whichever folder vitest was started from (the shell's or the root's).
const root = fileURLToPath(new URL('../../..', import.meta.url));
const APP_SOURCES = ['shell/src', 'mfe-marketing/src', 'mfe-generator/src', 'mfe-billing/src', 'shared/src'];
const OWN_FILES = ['shell/src/app/router-exports.ts', 'shell/src/app/i18n-react-exports.ts'];
// The shell's server renders on Node with the whole packages (StaticRouter) and hands the remotes it renders those
// whole packages; the trimmed modules are what browsers share, so the server's sources are not their users.
const SERVER_SOURCES = join(root, 'shell/src/server');

function sourcesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return path === SERVER_SOURCES ? [] : sourcesUnder(path);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Every value (not type-only) import from the packages matched by `pattern` in the apps' sources, as [file, package, name]. */
function importsOf(pattern: string): Array<[string, string, string]> {
  const found: Array<[string, string, string]> = [];
  const statement = new RegExp(`import\\s+(type\\s+)?([^;]*?)\\s+from\\s+'(${pattern})'`, 'g');
  for (const file of APP_SOURCES.flatMap((dir) => sourcesUnder(join(root, dir)))) {
    const path = relative(root, file);
    if (OWN_FILES.includes(path)) continue;
    const source = readFileSync(file, 'utf8');
    for (const [, typeOnly, clause = '', pkg = ''] of source.matchAll(statement)) {
      if (typeOnly) continue;
      const names = clause.match(/\{([^}]*)\}/)?.[1]?.split(',') ?? [clause];
      for (const raw of names) {
        const name = raw.trim().split(/\s+as\s+/)[0] ?? '';
        if (name && !name.startsWith('type ')) found.push([path, pkg, name]);
      }
    }
  }
  return found;
}

describe('the router the shell provides', () => {
  const imports = importsOf('react-router(?:-dom)?');

  it('covers every router name the apps import, since a remote reads the shell’s module at runtime', () => {
    expect(imports.length).toBeGreaterThan(0);
    const missing = imports.filter(([, pkg, name]) => pkg === 'react-router-dom' && !(name in providedRouter)).map(([file, , name]) => `${file}: ${name}`);
    expect(missing).toEqual([]);
  });

  it('is the only router: apps import react-router-dom, never react-router, which is not shared', () => {
    const direct = imports.filter(([, pkg]) => pkg === 'react-router').map(([file, , name]) => `${file}: ${name}`);
    expect(direct).toEqual([]);
  });
});

describe('the react-i18next the shell provides', () => {
  const imports = importsOf("react-i18next[^']*");

  it('covers every react-i18next name the apps import, since a remote reads the shell’s module at runtime', () => {
    expect(imports.length).toBeGreaterThan(0);
    const missing = imports.filter(([, pkg, name]) => pkg === 'react-i18next' && !(name in providedI18n)).map(([file, , name]) => `${file}: ${name}`);
    expect(missing).toEqual([]);
  });

  it('is imported whole: no app reaches into a subpath (react-i18next/...), which is not shared', () => {
    const deep = imports.filter(([, pkg]) => pkg !== 'react-i18next').map(([file, pkg, name]) => `${file}: ${name} from ${pkg}`);
    expect(deep).toEqual([]);
  });
});
