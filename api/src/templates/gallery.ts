import type { Language } from '@reelmint/contract/languages';
import type { VideoTemplate } from '@reelmint/contract/video-api';
import { AppError, notFound } from '../http/errors.ts';
import { TEMPLATES, findTemplate, templateText } from './catalogue.ts';
import type { TemplateDefinition } from './catalogue.ts';
import type { TemplateMedia } from './media.ts';

/** The catalogue as the gallery shows it: each template's words in `lng`, its media under this API's origin `base`. */
export async function templateGallery(media: TemplateMedia, base: string, lng: Language): Promise<VideoTemplate[]> {
  return Promise.all(
    TEMPLATES.map(async (t): Promise<VideoTemplate> => {
      const { title, prompt, negativePrompt } = templateText(t, lng);
      return {
        id: t.id,
        title,
        category: t.category,
        prompt,
        settings: { ...t.settings, ...(negativePrompt ? { negativePrompt } : {}) },
        posterUrl: `${base}/api/video/templates/${t.id}/poster`,
        previewUrl: `${base}/api/video/templates/${t.id}/preview`,
        previewReady: await media.previewReady(t),
      };
    }),
  );
}

export function existingTemplate(id: string): TemplateDefinition {
  const template = findTemplate(id);
  if (!template) throw notFound('TEMPLATE_NOT_FOUND', 'No template has this id');
  return template;
}

/** Where a template's poster is in media storage, rendered first if it is not there yet. */
export async function templatePoster(media: TemplateMedia, id: string): Promise<string> {
  const template = existingTemplate(id);
  try {
    return await media.poster(template);
  } catch {
    throw new AppError(503, 'MEDIA_UNAVAILABLE', 'The poster could not be rendered right now');
  }
}
