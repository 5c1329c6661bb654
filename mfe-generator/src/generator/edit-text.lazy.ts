import { useTranslation } from 'react-i18next';
import { useNamespace } from '@reelmint/shared';
import { useGeneratorText } from '../i18n.ts';

// The edit panel's strings load with the panel, not with the studio: a namespace of their own. What a finished video
// says about the edit that made it ("Trimmed to 0–2.5 s", "Show the original") stays with the studio's strings.
const loaders = import.meta.glob('../locales/edit/*.json');

/**
 * Strings of the edit panel ('generator-edit'); a key it does not hold (an error, a shape's name, how a clip was
 * made) is read from the studio's own namespace, so the panel's parts need only this one `t`.
 */
export function useEditText() {
  useGeneratorText();
  useNamespace('generator-edit', loaders);
  return useTranslation(['generator-edit', 'generator'], { nsMode: 'fallback' });
}
