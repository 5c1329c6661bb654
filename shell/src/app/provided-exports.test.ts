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

/** Each package the shell provides trimmed: the shared name, the imports that count, and what it provides. */
const PROVIDED = [
  // Apps import the router from react-router-dom only: react-router, the same code under another name, is not shared.
  { shared: 'react-router-dom', imports: 'react-router(?:-dom)?', provided: providedRouter as object },
  // A subpath (react-i18next/...) is not shared either.
  { shared: 'react-i18next', imports: "react-i18next[^']*", provided: providedI18n as object },
];

describe.each(PROVIDED)('the $shared the shell provides', ({ shared, imports: pattern, provided }) => {
  const imports = importsOf(pattern);

  it('covers every name the apps import, since a remote reads the shell’s module at runtime', () => {
    expect(imports.length).toBeGreaterThan(0);
    const missing = imports.filter(([, pkg, name]) => pkg === shared && !(name in provided)).map(([file, , name]) => `${file}: ${name}`);
    expect(missing).toEqual([]);
  });

  it('is imported by its shared name only, never by another that would bring a second, unshared copy', () => {
    const other = imports.filter(([, pkg]) => pkg !== shared).map(([file, pkg, name]) => `${file}: ${name} from ${pkg}`);
    expect(other).toEqual([]);
  });
});
