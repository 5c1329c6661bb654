// @vitest-environment node
import { expect, it } from 'vitest';
import { byLanguage, translationProblems } from '@reelmint/testing/i18n-check';

const files = byLanguage(import.meta.glob('./*.json', { eager: true, import: 'default' }), (path) => path.match(/([\w-]+)\.json$/)?.[1]);

/** Brand, plan and setting names, the same in every language. */
const SAME_EVERYWHERE = ['Reelmint', 'Pro', 'Max', 'v1.0', 'v2.0', '512p', '720p', '1080p', 'USD'];

// The keyframe, camera and sound panel's strings: a namespace of their own, fetched with the panel's code.
it('ships every string of the generation controls in all 13 languages', () => {
  expect(translationProblems(files, { sameEverywhere: SAME_EVERYWHERE, cognates: [] })).toEqual([]);
});
