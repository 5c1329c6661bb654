import { use } from 'react';
import { useTranslation } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import { FALLBACK_LANGUAGE } from '@reelmint/contract/languages';

type Resources = Record<string, unknown>;
/** What `import.meta.glob('./locales/*.json')` gives: one lazy loader per language file. */
export type NamespaceLoaders = Record<string, () => Promise<unknown>>;

/** Per i18next instance, the load of each namespace and language, kept after it settles so `use` sees the same promise. */
const loads = new WeakMap<I18n, Map<string, Promise<void>>>();

/** The namespaces remotes have brought so far, so the shell's backend loads them on a language change too. */
const registry = new Map<string, NamespaceLoaders>();

export function registerNamespace(ns: string, loaders: NamespaceLoaders): void {
  registry.set(ns, loaders);
}

export function namespaceLoaders(ns: string): NamespaceLoaders | undefined {
  return registry.get(ns);
}

/** One language's strings of a namespace; a language without a file has none (English fills in). */
export async function loadNamespaceFile(loaders: NamespaceLoaders, lng: string): Promise<Resources> {
  const load = Object.entries(loaders).find(([path]) => path.endsWith(`/${lng}.json`))?.[1];
  if (!load) return {};
  const module = await load();
  return ((module as { default?: Resources }).default ?? module) as Resources;
}

/**
 * An already-settled promise React's `use` reads without suspending (it checks `status`), so every render
 * calls `use` the same number of times whether or not a bundle still has to load.
 */
const READY: Promise<void> = Object.assign(Promise.resolve(), { status: 'fulfilled', value: undefined });

function ensureBundle(i18n: I18n, ns: string, lng: string, loaders: NamespaceLoaders): Promise<void> {
  let pending = loads.get(i18n);
  if (!pending) {
    pending = new Map();
    loads.set(i18n, pending);
  }
  const key = `${ns}:${lng}`;
  let promise = pending.get(key);
  if (!promise) {
    if (i18n.hasResourceBundle(lng, ns)) return READY;
    promise = loadNamespaceFile(loaders, lng)
      .then((resources) => {
        i18n.addResourceBundle(lng, ns, resources, true, true);
      })
      .catch((error: unknown) => {
        pending.delete(key);
        throw error;
      });
    pending.set(key, promise);
  }
  return promise;
}

/**
 * Loads every namespace registered so far in these languages, so a screen drawn later (one the shell warmed
 * while the page was idle) finds its strings in place and does not suspend for them.
 */
export async function loadRegisteredNamespaces(i18n: I18n, languages: readonly string[]): Promise<void> {
  await Promise.all([...registry].flatMap(([ns, loaders]) => languages.map((lng) => ensureBundle(i18n, ns, lng, loaders))));
}

/**
 * A remote's own strings, shipped with its code: adds the namespace for the active language
 * (and English, the fallback) to the shell's one i18next instance, suspending until they are in.
 */
export function useNamespace(ns: string, loaders: NamespaceLoaders) {
  registerNamespace(ns, loaders);
  const { i18n } = useTranslation();
  const lng = i18n.resolvedLanguage ?? i18n.language ?? FALLBACK_LANGUAGE;
  use(ensureBundle(i18n, ns, FALLBACK_LANGUAGE, loaders));
  use(lng === FALLBACK_LANGUAGE ? READY : ensureBundle(i18n, ns, lng, loaders));
  return useTranslation(ns);
}
