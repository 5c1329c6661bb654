import type { VideoTemplate } from '@reelmint/shared';
import { useMarketingText } from '../i18n.ts';

/**
 * Template titles and categories in the reader's language. The catalogue is English; a template
 * added to it before its translations ships still shows, under its catalogue name.
 */
export function useTemplateText() {
  const { t } = useMarketingText();
  return {
    title: (template: VideoTemplate) => t(`templates.titles.${template.id}`, { defaultValue: template.title }),
    category: (category: string) => t(`templates.categories.${category}`, { defaultValue: category }),
  };
}

/** Where picking a template leads: the text generator, pre-filled from the template (the generator's contract). */
export function generatorPathFor(template: VideoTemplate): string {
  return `/text-to-video/generator?template=${encodeURIComponent(template.id)}`;
}
