import type { Language } from '@reelmint/contract/languages';
import en from './locales/en.json' with { type: 'json' };
import fr from './locales/fr.json' with { type: 'json' };
import de from './locales/de.json' with { type: 'json' };
import it from './locales/it.json' with { type: 'json' };
import es from './locales/es.json' with { type: 'json' };
import ja from './locales/ja.json' with { type: 'json' };
import pt from './locales/pt.json' with { type: 'json' };
import ru from './locales/ru.json' with { type: 'json' };
import la from './locales/la.json' with { type: 'json' };
import zhCN from './locales/zh-CN.json' with { type: 'json' };
import zhTW from './locales/zh-TW.json' with { type: 'json' };
import ko from './locales/ko.json' with { type: 'json' };
import hi from './locales/hi.json' with { type: 'json' };

/** What a template says to a person: its name, the prompt it fills in and, for some, what the video should leave out. */
export interface TemplateText {
  title: string;
  prompt: string;
  negativePrompt?: string;
}

/** Every template's words in one language, by template id: the shape of locales/en.json. */
type TemplateTexts = typeof en;

/** The id of a template that has words in locales/en.json. */
export type TemplateId = keyof TemplateTexts;

/**
 * The templates' words in every language, one JSON file per language in locales/, read once when the API starts.
 * English is the catalogue's own; the API answers with the others (`?lang=`), so the gallery shows a prompt in the
 * page's language and the generator is filled with that same text, which the person reads, may edit and generates
 * from. A file that lacks a template or a field English has fails the type check here; test/locale-texts.test.ts
 * also fails on an extra key, an empty value or a text left in English.
 */
export const TEMPLATE_TEXTS: Record<Language, TemplateTexts> = { en, fr, de, it, es, ja, pt, ru, la, 'zh-CN': zhCN, 'zh-TW': zhTW, ko, hi };
