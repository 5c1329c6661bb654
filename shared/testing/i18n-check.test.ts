// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@reelmint/contract/languages';
import { translationProblems } from './i18n-check.ts';
import type { Strings } from './i18n-check.ts';

/** A complete set: every language translates `greeting`, with the plural forms each one needs. */
function completeSet(): Record<string, Strings> {
  const files: Record<string, Strings> = {};
  for (const lng of LANGUAGES) {
    const categories = new Intl.PluralRules(lng).resolvedOptions().pluralCategories;
    const videos: Strings = {};
    for (const category of categories) videos[`count_${category}`] = lng === 'en' ? `{{count}} video (${category})` : `{{count}} ${lng} ${category}`;
    files[lng] = { greeting: lng === 'en' ? 'Hello' : `Hello in ${lng}`, brand: 'Reelmint', size: '1080p', counter: '{{count}} / {{max}}', videos };
  }
  return files;
}

describe('translation completeness', () => {
  it('accepts a complete set with brand names and codes on the allow list', () => {
    expect(translationProblems(completeSet(), { sameEverywhere: ['Reelmint', '1080p'] })).toEqual([]);
  });

  it('reports a missing language file, a missing key and an extra key', () => {
    const files = completeSet();
    delete files.ko;
    delete (files.fr as Strings).greeting;
    (files.de as Strings).extra = 'Zusatz';
    expect(translationProblems(files, { sameEverywhere: ['Reelmint', '1080p'] })).toEqual([
      'fr: missing greeting',
      'de: extra is not in English',
      'ko: the file is missing',
    ]);
  });

  it('reports a value left in English unless it is on the allow list', () => {
    const files = completeSet();
    (files.ja as Strings).greeting = 'Hello';
    expect(translationProblems(files, { sameEverywhere: ['Reelmint'] })).toEqual([
      'fr: size is still English ("1080p")',
      ...LANGUAGES.filter((lng) => lng !== 'en' && lng !== 'fr').flatMap((lng) =>
        lng === 'ja' ? ['ja: greeting is still English ("Hello")', 'ja: size is still English ("1080p")'] : [`${lng}: size is still English ("1080p")`],
      ),
    ]);
  });

  it('lets a language keep a word English also uses when that key is listed for that language', () => {
    const files = completeSet();
    (files.de as Strings).greeting = 'Hello';
    (files.it as Strings).greeting = 'Hello';
    expect(translationProblems(files, { sameEverywhere: ['Reelmint', '1080p'], cognates: ['de:greeting'] })).toEqual([
      'it: greeting is still English ("Hello")',
    ]);
  });

  it('reports a plural form the language needs, a dropped placeholder and an empty value', () => {
    const files = completeSet();
    delete ((files.ru as Strings).videos as Strings).count_few;
    ((files.pt as Strings).videos as Strings).count_other = 'vídeos';
    (files.hi as Strings).greeting = ' ';
    expect(translationProblems(files, { sameEverywhere: ['Reelmint', '1080p'] })).toEqual([
      'pt: videos.count_other drops {{count}}',
      'ru: videos.count needs the plural form _few',
      'hi: greeting is empty',
    ]);
  });
});
