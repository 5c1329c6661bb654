import { expect, it } from 'vitest';
import { LANGUAGES } from '@reelmint/contract/languages';
import { TEMPLATES, templateText } from '../src/templates/catalogue.ts';
import { TEMPLATE_TEXTS } from '../src/templates/texts.ts';
import type { TemplateId } from '../src/templates/texts.ts';

it('gives every template its title, prompt and negative prompt from its language’s file', () => {
  for (const language of LANGUAGES) {
    for (const template of TEMPLATES) {
      expect(templateText(template, language), `${language} ${template.id}`).toEqual(TEMPLATE_TEXTS[language][template.id as TemplateId]);
    }
  }
});

it('falls back to the catalogue’s English for a template a language does not have yet', () => {
  const added = { ...TEMPLATES[0]!, id: 'tpl-not-translated-yet' };
  expect(templateText(added, 'ja')).toEqual(templateText(added, 'en'));
});
