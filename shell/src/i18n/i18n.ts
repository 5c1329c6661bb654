import i18next from 'i18next';
import type { BackendModule, InitOptions, ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { bus, FALLBACK_LANGUAGE, LANGUAGES, languageStore, loadNamespaceFile, matchLanguage, namespaceLoaders } from '@reelmint/shared';
import type { Language } from '@reelmint/shared';
import { createDetector, PREFERRED_LANG_KEY } from './detect-language.ts';

/**
 * The shell's own strings come over HTTP (/locales/{lng}/translation.json); a remote's namespace comes from
 * the files the remote shipped (registered by useNamespace), so a language change loads every namespace on
 * screen before the text switches, and nothing asks the shell's origin for a remote's strings. A read that met a
 * network error or a server error is tried again by i18next (maxRetries); a missing or garbled file is not.
 */
export class SiteBackend implements BackendModule {
  static readonly type = 'backend';
  static readonly callbackApi = true;
  readonly type = 'backend';
  init(): void {}
  read(language: string, namespace: string, callback: ReadCallback): void {
    const loaders = namespaceLoaders(namespace);
    let retry = true;
    // The request the first HTML preloads (`as="fetch" crossorigin`): a plain same-origin fetch, so it is that one.
    const path = `/locales/${language}/${namespace}.json`;
    (loaders
      ? loadNamespaceFile(loaders, language)
      : fetch(path).then((response) => {
          retry = response.status >= 500;
          if (!response.ok) throw new Error(`${path} answered ${response.status}`);
          return response.json() as Promise<Record<string, unknown>>;
        })
    ).then(
      (strings) => callback(null, strings),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), retry),
    );
  }
}

/** The options of the one instance; tests build their own instance from the same options. */
export function i18nOptions(): InitOptions {
  return {
    fallbackLng: FALLBACK_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    load: 'currentOnly',
    ns: ['translation'],
    defaultNS: 'translation',
    partialBundledLanguages: true,
    // Translation loads retry 5 times from 350 ms, doubling, on 5xx and network errors.
    maxRetries: 5,
    retryTimeout: 350,
    interpolation: { escapeValue: false },
    react: { useSuspense: true },
  };
}

/**
 * The one i18next instance of the site. The shell's strings come from /locales/{lng}/translation.json;
 * each remote adds its own namespace with its code.
 */
export async function initI18n(): Promise<typeof i18next> {
  i18next.on('languageChanged', (next) => {
    const language = (matchLanguage(next) ?? FALLBACK_LANGUAGE) as Language;
    languageStore.setState({ lng: language });
    document.documentElement.lang = language;
    bus.emit('language:changed', { lng: language });
  });
  await i18next.use(SiteBackend).use(createDetector()).use(initReactI18next).init(i18nOptions());
  return i18next;
}

/** A person picked a language: remember it and switch the text without a reload. */
export function chooseLanguage(lng: Language): Promise<unknown> {
  try {
    localStorage.setItem(PREFERRED_LANG_KEY, lng);
  } catch {
    // Private mode without storage: the choice still applies to this visit.
  }
  return i18next.changeLanguage(lng);
}
