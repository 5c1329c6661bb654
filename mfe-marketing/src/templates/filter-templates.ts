import type { VideoTemplate } from '@reelmint/shared';

/** What the gallery's search and category filter narrow the catalogue by. */
export interface TemplateFilter {
  query: string;
  category: string;
}

/** Lower case without accents, so "cafe" finds "café" and "NEON" finds "neon". */
export function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLocaleLowerCase();
}

/**
 * The templates in the chosen category (all when empty) whose searchable texts contain every word
 * of the query. `texts` gives each template's searchable texts: its title and prompt as shown (the API
 * gives them in the reader's language), and its category both shown and as the catalogue's English key.
 */
export function filterTemplates<T extends VideoTemplate>(templates: readonly T[], filter: TemplateFilter, texts: (template: T) => string[]): T[] {
  const words = fold(filter.query).split(/\s+/).filter(Boolean);
  return templates.filter((template) => {
    if (filter.category && template.category !== filter.category) return false;
    if (words.length === 0) return true;
    const haystack = fold(texts(template).join(' \n '));
    return words.every((word) => haystack.includes(word));
  });
}

/** Each category once, in catalogue order. */
export function categoriesOf(templates: readonly VideoTemplate[]): string[] {
  return [...new Set(templates.map((t) => t.category))];
}
