/**
 * Remote screens on the shell's server: each remote's server build (`remoteEntry.ssr.js`, written beside its
 * `remoteEntry.js`) loaded through the federation runtime for Node, with the shell server's React, router,
 * i18n and contract given as the shared singletons, exactly as the browser's shell gives its own.
 *
 * One federation instance per build (entry URL and manifest): the pointer names which build a page gets, so a
 * promote, a rollback or a canary share changes the build the server renders with nothing rebuilt, and a local
 * build rewritten at the same URL is picked up once its manifest changes.
 */
import type { ExposedModule, ScreenModule } from '@reelmint/contract/screens';
import { createInstance } from '@module-federation/runtime';
import type { ModuleFederationRuntimePlugin } from '@module-federation/runtime';
import type { UserOptions } from '@module-federation/runtime/types';
import ssrEntryLoader, { revalidate } from '@module-federation/vite/ssrEntryLoader';
import type { ComponentType } from 'react';
import { fileURLToPath } from 'node:url';
import type { RemoteName } from '../remotes/pointer.ts';

export type SharedModules = Record<string, { version: string; requiredVersion: string; module: unknown }>;

export interface RemoteScreensOptions {
  /** The singletons the remotes get, by package name (the same modules the shell's server renders with). */
  shared: SharedModules;
  /** Bare specifiers in a remote's server build and the files they must load (the server's own copies). */
  resolvedShared: Record<string, string>;
  /** How long one fetch of a remote's server code may take. */
  fetchTimeoutMs?: number;
  /** How many builds are kept loaded; the least recently used is dropped past this. */
  maxBuilds?: number;
  /** After a build failed to load, pages go without it (at once, with the fallback) for this long before it is tried again. */
  retryAfterMs?: number;
  now?: () => number;
}

/** Checked as it comes: a broken build may hand over a module without its screen. */
type Exposed = Partial<ScreenModule>;

/** Where a remote's server entry is, from its browser entry: the federation build writes it beside it. */
export function ssrEntryUrl(entry: string): string {
  return new URL('remoteEntry.ssr.js', entry).toString();
}

/** The files the shell's server loaded for each shared package, for the remotes' bare imports of them. */
export function resolveSharedFiles(specifiers: readonly string[], resolve: (specifier: string) => string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const specifier of specifiers) {
    try {
      const url = resolve(specifier);
      if (url.startsWith('file:')) files[specifier] = fileURLToPath(url);
    } catch {
      // Not installed beside the server: the remote's import then resolves the ordinary way.
    }
  }
  return files;
}

let instanceCount = 0;

export function createRemoteScreens({
  shared,
  resolvedShared,
  fetchTimeoutMs = 1500,
  maxBuilds = 8,
  retryAfterMs = 5000,
  now = Date.now,
}: RemoteScreensOptions) {
  const builds = new Map<string, ReturnType<typeof createInstance>>();
  const stamps = new Map<string, string>();
  /** When each failed build (server entry URL and stamp) may be tried again. */
  const failedUntil = new Map<string, number>();

  function sharedOptions(): UserOptions['shared'] {
    const options: NonNullable<UserOptions['shared']> = {};
    for (const [name, { version, requiredVersion, module }] of Object.entries(shared)) {
      options[name] = { version, lib: () => module, shareConfig: { singleton: true, requiredVersion } };
    }
    return options;
  }

  function instanceFor(remote: RemoteName, entry: string, stamp: string) {
    const url = ssrEntryUrl(entry);
    const key = `${url}#${stamp}`;
    let instance = builds.get(key);
    if (instance) {
      // Most recently used last, so the first key is the one to drop.
      builds.delete(key);
      builds.set(key, instance);
      return instance;
    }
    // A build rewritten at the same URL (a local build): forget the loader's copy of the old one first.
    if (stamps.has(url) && stamps.get(url) !== stamp) revalidate(url);
    stamps.set(url, stamp);
    instanceCount += 1;
    instance = createInstance({
      name: `shell_server_${instanceCount}`,
      remotes: [{ name: remote, entry: url, type: 'module' }],
      shared: sharedOptions(),
      shareStrategy: 'loaded-first',
      // The loader declares the entry it returns as { init: unknown, get: unknown }; it is the server entry module itself.
      plugins: [ssrEntryLoader({ fetchTimeoutMs, resolvedShared }) as unknown as ModuleFederationRuntimePlugin],
    });
    builds.set(key, instance);
    while (builds.size > maxBuilds) {
      const oldest = builds.keys().next().value;
      if (oldest === undefined) break;
      builds.delete(oldest);
    }
    return instance;
  }

  /**
   * The screen component one exposed module of this build renders. Rejects when the remote is down, has no
   * server build, or takes longer than `timeoutMs`; the page then carries the region's fallback instead.
   */
  async function load(remote: RemoteName, entry: string, exposed: ExposedModule, stamp: string, timeoutMs: number): Promise<ComponentType> {
    const url = ssrEntryUrl(entry);
    const key = `${url}#${stamp}`;
    if ((failedUntil.get(key) ?? 0) > now()) throw new Error(`${remote} failed a moment ago; not tried again yet`);
    const instance = instanceFor(remote, entry, stamp);
    const loading = instance.loadRemote<Exposed>(`${remote}/${exposed.replace(/^\.\//, '')}`);
    // A load that fails (the remote is down, has no server build, or its fetches time out) is forgotten: the runtime
    // keeps a failed entry, so the next try after the pause starts from a fresh instance. A load that is only slow
    // goes on in the background, and a later page gets the screen.
    loading.catch(() => {
      failedUntil.set(key, now() + retryAfterMs);
      if (builds.get(key) === instance) builds.delete(key);
      revalidate(url);
    });
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${remote} did not answer within ${timeoutMs} ms`)), timeoutMs);
    });
    try {
      const module = await Promise.race([loading, timeout]);
      const Screen = module?.default;
      if (typeof Screen !== 'function' && typeof Screen !== 'object') throw new Error(`${remote} returned nothing for ${exposed}`);
      failedUntil.delete(key);
      return Screen;
    } finally {
      clearTimeout(timer);
    }
  }

  return { load };
}

export type RemoteScreens = ReturnType<typeof createRemoteScreens>;
