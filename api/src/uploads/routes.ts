import type { FastifyInstance } from 'fastify';
import { idParams, jsonSchemaOf } from '@reelmint/contract/schema';
import type { IdParams } from '@reelmint/contract/schema';
import { deletedReply, uploadReply } from '@reelmint/contract/video-api';
import { errorReplies, envelopeSchema, ok } from '../http/envelope.ts';
import { AppError } from '../http/errors.ts';
import { accountOrAddress } from '../http/rate-limits.ts';
import type { Services } from '../services.ts';
import { deleteOwnUpload, storeUpload } from './pictures.ts';
import type { UploadLimits } from './quota.ts';

export function registerUploadRoutes(app: FastifyInstance, services: Services, limits: UploadLimits): void {
  app.post(
    '/api/upload',
    {
      config: { rateLimit: { max: limits.perMinute, timeWindow: 60_000, keyGenerator: accountOrAddress(services) } },
      schema: {
        tags: ['uploads'],
        summary: 'Upload a PNG, JPEG or WebP picture (multipart field "file", at most 10 MB and 40 megapixels)',
        consumes: ['multipart/form-data'],
        response: {
          201: envelopeSchema(uploadReply),
          ...errorReplies,
        },
      },
    },
    async (request, reply) => {
      const { user } = await services.auth.require(request);
      if (!request.isMultipart()) throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the picture as multipart/form-data');
      return reply.code(201).send(ok(await storeUpload(services, user.id, request, limits.quotaBytes), 'Uploaded'));
    },
  );

  app.delete<{ Params: IdParams }>(
    '/api/upload/:id',
    {
      schema: {
        tags: ['uploads'],
        summary: 'Delete one of your pictures (not while a video is being made from it)',
        params: jsonSchemaOf(idParams, 'input'),
        response: {
          200: envelopeSchema(deletedReply),
          ...errorReplies,
        },
      },
    },
    async (request) => {
      const { user } = await services.auth.require(request);
      await deleteOwnUpload(services, user.id, request.params.id);
      return ok({ id: request.params.id, deleted: true }, 'Picture deleted');
    },
  );
}
