import type { FastifyInstance, FastifyRequest } from 'fastify';
import { publicVideo as publicVideoReply, shareState, viewCountReply } from '@reelmint/contract/video-api';
import { idParams, jsonSchemaOf } from '@reelmint/contract/schema';
import type { IdParams } from '@reelmint/contract/schema';
import { envelopeSchema, errorReplies, fileReplies, ok } from '../http/envelope.ts';
import { accountOrAddress } from '../http/rate-limits.ts';
import type { RateLimitRule } from '../http/rate-limits.ts';
import type { Services } from '../services.ts';
import { countShareView, publicVideo, shareVideo, sharedVideoMedia, unshareVideo } from './sharing.ts';

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

/** The owner's share switch (`/api/videos/:id/share`) and the public page's data and media (`/api/public/videos/...`). */
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
      return ok(await shareVideo(services, user.id, request.params.id), 'Video shared');
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
      return ok(await unshareVideo(services, user.id, request.params.id), 'Video no longer shared');
    },
  );

  app.get<{ Params: IdParams }>(
    '/api/public/videos/:id',
    {
      schema: {
        tags: ['sharing'],
        summary: 'A shared video for its public page (no sign-in); 404 NOT_FOUND for anything not shared',
        params: idParamsSchema,
        response: { 200: envelopeSchema(publicVideoReply), ...errorReplies },
      },
    },
    async (request, reply) => {
      const shared = await publicVideo(services, request, request.params.id);
      // Public, but never reused without asking: an unshared video must disappear everywhere at once.
      reply.header('cache-control', 'no-cache');
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
    async (request) => ok({ views: await countShareView(services, request.params.id) }),
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
        const key = await sharedVideoMedia(services, request.params.id, kind);
        reply.header('cache-control', 'public, no-cache');
        return services.storage.send(request, reply, key, kind === 'file' ? 'video/mp4' : 'image/jpeg');
      },
    );
  }
}
