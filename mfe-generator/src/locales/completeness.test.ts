// @vitest-environment node
import { expect, it } from 'vitest';
import { PLAN_KEYS, PLAN_NAMES } from '@reelmint/contract/plans';
import { byLanguage, translationProblems } from '@reelmint/testing/i18n-check';

const files = byLanguage(import.meta.glob('./*.json', { eager: true, import: 'default' }), (path) => path.match(/([\w-]+)\.json$/)?.[1]);

/** Brand, plan and setting names, the same in every language. */
const SAME_EVERYWHERE = ['Reelmint', 'Pro', 'Max', 'v1.0', 'v2.0', '512p', '720p', '1080p', 'USD'];

/**
 * Words these languages really write as English does (checked one by one): "Prompt" is the word
 * French, German, Italian, Spanish and Portuguese generator tools use; German "Text" is English "Text".
 */
const COGNATES: string[] = ['fr:prompt.label', 'de:prompt.label', 'it:prompt.label', 'es:prompt.label', 'pt:prompt.label', 'de:history.types.text-to-video'];

it('ships every string of this remote in all 13 languages', () => {
  expect(translationProblems(files, { sameEverywhere: SAME_EVERYWHERE, cognates: COGNATES })).toEqual([]);
});

/**
 * The badge on a locked option is read next to a note naming the plan it comes with, which may be any paid plan; a
 * plan's name on the badge (French once said "Premium" on options that come with Pro) contradicts that note.
 */
it('badges a locked option with a word for upgrading, never the name of a plan', () => {
  const plans = new RegExp(`\\b(${[...PLAN_KEYS, ...Object.values(PLAN_NAMES)].join('|')})\\b`, 'i');
  const naming = Object.entries(files).flatMap(([lng, strings]) => {
    const badge = (strings.settings as Record<string, string>).upgrade;
    return badge && plans.test(badge) ? [`${lng}: ${badge}`] : [];
  });
  expect(naming).toEqual([]);
});
