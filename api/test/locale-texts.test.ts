import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@reelmint/contract/languages';
import { translationProblems } from '@reelmint/testing/i18n-check';
import type { Strings } from '@reelmint/testing/i18n-check';
import { MAIL_TEXTS } from '../src/mail/texts.ts';
import { TEMPLATE_TEXTS } from '../src/templates/texts.ts';

/** Each domain's human text: the folder of its JSON files, one per language, and the table the API reads from them. */
const DOMAINS = [
  { domain: 'templates', folder: new URL('../src/templates/locales/', import.meta.url), table: TEMPLATE_TEXTS },
  { domain: 'mail', folder: new URL('../src/mail/locales/', import.meta.url), table: MAIL_TEXTS },
];

/** Every string of a file with its path, e.g. `passwordReset.subject`. */
function leaves(value: unknown, path = ''): Array<[string, string]> {
  if (typeof value === 'string') return [[path, value]];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, inner]) => leaves(inner, path ? `${path}.${key}` : key));
}

/** The API's own placeholders, `{name}`, which render.ts fills in. */
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

describe.each(DOMAINS)('$domain texts', ({ folder, table }) => {
  const files: Record<string, Strings> = Object.fromEntries(
    readdirSync(folder).map((name) => [name.replace(/\.json$/, ''), JSON.parse(readFileSync(new URL(name, folder), 'utf8')) as Strings]),
  );

  it('are one JSON file per site language, and nothing else', () => {
    expect(readdirSync(folder).sort()).toEqual(LANGUAGES.map((language) => `${language}.json`).sort());
  });

  it('say every line English has, and no other, in all 13 languages: none empty, none left in English', () => {
    expect(translationProblems(files)).toEqual([]);
  });

  it('keep English’s placeholders in every language', () => {
    const english = new Map(leaves(files.en));
    for (const language of LANGUAGES) {
      for (const [path, text] of leaves(files[language])) {
        expect(placeholders(text), `${language} ${path}`).toEqual(placeholders(english.get(path) ?? ''));
      }
    }
  });

  it('are what the API reads for each language', () => {
    for (const language of LANGUAGES) expect(table[language], language).toEqual(files[language]);
  });
});
