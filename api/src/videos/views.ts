import type { FastifyRequest } from 'fastify';
import type { Video } from '../db/schema.ts';
import type { Services } from '../services.ts';
import { parseEdit } from './edits.ts';
import type { EditSpec } from './edits.ts';

export interface VideoView {
  id: string;
  type: string;
  status: Video['status'];
  prompt: string | null;
  imageId: string | null;
  templateId: string | null;
  model: string;
  resolution: string;
  duration: string;
  aspectRatio: string;
  negativePrompt: string | null;
  /** Null only for videos made before seeds were kept. */
  seed: number | null;
  cost: number;
  /** `relaxed`: made on Max's relaxed queue without credits; `priority`: paid for with credits. */
  queue: 'priority' | 'relaxed';
  /** Published by its owner: anyone with the link may watch it (`shareUrl`). */
  shared: boolean;
  sharedAt: string | null;
  shareUrl: string | null;
  shareViews: number;
  progress: number;
  error: string | null;
  /** Why it failed, as a code the front end translates (see FAILURES in jobs.ts). */
  errorCode: string | null;
  /** `local`: a preview rendered without an AI model; otherwise the hosted provider that made it. */
  engine: string;
  refunded: boolean;
  videoUrl: string | null;
  posterUrl: string | null;
  /** For an edit: the video it was made from (a merge's first clip), which is kept. */
  sourceId: string | null;
  /** For an edit: what was done (kind, every source id in order, the settings); null for a generation. */
  edit: EditSpec | null;
  createdAt: string;
  finishedAt: string | null;
}

export const videoViewSchema = {
  type: 'object',
  required: [
    'id',
    'type',
    'status',
    'prompt',
    'model',
    'resolution',
    'duration',
    'aspectRatio',
    'negativePrompt',
    'seed',
    'cost',
    'queue',
    'shared',
    'sharedAt',
    'shareUrl',
    'shareViews',
    'progress',
    'error',
    'errorCode',
    'engine',
    'refunded',
    'videoUrl',
    'posterUrl',
    'createdAt',
  ],
  properties: {
    id: { type: 'string' },
    type: { type: 'string' },
    status: { type: 'string', enum: ['queued', 'processing', 'succeeded', 'failed'] },
    prompt: { type: ['string', 'null'] },
    imageId: { type: ['string', 'null'] },
    templateId: { type: ['string', 'null'] },
    model: { type: 'string' },
    resolution: { type: 'string' },
    duration: { type: 'string' },
    aspectRatio: { type: 'string', enum: ['16:9', '9:16', '1:1'] },
    negativePrompt: { type: ['string', 'null'] },
    seed: { type: ['integer', 'null'] },
    cost: { type: 'integer' },
    queue: { type: 'string', enum: ['priority', 'relaxed'] },
    shared: { type: 'boolean' },
    sharedAt: { type: ['string', 'null'] },
    shareUrl: { type: ['string', 'null'], description: 'The public page, on the site (the viewer lands in their own language)' },
    shareViews: { type: 'integer' },
    progress: { type: 'integer' },
    error: { type: ['string', 'null'] },
    errorCode: { type: ['string', 'null'] },
    engine: { type: 'string' },
    refunded: { type: 'boolean' },
    videoUrl: { type: ['string', 'null'], description: 'Carries a short-lived token, usable as <video src>' },
    posterUrl: { type: ['string', 'null'] },
    sourceId: { type: ['string', 'null'] },
    edit: {
      type: ['object', 'null'],
      description: 'What an edit did: kind (trim, reframe, speed, merge, extend), sourceIds in order, and its settings',
      required: ['kind', 'sourceIds'],
      properties: {
        kind: { type: 'string' },
        sourceIds: { type: 'array', items: { type: 'string' } },
        start: { type: 'number' },
        end: { type: 'number' },
        aspectRatio: { type: 'string' },
        mode: { type: 'string' },
        focusX: { type: 'number' },
        focusY: { type: 'number' },
        speed: { type: 'number' },
        transition: { type: 'string' },
        duration: { type: 'string' },
      },
    },
    createdAt: { type: 'string' },
    finishedAt: { type: ['string', 'null'] },
  },
};

/** Media URLs carry a token scoped to one file, because <video src> cannot send headers. */
export async function videoView(services: Services, request: FastifyRequest, video: Video, sessionId: string): Promise<VideoView> {
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
