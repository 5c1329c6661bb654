import type { GenerationConfig } from '@reelmint/shared/pricing';
import type { Language } from '@reelmint/shared/languages';
import type { TemplateSettings } from '@reelmint/shared/video-api';
import { TEMPLATE_TRANSLATIONS } from './texts.ts';
import type { TemplateText } from './texts.ts';

/** A template as the catalogue holds it: its title, prompt and negative prompt in English (texts.ts has the other languages). */
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

const free = (duration: GenerationConfig['duration'] = '5s', negativePrompt?: string): TemplateSettings => ({
  model: 'v1.0',
  resolution: '512p',
  duration,
  aspectRatio: '16:9',
  ...(negativePrompt ? { negativePrompt } : {}),
});

/** The seeded free templates; all use free-plan settings so anyone can start from them. */
export const TEMPLATES: TemplateDefinition[] = [
  {
    id: 'tpl-golden-hour-coast',
    title: 'Golden hour coast',
    category: 'Nature',
    prompt: 'Waves rolling onto a quiet beach at golden hour, warm light on wet sand',
    settings: free(),
    hue: 20,
  },
  {
    id: 'tpl-misty-forest',
    title: 'Misty forest morning',
    category: 'Nature',
    prompt: 'Sunbeams cutting through fog between tall pine trees',
    settings: free('10s'),
    hue: 90,
  },
  {
    id: 'tpl-northern-lights',
    title: 'Northern lights',
    category: 'Nature',
    prompt: 'Green aurora dancing over a frozen lake under a starry sky',
    settings: free(),
    hue: 140,
  },
  {
    id: 'tpl-neon-city',
    title: 'Neon city rain',
    category: 'Urban',
    prompt: 'Rainy street at night, neon signs reflecting in puddles',
    settings: free(),
    hue: 280,
  },
  {
    id: 'tpl-rooftop-timelapse',
    title: 'Rooftop timelapse',
    category: 'Urban',
    prompt: 'City skyline from dusk to night as the windows light up',
    settings: free('10s'),
    hue: 230,
  },
  {
    id: 'tpl-coffee-pour',
    title: 'Morning coffee',
    category: 'Food',
    prompt: 'Slow pour of coffee into a ceramic cup, steam rising',
    settings: free('5s', 'spills, text, logos'),
    hue: 30,
  },
  { id: 'tpl-fresh-pasta', title: 'Fresh pasta', category: 'Food', prompt: 'Hands folding fresh pasta on a flour-dusted table', settings: free(), hue: 45 },
  {
    id: 'tpl-product-spin',
    title: 'Product spin',
    category: 'Marketing',
    prompt: 'A sleek product turning slowly on a soft gradient stage',
    settings: free('5s', 'hands, clutter, reflections of the camera'),
    hue: 200,
  },
  {
    id: 'tpl-sale-announcement',
    title: 'Flash sale',
    category: 'Marketing',
    prompt: 'Bold flash sale announcement with bright moving shapes',
    settings: free(),
    hue: 330,
  },
  {
    id: 'tpl-birthday-wishes',
    title: 'Birthday wishes',
    category: 'Celebration',
    prompt: 'Happy birthday! Confetti and balloons floating upward',
    settings: free(),
    hue: 300,
  },
  {
    id: 'tpl-wedding-save-date',
    title: 'Save the date',
    category: 'Celebration',
    prompt: 'Save the date: soft petals drifting across warm light',
    settings: free('10s'),
    hue: 350,
  },
  {
    id: 'tpl-space-drift',
    title: 'Drifting through space',
    category: 'Sci-fi',
    prompt: 'A slow drift past glowing nebulae and distant stars',
    settings: free(),
    hue: 250,
  },
  {
    id: 'tpl-cyber-grid',
    title: 'Cyber grid',
    category: 'Sci-fi',
    prompt: 'Flying over a glowing synthwave grid toward a setting sun',
    settings: free(),
    hue: 310,
  },
  {
    id: 'tpl-quiet-study',
    title: 'Quiet study',
    category: 'Lifestyle',
    prompt: 'Rain on the window of a cosy reading nook with a warm lamp',
    settings: free('10s'),
    hue: 60,
  },
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
  return lng === 'en' ? english : { ...english, ...TEMPLATE_TRANSLATIONS[lng][template.id] };
}
