import type { FastifyRequest } from 'fastify';
import type { PublicVideo, ShareState } from '@reelmint/contract/video-api';
import type { CoreContext } from '../context.ts';
import type { Video } from '../db/schema.ts';
import { AppError, notFound } from '../http/errors.ts';
import type { Services } from '../services.ts';
import { videoKeys } from '../storage/keys.ts';
import { frameSize } from './engine.ts';
import { ownVideo } from './library.ts';
import { shareUrl } from './views.ts';

/**
 * Sharing by link: the owner publishes a finished video and can take it back at once. The public
 * page's data and media are read from the row on every request (no token, no cache without
 * revalidation), so unsharing or deleting ends access on the next request.
 */

/** The same answer for a private, unfinished, deleted or unknown id, so a link reveals nothing. */
const notShared = () => notFound('NOT_FOUND', 'This video is not available');

function shareStateOf(services: Pick<Services, 'siteOrigin'>, video: Pick<Video, 'id' | 'shared_at' | 'share_views'>): ShareState {
  return {
    id: video.id,
    shared: video.shared_at !== null,
    sharedAt: video.shared_at,
    shareUrl: video.shared_at !== null ? shareUrl(services, video.id) : null,
    shareViews: video.share_views,
  };
}

async function sharedVideo(ctx: CoreContext, id: string): Promise<Video> {
  const video = await ctx.db
    .selectFrom('videos')
    .selectAll()
    .where('id', '=', id)
    .where('shared_at', 'is not', null)
    .where('status', '=', 'succeeded')
    .executeTakeFirst();
  if (!video?.video_file || !video.poster_file) throw notShared();
  return video;
}

/** Publishes one of a person's finished videos; publishing twice keeps the first date, so the link stays the same. */
export async function shareVideo(services: Services, userId: string, id: string): Promise<ShareState> {
  const video = await ownVideo(services, userId, id);
  if (video.status !== 'succeeded') throw new AppError(409, 'VIDEO_NOT_READY', 'Only a finished video can be shared');
  await services.db
    .updateTable('videos')
    .set({ shared_at: services.now().toISOString() })
    .where('id', '=', video.id)
    .where('user_id', '=', userId)
    .where('shared_at', 'is', null)
    .execute();
  return shareStateOf(services, await ownVideo(services, userId, video.id));
}

/** Takes a video back: its page and media answer 404 from the next request on. */
export async function unshareVideo(services: Services, userId: string, id: string): Promise<ShareState> {
  const video = await ownVideo(services, userId, id);
  await services.db.updateTable('videos').set({ shared_at: null }).where('id', '=', video.id).where('user_id', '=', userId).execute();
  return shareStateOf(services, { ...video, shared_at: null });
}

/** What the public page of a shared video shows, its media under this API's public addresses. */
export async function publicVideo(services: Services, request: FastifyRequest, id: string): Promise<PublicVideo> {
  const video = await sharedVideo(services, id);
  const path = `${services.publicBase(request)}/api/public/videos/${encodeURIComponent(video.id)}`;
  const { width, height } = frameSize(video.resolution, video.aspect_ratio);
  return {
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
}

/** Counts one view of a shared video's page; returns the count. */
export async function countShareView(ctx: CoreContext, id: string): Promise<number> {
  const counted = await ctx.db
    .updateTable('videos')
    .set((eb) => ({ share_views: eb('share_views', '+', 1) }))
    .where('id', '=', id)
    .where('shared_at', 'is not', null)
    .where('status', '=', 'succeeded')
    .returning('share_views')
    .executeTakeFirst();
  if (!counted) throw notShared();
  return counted.share_views;
}

/** Where a shared video's MP4 or poster is in media storage. */
export async function sharedVideoMedia(ctx: CoreContext, id: string, kind: 'file' | 'poster'): Promise<string> {
  const video = await sharedVideo(ctx, id);
  return videoKeys(kind === 'file' ? video.video_file : video.poster_file)[0]!;
}
