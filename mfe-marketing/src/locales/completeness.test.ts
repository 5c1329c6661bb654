// @vitest-environment node
import { expect, it } from 'vitest';
import { byLanguage, translationProblems } from '@reelmint/testing/i18n-check';

const languageOf = (path: string) => path.match(/([\w-]+)\.json$/)?.[1];
const files = byLanguage(import.meta.glob('./*.json', { eager: true, import: 'default' }), languageOf);
/**
 * The legal documents', the about and contact pages' and the two landing pages' strings, namespaces of their own
 * (legal/legal-text.ts, company/company-text.ts, landings/landing-text.ts).
 */
const legalFiles = byLanguage(import.meta.glob('./legal/*.json', { eager: true, import: 'default' }), languageOf);
const companyFiles = byLanguage(import.meta.glob('./company/*.json', { eager: true, import: 'default' }), languageOf);
const landingFiles = byLanguage(import.meta.glob('./landing/*.json', { eager: true, import: 'default' }), languageOf);

/** Brand, plan and setting names, the same in every language. */
const SAME_EVERYWHERE = ['Reelmint', 'Pro', 'Max', 'v1.0', 'v2.0', '512p', '720p', '1080p', 'USD'];

/**
 * Words these languages really write as English does (checked one by one): "prompt" is the loanword
 * French, German, Italian, Spanish and Portuguese AI tools use; French "Nature", "Marketing" and
 * "Message", German "Video" and "Credits", Italian "Video" are the native words.
 */
const COGNATES: string[] = [
  'fr:textLanding.prompt',
  'de:textLanding.prompt',
  'it:textLanding.prompt',
  'es:textLanding.prompt',
  'pt:textLanding.prompt',
  'fr:home.templatePrompt',
  'de:home.templatePrompt',
  'it:home.templatePrompt',
  'es:home.templatePrompt',
  'pt:home.templatePrompt',
  'fr:templates.categories.Nature',
  'fr:templates.categories.Marketing',
  'fr:contact.message',
  'de:imageLanding.result',
  'de:terms.sections.credits.title',
  'it:imageLanding.result',
];

it('ships every string of this remote in all 13 languages', () => {
  expect(translationProblems(files, { sameEverywhere: SAME_EVERYWHERE, cognates: COGNATES })).toEqual([]);
});

it.each([
  ['legal documents', legalFiles],
  ['about and contact pages', companyFiles],
  ['landing pages', landingFiles],
])('ships the %s in all 13 languages', (_name, namespaceFiles) => {
  expect(Object.keys(namespaceFiles)).toHaveLength(13);
  expect(translationProblems(namespaceFiles, { sameEverywhere: SAME_EVERYWHERE, cognates: COGNATES })).toEqual([]);
});
