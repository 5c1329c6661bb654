import { randomInt, randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { checkGenerationAccess, PLAN_FEATURES } from '@reelmint/shared/plans';
import { DEFAULT_ASPECT_RATIO, SEED_MAX, creditCost } from '@reelmint/shared/pricing';
import type { GenerationConfig } from '@reelmint/shared/pricing';
import { deletedReply, generateReply, generateRequest, VIDEO_KINDS, videoHistoryPage } from '@reelmint/shared/video-api';
import type { GenerateReply, GenerateRequest, VideoKind } from '@reelmint/shared/video-api';
import { jsonSchemaOf } from '@reelmint/shared/schema';
import { spendInTransaction } from '../credits/ledger.ts';
import { isUniqueViolation, toCount } from '../db/database.ts';
import type { Video } from '../db/schema.ts';
import { errorReplies, envelopeSchema, ok } from '../http/envelope.ts';
import { AppError, notFound, validation } from '../http/errors.ts';
import { idempotencyHeaderSchema, idempotencyKey, keyReused, requestHash } from '../http/idempotency.ts';
import { coerceIntegerQuery } from '../http/query.ts';
import type { RateLimitRule } from '../http/rate-limits.ts';
import { currentSubscription, planOf } from '../plans/subscriptions.ts';
import type { Services } from '../services.ts';
import { findTemplate } from '../templates/catalogue.ts';
import { activeJobCount, failAndRefund } from './jobs.ts';
import { videoView, videoViewSchema } from './views.ts';
import { videoKeys } from './worker.ts';

const idParams = { type: 'object', required: ['id'], properties: { id: { type: 'string', minLength: 1, maxLength: 100 } } };

const generateReplySchema = jsonSchemaOf(generateReply);

export function registerVideoRoutes(app: FastifyInstance, services: Services, generateLimit: RateLimitRule): void {
  const replyOf = async (video: Video, replayed: boolean): Promise<GenerateReply> => {
    const spend = await services.db.selectFrom('credit_ledger').select(['id', 'balance_after']).where('id', '=', video.spend_id).executeTakeFirst();
    return {
      id: video.id,
      status: video.status,
      cost: video.cost,
      queue: video.relaxed ? 'relaxed' : 'priority',
      newBalance: spend?.balance_after ?? 0,
      transactionId: video.spend_id,
      progress: video.progress,
      type: video.type,
      createdAt: video.created_at,
      replayed,
    };
  };

  app.post<{ Body: GenerateRequest }>(
    '/api/videos/generate',
    {
      config: { rateLimit: generateLimit },
      schema: {
        tags: ['videos'],
        summary: 'Queue a video; its cost is deducted with the job (optional Idempotency-Key header)',
        headers: idempotencyHeaderSchema(false),
        body: jsonSchemaOf(generateRequest, 'input'),
        response: { 202: envelopeSchema(generateReplySchema), 200: envelopeSchema(generateReplySchema), ...errorReplies },
      },
    },
    async (request, reply) => {
      const { user } = await services.auth.require(request);
      const clientKey = idempotencyKey(request, false);
      const body = request.body;
      const config: GenerationConfig = { model: body.model, resolution: body.resolution, duration: body.duration };
      const key = clientKey ? `${user.id}:${clientKey}` : null;
      const hash = requestHash('generate', body);

      // The stored job's reply when this is a replay, else null. It returns the envelope, not the
      // sent reply: a FastifyReply is thenable, and awaiting one would resolve to undefined and
      // let the handler go on to queue (and pay for) the job again.
      const replay = async () => {
        if (!key) return null;
        const existing = await services.db.selectFrom('videos').selectAll().where('idempotency_key', '=', key).executeTakeFirst();
        if (!existing) return null;
        const sameRequest =
          existing.request_hash === null
            ? existing.type === body.type && existing.model === body.model && existing.resolution === body.resolution && existing.duration === body.duration
            : existing.request_hash === hash;
        if (!sameRequest) throw keyReused();
        return ok(await replyOf(existing, true), 'Already queued');
      };
      const replayed = await replay();
      if (replayed) return reply.code(200).send(replayed);

      const { prompt, imageId, templateId } = await resolveSource(services, user.id, body);
      const plan = planOf(await currentSubscription(services, user.id));
      const problems = checkGenerationAccess(config, PLAN_FEATURES[plan]);
      if (problems.length > 0) {
        throw new AppError(403, 'PLAN_UPGRADE_REQUIRED', problems[0]!.message, { upgradeRequired: true, problems });
      }
      const aspectRatio = body.aspectRatio ?? DEFAULT_ASPECT_RATIO;
      const mode = body.type === 'image-to-video' ? 'image' : body.type === 'template' ? 'template' : 'text';
      if (services.engine.offersAspectRatio && !services.engine.offersAspectRatio(config.model, mode, aspectRatio)) {
        throw new AppError(
          422,
          'ASPECT_RATIO_UNAVAILABLE',
          `The ${config.model} model cannot make ${aspectRatio} videos of this kind here; choose another shape`,
          { aspectRatio },
        );
      }
      // Max's unlimited generations: the relaxed queue spends nothing, one video at a time, after the paid ones.
      const relaxed = body.queue === 'relaxed';
      if (relaxed && !PLAN_FEATURES[plan].unlimitedGenerations) {
        throw new AppError(403, 'RELAXED_QUEUE_UNAVAILABLE', 'Generating without credits on the relaxed queue comes with Max', { upgradeRequired: true });
      }
      const cost = relaxed ? 0 : creditCost(config);
      const id = `vid_${randomUUID()}`;
      let video: Video;
      try {
        video = await services.db.transaction().execute(async (trx) => {
          const spend = await spendInTransaction(trx, services, {
            userId: user.id,
            amount: cost,
            idempotencyKey: `generation:${id}`,
            source: 'generation',
            reason: `${body.type} ${config.model} ${config.resolution} ${config.duration}${relaxed ? ' relaxed' : ''}`,
            metadata: { videoId: id, ...config, ...(relaxed ? { queue: 'relaxed' } : {}) },
          });
          // Counted after the spend: its row lock on the user makes this check-and-insert atomic
          // per user on PostgreSQL too, so concurrent requests cannot all slip under the cap.
          if ((await activeJobCount(trx, user.id)) >= services.maxActiveJobsPerUser) {
            throw new AppError(
              429,
              'TOO_MANY_JOBS',
              `You can have at most ${services.maxActiveJobsPerUser} videos in progress at once. Wait for one to finish.`,
            );
          }
          if (relaxed && (await activeJobCount(trx, user.id, 'relaxed')) > 0) {
            throw new AppError(
              429,
              'RELAXED_JOB_ACTIVE',
              'Your relaxed video is still queued or rendering: one at a time. Wait for it to finish, or generate now with credits.',
            );
          }
          const row: Video = {
            id,
            user_id: user.id,
            type: body.type,
            status: 'queued',
            prompt,
            image_id: imageId,
            template_id: templateId,
            model: config.model,
            resolution: config.resolution,
            duration: config.duration,
            cost,
            relaxed: relaxed ? 1 : 0,
            spend_id: spend.id,
            refunded: 0,
            progress: 0,
            error: null,
            video_file: null,
            poster_file: null,
            engine_ref: null,
            engine: services.engine.name,
            error_code: null,
            provider_cost_cents: null,
            attempts: 0,
            worker_id: null,
            heartbeat_at: null,
            aspect_ratio: aspectRatio,
            negative_prompt: body.negativePrompt?.trim() || null,
            // Chosen here rather than by the engine, so the seed is known (and shown) from the start.
            seed: body.seed ?? randomInt(0, SEED_MAX + 1),
            shared_at: null,
            share_views: 0,
            source_id: null,
            edit: null,
            idempotency_key: key,
            request_hash: key ? hash : null,
            created_at: services.now().toISOString(),
            started_at: null,
            finished_at: null,
          };
          await trx.insertInto('videos').values(row).execute();
          return row;
        });
      } catch (error) {
        // A twin request with the same key committed first: answer with its job.
        const twin = await replay();
        if (twin) return reply.code(200).send(twin);
        if (isUniqueViolation(error)) throw new AppError(409, 'CONFLICT', 'The request conflicted with another one; try again');
        throw error;
      }
      services.worker?.wake();
      return reply.code(202).send(ok(await replyOf(video, false), 'Video queued'));
    },
  );

  app.get<{ Params: { id: string } }>(
    '/api/videos/status/:id',
    {
      schema: {
        tags: ['videos'],
        summary: 'Status and progress of one of your videos',
        params: idParams,
        response: { 200: envelopeSchema(videoViewSchema), ...errorReplies },
      },
    },
    async (request) => {
      const { user, jti } = await services.auth.require(request);
      return ok(await videoView(services, request, await ownVideo(services, user.id, request.params.id), jti));
    },
  );

  app.get<{ Querystring: { page?: number; per_page?: number; videoType?: VideoKind } }>(
    '/api/videos/history',
    {
      preValidation: coerceIntegerQuery(['page', 'per_page']),
      schema: {
        tags: ['videos'],
        summary: 'Your videos, newest first',
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: {
            page: { type: 'integer', minimum: 1, maximum: 100000, default: 1 },
            per_page: { type: 'integer', minimum: 1, maximum: 50, default: 10 },
            videoType: { type: 'string', enum: [...VIDEO_KINDS] },
          },
        },
        response: {
          200: envelopeSchema(jsonSchemaOf(videoHistoryPage)),
          ...errorReplies,
        },
      },
    },
    async (request) => {
      const { user, jti } = await services.auth.require(request);
      const page = request.query.page ?? 1;
      const perPage = request.query.per_page ?? 10;
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

  app.delete<{ Params: { id: string } }>(
    '/api/videos/:id',
    {
      schema: {
        tags: ['videos'],
        summary: 'Delete one of your videos and its files (an unfinished one is refunded first)',
        params: idParams,
        response: {
          200: envelopeSchema(jsonSchemaOf(deletedReply)),
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
    app.get<{ Params: { id: string }; Querystring: { token?: string } }>(
      `/api/videos/:id/${kind}`,
      {
        schema: {
          tags: ['videos'],
          summary: kind === 'file' ? 'The MP4 (HTTP Range supported)' : 'The poster JPEG',
          description: 'Owner only: a bearer token, or the ?token= carried by the URLs the API returns.',
          params: idParams,
          querystring: { type: 'object', additionalProperties: false, properties: { token: { type: 'string', maxLength: 2048 } } },
          produces: [kind === 'file' ? 'video/mp4' : 'image/jpeg'],
          response: { 200: { type: 'string', format: 'binary' }, 206: { type: 'string', format: 'binary' }, ...errorReplies },
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

async function resolveSource(services: Services, userId: string, body: GenerateRequest) {
  const prompt = body.prompt?.trim() ?? '';
  if (body.type === 'text-to-video') {
    if (!prompt) throw validation('A prompt is required for text-to-video');
    return { prompt, imageId: null, templateId: null };
  }
  if (body.type === 'image-to-video') {
    if (!body.imageId) throw validation('imageId is required for image-to-video');
    const upload = await services.db.selectFrom('uploads').select('id').where('id', '=', body.imageId).where('user_id', '=', userId).executeTakeFirst();
    if (!upload) throw notFound('UPLOAD_NOT_FOUND', 'No uploaded picture of yours has this id');
    return { prompt: prompt || null, imageId: upload.id, templateId: null };
  }
  if (!body.templateId) throw validation('templateId is required for template videos');
  const template = findTemplate(body.templateId);
  if (!template) throw notFound('TEMPLATE_NOT_FOUND', 'No template has this id');
  return { prompt: prompt || template.prompt, imageId: null, templateId: template.id };
}

export async function ownVideo(services: Services, userId: string, id: string): Promise<Video> {
  const video = await services.db.selectFrom('videos').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  // Someone else's video answers exactly like a missing one, so ids cannot be probed.
  if (!video) throw notFound('VIDEO_NOT_FOUND', 'Video not found');
  return video;
}

async function mediaUser(services: Services, request: FastifyRequest<{ Querystring: { token?: string } }>, resource: string): Promise<string> {
  if (request.headers.authorization) return (await services.auth.require(request)).user.id;
  const token = request.query.token;
  const link = token ? await services.tokens.verifyMedia(token, resource) : null;
  if (!link || (await services.auth.isRevoked(link.sessionId))) {
    throw new AppError(401, 'UNAUTHENTICATED', 'This link has expired or is not valid; reload the page for a new one');
  }
  return link.userId;
}
