import type { VideoRecord } from '@reelmint/contract/video-api';
import type { FastifyRequest } from 'fastify';
import type { Video } from '../db/schema.ts';
import type { Services } from '../services.ts';
import { parseEdit } from './edit-spec.ts';
import type { QueuePlace } from './queue.ts';

/**
 * Media URLs carry a token scoped to one file, because <video src> cannot send headers. `place` is where the video
 * stands in the queue while it waits (see queue.ts).
 */
export async function videoView(services: Services, request: FastifyRequest, video: Video, sessionId: string, place?: QueuePlace): Promise<VideoRecord> {
  const base = services.publicBase(request);
  const url = async (kind: 'file' | 'poster') => {
    const token = await services.tokens.signMedia(video.user_id, `${kind}:${video.id}`, sessionId);
    return `${base}/api/videos/${encodeURIComponent(video.id)}/${kind}?token=${encodeURIComponent(token)}`;
  };
  const ready = video.status === 'succeeded';
  return {
    id: video.id,
    type: video.type,
    status: video.status,
    prompt: video.prompt,
    imageId: video.image_id,
    templateId: video.template_id,
    model: video.model,
    resolution: video.resolution,
    duration: video.duration,
    aspectRatio: video.aspect_ratio,
    negativePrompt: video.negative_prompt,
    seed: video.seed,
    startImageId: video.start_image_id,
    endImageId: video.end_image_id,
    cameraMotion: video.camera_motion,
    audio: video.audio === 1,
    cost: video.cost,
    queue: video.relaxed ? 'relaxed' : 'priority',
    shared: video.shared_at !== null,
    sharedAt: video.shared_at,
    shareUrl: video.shared_at !== null ? shareUrl(services, video.id) : null,
    shareViews: video.share_views,
    progress: video.progress,
    error: video.error,
    errorCode: video.error_code,
    engine: video.engine,
    refunded: video.refunded === 1,
    videoUrl: ready && video.video_file ? await url('file') : null,
    posterUrl: ready && video.poster_file ? await url('poster') : null,
    sourceId: video.source_id,
    edit: parseEdit(video.edit),
    createdAt: video.created_at,
    finishedAt: video.finished_at,
    runId: video.run_id,
    variation: video.variation,
    queuePosition: place?.position ?? null,
    expectedStartAt: place ? new Date(services.now().getTime() + place.startsInSeconds * 1000).toISOString() : null,
    expectedStartSeconds: place?.startsInSeconds ?? null,
  };
}

/** The public page of a shared video on the site; the site adds the viewer's language. */
export function shareUrl(services: Pick<Services, 'siteOrigin'>, id: string): string {
  return `${services.siteOrigin}/v/${encodeURIComponent(id)}`;
}
