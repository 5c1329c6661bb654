import type { FastifyInstance } from 'fastify';
import { templateCatalogue, templatesQuery } from '@reelmint/shared/video-api';
import type { TemplatesQuery, VideoTemplate } from '@reelmint/shared/video-api';
import { idParams, jsonSchemaOf } from '@reelmint/shared/schema';
import type { IdParams } from '@reelmint/shared/schema';
import { envelopeSchema, errorReplies, fileReplies, ok } from '../http/envelope.ts';
import { AppError, notFound } from '../http/errors.ts';
import type { Services } from '../services.ts';
import { TEMPLATES, findTemplate, templateText } from './catalogue.ts';

const querySchema = jsonSchemaOf(templatesQuery, 'input');

const idParamsSchema = jsonSchemaOf(idParams, 'input');

export function registerTemplateRoutes(app: FastifyInstance, services: Services): void {
  app.get<{ Querystring: TemplatesQuery }>(
    '/api/video/templates',
    {
      schema: {
        tags: ['templates'],
        summary: 'Free video templates in a language (public; a bearer token is ignored)',
        querystring: querySchema,
        response: { 200: envelopeSchema(templateCatalogue), ...errorReplies },
      },
    },
    async (request) => {
      const base = services.publicBase(request);
      const lng = request.query.lang ?? 'en';
      const items = await Promise.all(
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
            previewReady: await services.templateMedia.previewReady(t),
          };
        }),
      );
      return ok(items);
    },
  );

  app.get<{ Params: IdParams }>(
    '/api/video/templates/:id/poster',
    {
      schema: {
        tags: ['templates'],
        summary: 'Template poster JPEG (rendered on first request)',
        params: idParamsSchema,
        produces: ['image/jpeg'],
        response: fileReplies(false),
      },
    },
    async (request, reply) => {
      const template = findTemplate(request.params.id);
      if (!template) throw notFound('TEMPLATE_NOT_FOUND', 'No template has this id');
      let key: string;
      try {
        key = await services.templateMedia.poster(template);
      } catch {
        throw new AppError(503, 'MEDIA_UNAVAILABLE', 'The poster could not be rendered right now');
      }
      return services.storage.send(request, reply.header('cache-control', 'public, max-age=86400'), key, 'image/jpeg');
    },
  );

  app.get<{ Params: IdParams }>(
    '/api/video/templates/:id/preview',
    {
      schema: {
        tags: ['templates'],
        summary: 'Template preview clip MP4 (404 PREVIEW_NOT_READY until rendered; Range supported)',
        params: idParamsSchema,
        produces: ['video/mp4'],
        response: fileReplies(true),
      },
    },
    async (request, reply) => {
      const template = findTemplate(request.params.id);
      if (!template) throw notFound('TEMPLATE_NOT_FOUND', 'No template has this id');
      if (!(await services.templateMedia.previewReady(template))) {
        reply.header('retry-after', '30');
        throw notFound('PREVIEW_NOT_READY', 'The preview clip is still being rendered');
      }
      return services.storage.send(request, reply.header('cache-control', 'public, max-age=86400'), services.templateMedia.previewKey(template), 'video/mp4');
    },
  );
}
