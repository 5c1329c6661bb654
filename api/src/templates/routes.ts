import type { FastifyInstance } from 'fastify';
import { templateCatalogue, templatesQuery } from '@reelmint/contract/video-api';
import type { TemplatesQuery } from '@reelmint/contract/video-api';
import { idParams, jsonSchemaOf } from '@reelmint/contract/schema';
import type { IdParams } from '@reelmint/contract/schema';
import { envelopeSchema, errorReplies, fileReplies, ok } from '../http/envelope.ts';
import { notFound } from '../http/errors.ts';
import type { Services } from '../services.ts';
import { existingTemplate, templateGallery, templatePoster } from './gallery.ts';
import type { TemplateMedia } from './media.ts';

const querySchema = jsonSchemaOf(templatesQuery, 'input');

const idParamsSchema = jsonSchemaOf(idParams, 'input');

export function registerTemplateRoutes(app: FastifyInstance, services: Services, media: TemplateMedia): void {
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
    async (request) => ok(await templateGallery(media, services.publicBase(request), request.query.lang ?? 'en')),
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
      const key = await templatePoster(media, request.params.id);
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
      const template = existingTemplate(request.params.id);
      if (!(await media.previewReady(template))) {
        reply.header('retry-after', '30');
        throw notFound('PREVIEW_NOT_READY', 'The preview clip is still being rendered');
      }
      return services.storage.send(request, reply.header('cache-control', 'public, max-age=86400'), media.previewKey(template), 'video/mp4');
    },
  );
}
