import { createStore } from 'zustand/vanilla';
import { useStore } from 'zustand';
import { FALLBACK_LANGUAGE } from '@reelmint/contract/languages';
import type { Language } from '@reelmint/contract/languages';

/** The active interface language, set by the shell's i18n setup and read by links everywhere. */
export const languageStore = createStore<{ lng: Language }>(() => ({ lng: FALLBACK_LANGUAGE }));

export function useActiveLanguage(): Language {
  return useStore(languageStore, (s) => s.lng);
}
