import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { createStore } from 'zustand/vanilla';
import { FALLBACK_LANGUAGE, isSupportedLanguage } from '@reelmint/contract/languages';
import type { Language } from '@reelmint/contract/languages';

/** The active interface language, set by the shell's i18n setup and read by links everywhere. */
export const languageStore = createStore<{ lng: Language }>(() => ({ lng: FALLBACK_LANGUAGE }));

const stored = () => languageStore.getState().lng;

/**
 * The language numbers, prices and dates are written in. The store is the browser's; a page drawn on the server is
 * drawn in the language of the i18next instance it is drawn with (the request's), and so is it read while the browser
 * takes that page over. The store alone gave the server its starting value, English: "1,000 Credits" and "December 3,
 * 2026" in a German page, which the browser then drew again as "1.000" and "3. Dezember 2026".
 */
export function useActiveLanguage(): Language {
  const { i18n } = useTranslation(undefined, { useSuspense: false });
  const drawn: unknown = i18n?.resolvedLanguage ?? i18n?.language;
  return useSyncExternalStore(languageStore.subscribe, stored, () => (isSupportedLanguage(drawn) ? drawn : stored()));
}
