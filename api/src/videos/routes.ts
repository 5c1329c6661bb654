import type { FastifyInstance, FastifyRequest } from 'fastify';
import { deletedReply, generateReply, generateRequest, mediaLinkQuery, videoHistoryPage, videoHistoryQuery, videoRecord } from '@reelmint/shared/video-api';
import type { GenerateRequest, MediaLinkQuery, VideoHistoryQuery } from '@reelmint/shared/video-api';
import { idParams, jsonSchemaOf } from '@reelmint/shared/schema';
import type { IdParams } from '@reelmint/shared/schema';
import { toCount } from '../db/database.ts';
import type { Video } from '../db/schema.ts';
import { envelopeSchema, errorReplies, fileReplies, ok } from '../http/envelope.ts';
import { AppError, notFound } from '../http/errors.ts';
import { idempotencyHeaderSchema, idempotencyKey } from '../http/idempotency.ts';
import { coerceIntegerQuery } from '../http/query.ts';
import type { RateLimitRule } from '../http/rate-limits.ts';
import type { Services } from '../services.ts';
import { generateVideo } from './generation.ts';
import { failAndRefund } from './jobs.ts';
import { videoView } from './views.ts';
import { videoKeys } from '../storage/keys.ts';

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

  app.get<{ Params: IdParams }>(
    '/api/videos/status/:id',
    {
      schema: {
        tags: ['videos'],
        summary: 'Status and progress of one of your videos',
        params: idParamsSchema,
        response: { 200: envelopeSchema(videoRecord), ...errorReplies },
      },
    },
    async (request) => {
      const { user, jti } = await services.auth.require(request);
      return ok(await videoView(services, request, await ownVideo(services, user.id, request.params.id), jti));
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
      const { page, per_page: perPage } = request.query;
      let query = services.db.selectFrom('videos').where('user_id', '=', user.id);
      if (request.query.videoType) query = query.where('type', '=', request.query.videoType);
      const [rows, count] = await Promise.all([
        query
          .selectAll()
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .limit(perPage)
          .offset((page - 1) * perPage)
          .execute(),
        query.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst(),
      ]);
      const items = await Promise.all(rows.map((row) => videoView(services, request, row, jti)));
      return ok({ items, page, perPage, total: toCount(count?.n) });
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
      const video = await ownVideo(services, user.id, request.params.id);
      if (video.status === 'queued' || video.status === 'processing') {
        await failAndRefund(services, video.id, 'DELETED');
      }
      await services.db.deleteFrom('videos').where('id', '=', video.id).where('user_id', '=', user.id).execute();
      await services.storage.remove(videoKeys(video.video_file, video.poster_file));
      return ok({ id: video.id, deleted: true }, 'Video deleted');
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
        const video = await ownVideo(services, userId, request.params.id);
        const file = kind === 'file' ? video.video_file : video.poster_file;
        if (video.status !== 'succeeded' || !file) throw new AppError(409, 'VIDEO_NOT_READY', 'This video is not ready yet');
        // Private to one person: only that browser may keep a copy, and it asks again (a 304 when
        // unchanged) before each use, so a link that ended with its session stops working there too.
        reply.header('cache-control', 'private, no-cache');
        return services.storage.send(request, reply, videoKeys(file)[0]!, kind === 'file' ? 'video/mp4' : 'image/jpeg');
      },
    );
  }
}

export async function ownVideo(services: Services, userId: string, id: string): Promise<Video> {
  const video = await services.db.selectFrom('videos').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  // Someone else's video answers exactly like a missing one, so ids cannot be probed.
  if (!video) throw notFound('VIDEO_NOT_FOUND', 'Video not found');
  return video;
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
