import type { FastifyRequest } from 'fastify';
import type { VideoCancelReply, VideoHistoryPage, VideoHistoryQuery, VideoRecord } from '@reelmint/contract/video-api';
import type { CoreContext } from '../context.ts';
import { toCount } from '../db/database.ts';
import type { Video } from '../db/schema.ts';
import { AppError, notFound } from '../http/errors.ts';
import type { Services } from '../services.ts';
import { videoKeys } from '../storage/keys.ts';
import { cancelAndRefund, failAndRefund } from './jobs.ts';
import { queuePlaces } from './queue.ts';
import { videoView } from './views.ts';

/** A person's own videos: finding one, the history, deleting, and the media of a finished one. */

export async function ownVideo(ctx: CoreContext, userId: string, id: string): Promise<Video> {
  const video = await ctx.db.selectFrom('videos').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  // Someone else's video answers exactly like a missing one, so ids cannot be probed.
  if (!video) throw notFound('VIDEO_NOT_FOUND', 'Video not found');
  return video;
}

/** A page of the history, newest first, each video with media links signed for this session. */
export async function videoHistory(
  services: Services,
  request: FastifyRequest,
  userId: string,
  sessionId: string,
  query: VideoHistoryQuery,
): Promise<VideoHistoryPage> {
  const { page, per_page: perPage } = query;
  let videos = services.db.selectFrom('videos').where('user_id', '=', userId);
  if (query.videoType) videos = videos.where('type', '=', query.videoType);
  const [rows, count] = await Promise.all([
    videos
      .selectAll()
      .orderBy('created_at', 'desc')
      // A run's variations share their moment: they follow each other in their own order.
      .orderBy('variation')
      .orderBy('id', 'desc')
      .limit(perPage)
      .offset((page - 1) * perPage)
      .execute(),
    videos.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst(),
  ]);
  const places = await queuePlaces(services, services.renderSlots, rows);
  const items = await Promise.all(rows.map((row) => videoView(services, request, row, sessionId, places.get(row.id))));
  return { items, page, perPage, total: toCount(count?.n) };
}

/** Deletes one of a person's videos and its files; an unfinished one is failed and refunded first. */
export async function deleteVideo(services: Services, userId: string, id: string): Promise<void> {
  const video = await ownVideo(services, userId, id);
  if (video.status === 'queued' || video.status === 'processing') {
    await failAndRefund(services, video.id, 'DELETED');
  }
  await services.db.deleteFrom('videos').where('id', '=', video.id).where('user_id', '=', userId).execute();
  await services.storage.remove(videoKeys(video.video_file, video.poster_file));
}

/** One of a person's videos with its place in the queue while it waits, as the status call answers it. */
export async function videoStatus(services: Services, request: FastifyRequest, userId: string, id: string, sessionId: string): Promise<VideoRecord> {
  const video = await ownVideo(services, userId, id);
  const places = await queuePlaces(services, services.renderSlots, [video]);
  return videoView(services, request, video, sessionId, places.get(video.id));
}

/**
 * Cancels one of a person's queued or rendering videos: it ends as cancelled and its credits come back at once.
 * A video that has already ended is refused (409 ALREADY_FINISHED), someone else's is not found.
 */
export async function cancelVideo(services: Services, userId: string, id: string): Promise<VideoCancelReply> {
  const video = await ownVideo(services, userId, id);
  const cancelled = await cancelAndRefund(services, userId, video.id);
  if (!cancelled) {
    const now = await ownVideo(services, userId, id);
    throw new AppError(409, 'ALREADY_FINISHED', `This video has already ${ENDED[now.status] ?? 'finished'}; there is nothing to cancel`, {
      status: now.status,
    });
  }
  const user = await services.db.selectFrom('users').select('balance').where('id', '=', userId).executeTakeFirst();
  // A worker rendering it stops at its next progress report (and cancels the provider's request); wake an idle one.
  services.worker?.wake();
  return { id: cancelled.id, status: cancelled.status, refunded: cancelled.cost, newBalance: user?.balance ?? 0 };
}

const ENDED: Partial<Record<Video['status'], string>> = { succeeded: 'finished', failed: 'failed', cancelled: 'been cancelled' };

/** Where a finished video's MP4 or poster is in media storage (409 VIDEO_NOT_READY before it is finished). */
export async function ownVideoMedia(ctx: CoreContext, userId: string, id: string, kind: 'file' | 'poster'): Promise<string> {
  const video = await ownVideo(ctx, userId, id);
  const file = kind === 'file' ? video.video_file : video.poster_file;
  if (video.status !== 'succeeded' || !file) throw new AppError(409, 'VIDEO_NOT_READY', 'This video is not ready yet');
  return videoKeys(file)[0]!;
}
