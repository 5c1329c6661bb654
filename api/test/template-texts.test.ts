import { expect, it } from 'vitest';
import { translationProblems } from '@reelmint/shared/i18n-check';
import type { Strings } from '@reelmint/shared/i18n-check';
import { TEMPLATES, templateText } from '../src/templates/catalogue.ts';
import { TEMPLATE_TRANSLATIONS } from '../src/templates/texts.ts';
import type { TemplateText } from '../src/templates/texts.ts';

const strings = ({ title, prompt, negativePrompt }: TemplateText): Strings => ({ title, prompt, ...(negativePrompt ? { negativePrompt } : {}) });
const table = (texts: Record<string, TemplateText>): Strings => Object.fromEntries(Object.entries(texts).map(([id, text]) => [id, strings(text)]));

it('has every template’s title, prompt and negative prompt in all 13 languages, none left in English', () => {
  // The catalogue's own words are the English file the other languages are checked against.
  const english = table(Object.fromEntries(TEMPLATES.map((template) => [template.id, templateText(template, 'en')])));
  const translated = Object.fromEntries(Object.entries(TEMPLATE_TRANSLATIONS).map(([lng, texts]) => [lng, table(texts)]));
  expect(translationProblems({ en: english, ...translated })).toEqual([]);
});

it('falls back to the catalogue’s English for a template a language does not have yet', () => {
  const added = { ...TEMPLATES[0]!, id: 'tpl-not-translated-yet' };
  expect(templateText(added, 'ja')).toEqual(templateText(added, 'en'));
});
