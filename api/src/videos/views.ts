import type { VideoRecord } from '@reelmint/shared/video-api';
import type { FastifyRequest } from 'fastify';
import type { Video } from '../db/schema.ts';
import type { Services } from '../services.ts';
import { parseEdit } from './edit-spec.ts';

/** Media URLs carry a token scoped to one file, because <video src> cannot send headers. */
export async function videoView(services: Services, request: FastifyRequest, video: Video, sessionId: string): Promise<VideoRecord> {
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
  };
}

/** The public page of a shared video on the site; the site adds the viewer's language. */
export function shareUrl(services: Pick<Services, 'siteOrigin'>, id: string): string {
  return `${services.siteOrigin}/v/${encodeURIComponent(id)}`;
}
