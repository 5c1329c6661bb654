// @vitest-environment node
import { expect, it } from 'vitest';
import { byLanguage, translationProblems } from '@reelmint/testing/i18n-check';

const files = byLanguage(import.meta.glob('./*.json', { eager: true, import: 'default' }), (path) => path.match(/([\w-]+)\.json$/)?.[1]);

it('ships every string of the prompt enhancer and the upscale panel in all 13 languages', () => {
  expect(translationProblems(files, { sameEverywhere: ['Reelmint', 'Pro', 'Max', '512p', '720p', '1080p'] })).toEqual([]);
});
