import type { GenerationConfig } from '@reelmint/contract/pricing';
import type { Language } from '@reelmint/contract/languages';
import type { TemplateSettings } from '@reelmint/contract/video-api';
import { TEMPLATE_TEXTS } from './texts.ts';
import type { TemplateId, TemplateText } from './texts.ts';

/** A template as the catalogue holds it, with its words in English (locales/ has every language's). */
export interface TemplateDefinition {
  id: string;
  title: string;
  /** The filter's key; the pages show it in their language. */
  category: string;
  prompt: string;
  settings: TemplateSettings;
  /** Colour shift of the rendered background, so each template looks like itself. */
  hue: number;
}

/** A template on free-plan settings, its title, prompt and negative prompt taken from the English file. */
function freeTemplate(id: TemplateId, category: string, hue: number, duration: GenerationConfig['duration'] = '5s'): TemplateDefinition {
  const { title, prompt, negativePrompt }: TemplateText = TEMPLATE_TEXTS.en[id];
  const settings: TemplateSettings = { model: 'v1.0', resolution: '512p', duration, aspectRatio: '16:9', ...(negativePrompt ? { negativePrompt } : {}) };
  return { id, title, category, prompt, settings, hue };
}

/** The seeded free templates; all use free-plan settings so anyone can start from them. */
export const TEMPLATES: TemplateDefinition[] = [
  freeTemplate('tpl-golden-hour-coast', 'Nature', 20),
  freeTemplate('tpl-misty-forest', 'Nature', 90, '10s'),
  freeTemplate('tpl-northern-lights', 'Nature', 140),
  freeTemplate('tpl-neon-city', 'Urban', 280),
  freeTemplate('tpl-rooftop-timelapse', 'Urban', 230, '10s'),
  freeTemplate('tpl-coffee-pour', 'Food', 30),
  freeTemplate('tpl-fresh-pasta', 'Food', 45),
  freeTemplate('tpl-product-spin', 'Marketing', 200),
  freeTemplate('tpl-sale-announcement', 'Marketing', 330),
  freeTemplate('tpl-birthday-wishes', 'Celebration', 300),
  freeTemplate('tpl-wedding-save-date', 'Celebration', 350, '10s'),
  freeTemplate('tpl-space-drift', 'Sci-fi', 250),
  freeTemplate('tpl-cyber-grid', 'Sci-fi', 310),
  freeTemplate('tpl-quiet-study', 'Lifestyle', 60, '10s'),
];

export function findTemplate(id: string): TemplateDefinition | undefined {
  return TEMPLATES.find((t) => t.id === id);
}

/** A template's words in a language; English, the catalogue's own, for a text a language lacks. */
export function templateText(template: TemplateDefinition, lng: Language): TemplateText {
  const english: TemplateText = {
    title: template.title,
    prompt: template.prompt,
    ...(template.settings.negativePrompt ? { negativePrompt: template.settings.negativePrompt } : {}),
  };
  const texts: Partial<Record<string, TemplateText>> = TEMPLATE_TEXTS[lng];
  return lng === 'en' ? english : { ...english, ...texts[template.id] };
}
