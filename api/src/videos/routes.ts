import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  deletedReply,
  generateReply,
  generateRequest,
  generationFeatures,
  mediaLinkQuery,
  videoCancelReply,
  videoHistoryPage,
  videoHistoryQuery,
  videoRecord,
} from '@reelmint/contract/video-api';
import type { GenerateRequest, MediaLinkQuery, VideoHistoryQuery } from '@reelmint/contract/video-api';
import { idParams, jsonSchemaOf } from '@reelmint/contract/schema';
import type { IdParams } from '@reelmint/contract/schema';
import { envelopeSchema, errorReplies, fileReplies, ok } from '../http/envelope.ts';
import { AppError } from '../http/errors.ts';
import { idempotencyHeaderSchema, idempotencyKey } from '../http/idempotency.ts';
import { coerceIntegerQuery } from '../http/query.ts';
import type { RateLimitRule } from '../http/rate-limits.ts';
import type { Services } from '../services.ts';
import { AUDIO_FACTOR, MODELS } from '@reelmint/contract/pricing';
import { CAMERA_MOTIONS } from '@reelmint/contract/generation-controls';
import { controlsTable, generateVideo } from './generation.ts';
import { cancelVideo, deleteVideo, ownVideoMedia, videoHistory, videoStatus } from './library.ts';

const idParamsSchema = jsonSchemaOf(idParams, 'input');

export function registerVideoRoutes(app: FastifyInstance, services: Services, generateLimit: RateLimitRule): void {
  app.post<{ Body: GenerateRequest }>(
    '/api/videos/generate',
    {
      config: { rateLimit: generateLimit },
      schema: {
        tags: ['videos'],
        summary: 'Queue a video; its cost is deducted with the job (optional Idempotency-Key header)',
        headers: idempotencyHeaderSchema(false),
        body: jsonSchemaOf(generateRequest, 'input'),
        response: { 202: envelopeSchema(generateReply), 200: envelopeSchema(generateReply), ...errorReplies },
      },
    },
    async (request, reply) => {
      const { user } = await services.auth.require(request);
      const outcome = await generateVideo(services, user.id, request.body, idempotencyKey(request, false));
      if (outcome.replayed) return reply.code(200).send(ok(outcome.reply, 'Already queued'));
      return reply.code(202).send(ok(outcome.reply, 'Video queued'));
    },
  );

  app.get(
    '/api/videos/features',
    {
      schema: {
        tags: ['videos'],
        summary: 'What each model takes here: start and end frames, camera motion (as a control or prompt terms), audio',
        description: 'Public. A control a model lacks is refused by generate with 422 CONTROL_UNAVAILABLE, naming a model that has it.',
        response: { 200: envelopeSchema(generationFeatures), ...errorReplies },
      },
    },
    async () => {
      const table = controlsTable(services);
      return ok({ models: MODELS.map((model) => ({ model, ...table[model] })), cameraMotions: [...CAMERA_MOTIONS], audioFactor: AUDIO_FACTOR });
    },
  );

  app.get<{ Params: IdParams }>(
    '/api/videos/status/:id',
    {
      schema: {
        tags: ['videos'],
        summary: 'Status and progress of one of your videos, with its place in the queue and expected start while it waits',
        params: idParamsSchema,
        response: { 200: envelopeSchema(videoRecord), ...errorReplies },
      },
    },
    async (request) => {
      const { user, jti } = await services.auth.require(request);
      return ok(await videoStatus(services, request, user.id, request.params.id, jti));
    },
  );

  app.post<{ Params: IdParams }>(
    '/api/videos/:id/cancel',
    {
      schema: {
        tags: ['videos'],
        summary: 'Cancel one of your queued or rendering videos; its credits come back at once (409 ALREADY_FINISHED once it has ended)',
        params: idParamsSchema,
        response: { 200: envelopeSchema(videoCancelReply), ...errorReplies },
      },
    },
    async (request) => {
      const { user } = await services.auth.require(request);
      return ok(await cancelVideo(services, user.id, request.params.id), 'Video cancelled');
    },
  );

  app.get<{ Querystring: VideoHistoryQuery }>(
    '/api/videos/history',
    {
      preValidation: coerceIntegerQuery(['page', 'per_page']),
      schema: {
        tags: ['videos'],
        summary: 'Your videos, newest first',
        querystring: jsonSchemaOf(videoHistoryQuery, 'input'),
        response: {
          200: envelopeSchema(videoHistoryPage),
          ...errorReplies,
        },
      },
    },
    async (request) => {
      const { user, jti } = await services.auth.require(request);
      // Validation has filled in the page and its size.
      return ok(await videoHistory(services, request, user.id, jti, request.query));
    },
  );

  app.delete<{ Params: IdParams }>(
    '/api/videos/:id',
    {
      schema: {
        tags: ['videos'],
        summary: 'Delete one of your videos and its files (an unfinished one is refunded first)',
        params: idParamsSchema,
        response: {
          200: envelopeSchema(deletedReply),
          ...errorReplies,
        },
      },
    },
    async (request) => {
      const { user } = await services.auth.require(request);
      await deleteVideo(services, user.id, request.params.id);
      return ok({ id: request.params.id, deleted: true }, 'Video deleted');
    },
  );

  for (const kind of ['file', 'poster'] as const) {
    app.get<{ Params: IdParams; Querystring: MediaLinkQuery }>(
      `/api/videos/:id/${kind}`,
      {
        schema: {
          tags: ['videos'],
          summary: kind === 'file' ? 'The MP4 (HTTP Range supported)' : 'The poster JPEG',
          description: 'Owner only: a bearer token, or the ?token= carried by the URLs the API returns.',
          params: idParamsSchema,
          querystring: jsonSchemaOf(mediaLinkQuery, 'input'),
          produces: [kind === 'file' ? 'video/mp4' : 'image/jpeg'],
          response: fileReplies(true),
        },
      },
      async (request, reply) => {
        const userId = await mediaUser(services, request, `${kind}:${request.params.id}`);
        const key = await ownVideoMedia(services, userId, request.params.id, kind);
        // Private to one person: only that browser may keep a copy, and it asks again (a 304 when
        // unchanged) before each use, so a link that ended with its session stops working there too.
        reply.header('cache-control', 'private, no-cache');
        return services.storage.send(request, reply, key, kind === 'file' ? 'video/mp4' : 'image/jpeg');
      },
    );
  }
}

async function mediaUser(services: Services, request: FastifyRequest<{ Querystring: MediaLinkQuery }>, resource: string): Promise<string> {
  if (request.headers.authorization) return (await services.auth.require(request)).user.id;
  const token = request.query.token;
  const link = token ? await services.tokens.verifyMedia(token, resource) : null;
  if (!link || (await services.auth.isRevoked(link.sessionId))) {
    throw new AppError(401, 'UNAUTHENTICATED', 'This link has expired or is not valid; reload the page for a new one');
  }
  return link.userId;
}
