import { publicVideo, shareState, viewCountReply } from '@reelmint/shared/video-api';
import type { PublicVideo, ShareState } from '@reelmint/shared/video-api';
import { idParams, jsonSchemaOf } from '@reelmint/shared/schema';
import type { IdParams } from '@reelmint/shared/schema';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Video } from '../db/schema.ts';
import { envelopeSchema, errorReplies, fileReplies, ok } from '../http/envelope.ts';
import { AppError, notFound } from '../http/errors.ts';
import { accountOrAddress } from '../http/rate-limits.ts';
import type { RateLimitRule } from '../http/rate-limits.ts';
import type { Services } from '../services.ts';
import { frameSize } from './engine.ts';
import { ownVideo } from './routes.ts';
import { shareUrl } from './views.ts';
import { videoKeys } from '../storage/keys.ts';

export interface ShareLimits {
  /** Publishing a video (owner), per account. */
  publish: RateLimitRule;
  /** Counting a view of a public page, per client address. */
  view: RateLimitRule;
}

export const DEFAULT_SHARE_LIMITS: ShareLimits = {
  publish: { max: 20, timeWindow: 60_000 },
  view: { max: 60, timeWindow: 60_000 },
};

const idParamsSchema = jsonSchemaOf(idParams, 'input');

/** The same answer for a private, unfinished, deleted or unknown id, so a link reveals nothing. */
const notShared = () => notFound('NOT_FOUND', 'This video is not available');

function shareStateOf(services: Services, video: Pick<Video, 'id' | 'shared_at' | 'share_views'>): ShareState {
  return {
    id: video.id,
    shared: video.shared_at !== null,
    sharedAt: video.shared_at,
    shareUrl: video.shared_at !== null ? shareUrl(services, video.id) : null,
    shareViews: video.share_views,
  };
}

async function sharedVideo(services: Services, id: string): Promise<Video> {
  const video = await services.db
    .selectFrom('videos')
    .selectAll()
    .where('id', '=', id)
    .where('shared_at', 'is not', null)
    .where('status', '=', 'succeeded')
    .executeTakeFirst();
  if (!video?.video_file || !video.poster_file) throw notShared();
  return video;
}

/**
 * Sharing by link: the owner publishes a finished video and can take it back at once. The public
 * page's data and media are read from the row on every request (no token, no cache without
 * revalidation), so unsharing or deleting ends access on the next request.
 */
export function registerSharingRoutes(app: FastifyInstance, services: Services, limits: ShareLimits): void {
  app.post<{ Params: IdParams }>(
    '/api/videos/:id/share',
    {
      config: { rateLimit: { ...limits.publish, keyGenerator: accountOrAddress(services) } },
      schema: {
        tags: ['sharing'],
        summary: 'Publish one of your finished videos: anyone with its link may watch it',
        params: idParamsSchema,
        response: { 200: envelopeSchema(shareState), ...errorReplies },
      },
    },
    async (request) => {
      const { user } = await services.auth.require(request);
      const video = await ownVideo(services, user.id, request.params.id);
      if (video.status !== 'succeeded') throw new AppError(409, 'VIDEO_NOT_READY', 'Only a finished video can be shared');
      // Publishing twice keeps the first date: the link is the same.
      await services.db
        .updateTable('videos')
        .set({ shared_at: services.now().toISOString() })
        .where('id', '=', video.id)
        .where('user_id', '=', user.id)
        .where('shared_at', 'is', null)
        .execute();
      const row = await ownVideo(services, user.id, video.id);
      return ok(shareStateOf(services, row), 'Video shared');
    },
  );

  app.delete<{ Params: IdParams }>(
    '/api/videos/:id/share',
    {
      schema: {
        tags: ['sharing'],
        summary: 'Stop sharing one of your videos: its page and media answer 404 from now on',
        params: idParamsSchema,
        response: { 200: envelopeSchema(shareState), ...errorReplies },
      },
    },
    async (request) => {
      const { user } = await services.auth.require(request);
      const video = await ownVideo(services, user.id, request.params.id);
      await services.db.updateTable('videos').set({ shared_at: null }).where('id', '=', video.id).where('user_id', '=', user.id).execute();
      return ok(shareStateOf(services, { ...video, shared_at: null }), 'Video no longer shared');
    },
  );

  app.get<{ Params: IdParams }>(
    '/api/public/videos/:id',
    {
      schema: {
        tags: ['sharing'],
        summary: 'A shared video for its public page (no sign-in); 404 NOT_FOUND for anything not shared',
        params: idParamsSchema,
        response: { 200: envelopeSchema(publicVideo), ...errorReplies },
      },
    },
    async (request, reply) => {
      const video = await sharedVideo(services, request.params.id);
      const base = services.publicBase(request);
      const path = `${base}/api/public/videos/${encodeURIComponent(video.id)}`;
      const { width, height } = frameSize(video.resolution, video.aspect_ratio);
      // Public, but never reused without asking: an unshared video must disappear everywhere at once.
      reply.header('cache-control', 'no-cache');
      const shared: PublicVideo = {
        id: video.id,
        type: video.type,
        prompt: video.prompt,
        negativePrompt: video.negative_prompt,
        model: video.model,
        resolution: video.resolution,
        duration: video.duration,
        aspectRatio: video.aspect_ratio,
        seed: video.seed,
        width,
        height,
        engine: video.engine,
        videoUrl: `${path}/file`,
        posterUrl: `${path}/poster`,
        views: video.share_views,
        sharedAt: video.shared_at!,
      };
      return ok(shared);
    },
  );

  app.post<{ Params: IdParams }>(
    '/api/public/videos/:id/views',
    {
      config: { rateLimit: { ...limits.view, keyGenerator: (request: FastifyRequest) => `ip:${request.ip}` } },
      schema: {
        tags: ['sharing'],
        summary: 'Count one view of a shared video\u2019s page (the page calls it once per visit)',
        params: idParamsSchema,
        response: { 200: envelopeSchema(viewCountReply), ...errorReplies },
      },
    },
    async (request) => {
      const counted = await services.db
        .updateTable('videos')
        .set((eb) => ({ share_views: eb('share_views', '+', 1) }))
        .where('id', '=', request.params.id)
        .where('shared_at', 'is not', null)
        .where('status', '=', 'succeeded')
        .returning('share_views')
        .executeTakeFirst();
      if (!counted) throw notShared();
      return ok({ views: counted.share_views });
    },
  );

  for (const kind of ['file', 'poster'] as const) {
    app.get<{ Params: IdParams }>(
      `/api/public/videos/:id/${kind}`,
      {
        schema: {
          tags: ['sharing'],
          summary: kind === 'file' ? 'A shared video\u2019s MP4 (HTTP Range supported)' : 'A shared video\u2019s poster JPEG',
          params: idParamsSchema,
          produces: [kind === 'file' ? 'video/mp4' : 'image/jpeg'],
          response: fileReplies(true),
        },
      },
      async (request, reply) => {
        const video = await sharedVideo(services, request.params.id);
        const file = kind === 'file' ? video.video_file : video.poster_file;
        reply.header('cache-control', 'public, no-cache');
        return services.storage.send(request, reply, videoKeys(file)[0]!, kind === 'file' ? 'video/mp4' : 'image/jpeg');
      },
    );
  }
}
