/**
 * The singletons the shell's server gives the remotes it renders: the same modules it renders with itself, so
 * there is one React, one router, one i18next and one contract (its stores and namespace registry) per process.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as React from 'react';
import * as ReactDom from 'react-dom';
import * as ReactRouterDom from 'react-router-dom';
import * as I18next from 'i18next';
import * as ReactI18next from 'react-i18next';
import * as Zustand from 'zustand';
import * as Mitt from 'mitt';
import * as Contract from '@reelmint/shared';
import { resolveSharedFiles } from './remote-screens.ts';
import type { SharedModules } from './remote-screens.ts';

const MODULES: Record<string, unknown> = {
  react: React,
  'react-dom': ReactDom,
  'react-router-dom': ReactRouterDom,
  i18next: I18next,
  'react-i18next': ReactI18next,
  zustand: Zustand,
  mitt: Mitt,
  '@reelmint/shared': Contract,
};

/**
 * Bare imports a remote's server build keeps: its shared packages and their subpaths, and the federation runtime
 * (one runtime per process, the one this server's instances live in).
 */
const SPECIFIERS = [
  ...Object.keys(MODULES).filter((name) => name !== '@reelmint/shared'),
  'react/jsx-runtime',
  'zustand/vanilla',
  '@module-federation/runtime',
];

/** The installed version of a package: the package.json above the file its name resolves to. */
function installedVersion(name: string): string | undefined {
  let dir: string;
  try {
    dir = dirname(fileURLToPath(import.meta.resolve(name)));
  } catch {
    return undefined;
  }
  for (;;) {
    const file = join(dir, 'package.json');
    if (existsSync(file)) {
      const manifest = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string };
      if (manifest.name === name && manifest.version) return manifest.version;
    }
    const parent = dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

export function serverSharedModules(): SharedModules {
  const shared: SharedModules = {};
  for (const [name, module] of Object.entries(MODULES)) {
    const version = installedVersion(name);
    if (!version) continue;
    shared[name] = { version, requiredVersion: `^${version.split('.')[0]}.0.0`, module };
  }
  return shared;
}

export function serverSharedFiles(): Record<string, string> {
  return resolveSharedFiles(SPECIFIERS, (specifier) => import.meta.resolve(specifier));
}
