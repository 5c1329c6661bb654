// @vitest-environment node
import { expect, it } from 'vitest';
import { byLanguage, translationProblems } from '@reelmint/testing/i18n-check';

const files = byLanguage(import.meta.glob('../../public/locales/*/translation.json', { eager: true, import: 'default' }), (path) => path.split('/').at(-2));

/** Brand and plan names, the same in every language. */
const SAME_EVERYWHERE = ['Reelmint', 'Pro', 'Max', 'Google'];

/** Words these languages really write as English does (checked one by one). */
const COGNATES = [
  'de:auth.name',
  'de:settings.profile.name',
  'it:auth.email',
  'it:auth.password',
  'it:settings.password.title',
  'fr:footer.contact',
  'fr:toasts.region',
  // "Version" is French and German; German developers say "Commit".
  'fr:dashboard.col.version',
  'fr:dashboard.form.version',
  'de:dashboard.col.version',
  'de:dashboard.form.version',
  'de:dashboard.col.commit',
];

it('ships every shell string in all 13 languages (issue: no English left on screen)', () => {
  expect(translationProblems(files, { sameEverywhere: SAME_EVERYWHERE, cognates: COGNATES })).toEqual([]);
});
