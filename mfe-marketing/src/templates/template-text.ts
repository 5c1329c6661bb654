import { useMarketingText } from '../i18n.ts';

/**
 * Template categories in the reader's language: the catalogue's category is the filter's key, in English. A
 * template's title and prompt come from the API already in the page's language (`useTemplates`).
 */
export function useCategoryName() {
  const { t } = useMarketingText();
  return (category: string) => t(`templates.categories.${category}`, { defaultValue: category });
}

/** Where picking a template leads: the text generator, pre-filled from the template (the generator's contract). */
export function generatorPathFor(template: { id: string }): string {
  return `/text-to-video/generator?template=${encodeURIComponent(template.id)}`;
}
