import { z } from 'zod';
import {
  ASPECT_RATIOS,
  DURATIONS,
  EDIT_KINDS,
  EDIT_SPEEDS,
  MERGE_MAX_CLIPS,
  MERGE_MIN_CLIPS,
  MERGE_TRANSITIONS,
  MODELS,
  NEGATIVE_PROMPT_MAX,
  REFRAME_MODES,
  RESOLUTIONS,
  SEED_MAX,
  VARIATIONS_MAX,
} from './pricing.ts';
import { LANGUAGES } from './languages.ts';
import { CAMERA_MOTIONS } from './generation-controls.ts';
import { pageOf, pageQuery } from './schema.ts';

/**
 * Video replies declared once: the API serialises with JSON Schemas made from these (`jsonSchemaOf`
 * in ./schema.ts) and the generator takes its types from them (type-only, so zod stays out of the
 * browser). Server-safe.
 */

export const VIDEO_TYPES = ['text-to-video', 'image-to-video', 'template'] as const;
export type VideoType = (typeof VIDEO_TYPES)[number];
/** What a video in the history can be: a generation of one of the types above, or an edit of other videos. */
export const VIDEO_KINDS = [...VIDEO_TYPES, 'edit'] as const;
export type VideoKind = (typeof VIDEO_KINDS)[number];

/** `local` renders previews with no AI model; the others are hosted video models. */
export const VIDEO_ENGINES = ['local', 'fal', 'runway', 'luma'] as const;
export type VideoEngineName = (typeof VIDEO_ENGINES)[number];

/** `cancelled`: stopped by its owner while queued or rendering, its credits returned. */
export const VIDEO_STATUSES = ['queued', 'processing', 'succeeded', 'failed', 'cancelled'] as const;
export type VideoStatus = (typeof VIDEO_STATUSES)[number];

/** `relaxed`: made on Max's relaxed queue without credits (cost 0); `priority`: paid with credits. */
export const VIDEO_QUEUES = ['priority', 'relaxed'] as const;
export type VideoQueue = (typeof VIDEO_QUEUES)[number];

/** POST /api/videos/generate: what to make, with the priced settings and what steers it. */
export const generateRequest = z.strictObject({
  type: z.enum(VIDEO_TYPES),
  prompt: z.string().max(1000).optional(),
  imageId: z.string().min(1).max(100).optional(),
  templateId: z.string().min(1).max(100).optional(),
  model: z.enum(MODELS),
  resolution: z.enum(RESOLUTIONS),
  duration: z.enum(DURATIONS),
  aspectRatio: z.enum(ASPECT_RATIOS).optional().meta({ description: 'The frame shape; 16:9 when absent. Does not change the cost.' }),
  negativePrompt: z.string().max(NEGATIVE_PROMPT_MAX).optional().meta({ description: 'What to keep out of the picture; passed to models that take one.' }),
  seed: z
    .int()
    .min(0)
    .max(SEED_MAX)
    .optional()
    .meta({ description: 'The same seed and settings give the same clip with the local engine; a random one when absent.' }),
  queue: z.enum(VIDEO_QUEUES).optional().meta({
    description: 'priority (default): spends credits. relaxed: Max only, no credits, one such video at a time, taken after every queued priority job.',
  }),
  startImageId: z
    .string()
    .min(1)
    .max(100)
    .optional()
    .meta({ description: 'text-to-video: an uploaded picture of yours the clip starts on (models whose startFrame is true in GET /api/videos/features)' }),
  endImageId: z
    .string()
    .min(1)
    .max(100)
    .optional()
    .meta({ description: 'image-to-video: an uploaded picture of yours the clip ends on (models whose endFrame is true)' }),
  cameraMotion: z
    .string()
    .max(40)
    .optional()
    .meta({ description: `How the camera moves: ${CAMERA_MOTIONS.join(', ')}; the model chooses when absent` }),
  audio: z.boolean().optional().meta({ description: 'A generated sound track (models whose audio is true); the cost is multiplied by the audio factor' }),
  // A number rather than a bounded integer here, so a count out of range gets its own 422 code (VARIATIONS_OUT_OF_RANGE).
  variations: z
    .number()
    .optional()
    .meta({
      description: `How many videos to make from this request, 1 to ${VARIATIONS_MAX} (default 1); each is its own job under one run, charged together and refunded one by one. The relaxed queue makes one.`,
    }),
});
export type GenerateRequest = z.infer<typeof generateRequest>;

/** What upscales a clip: the local engine (ffmpeg's lanczos scaling with sharpening). */
export const UPSCALERS = ['local'] as const;
export type Upscaler = (typeof UPSCALERS)[number];

/** What an edit did (api/README.md, "Editing"): its kind, every source in order, and its settings. */
export const videoEdit = z
  .object({
    kind: z.enum(EDIT_KINDS),
    sourceIds: z.array(z.string()),
    start: z.number().optional(),
    end: z.number().optional(),
    aspectRatio: z.enum(ASPECT_RATIOS).optional(),
    mode: z.enum(REFRAME_MODES).optional(),
    focusX: z.number().optional(),
    focusY: z.number().optional(),
    speed: z.number().optional(),
    transition: z.enum(MERGE_TRANSITIONS).optional(),
    duration: z.enum(DURATIONS).optional(),
    fromResolution: z.enum(RESOLUTIONS).optional().meta({ description: 'upscale: the resolution of the clip it was made from' }),
    upscaler: z.enum(UPSCALERS).optional().meta({ description: 'upscale: what made it; local is lanczos scaling and sharpening, no AI model' }),
  })
  .meta({ description: 'What an edit did: kind (trim, reframe, speed, merge, extend, upscale), sourceIds in order, and its settings' });
export type VideoEdit = z.infer<typeof videoEdit>;

/** A video as the API returns it (api/README.md, "a video"): status replies and history items. */
export const videoRecord = z.object({
  id: z.string(),
  type: z.enum(VIDEO_KINDS),
  status: z.enum(VIDEO_STATUSES),
  prompt: z.string().nullable(),
  imageId: z.string().nullable(),
  templateId: z.string().nullable(),
  model: z.enum(MODELS),
  resolution: z.enum(RESOLUTIONS),
  /** "5s" or "10s" for a generation; an edit's real length with up to two decimals ("1.5s"). */
  duration: z.string(),
  aspectRatio: z.enum(ASPECT_RATIOS),
  negativePrompt: z.string().nullable(),
  /** Null only for videos made before seeds were kept. */
  seed: z.int().nullable(),
  cost: z.int(),
  queue: z.enum(VIDEO_QUEUES),
  /** Keyframes: the picture a text video starts on, the picture an image video ends on. */
  startImageId: z.string().nullable(),
  endImageId: z.string().nullable(),
  cameraMotion: z.enum(CAMERA_MOTIONS).nullable(),
  /** Made with a sound track. */
  audio: z.boolean(),
  /** Published by its owner: anyone with `shareUrl` may watch it. */
  shared: z.boolean(),
  sharedAt: z.string().nullable(),
  shareUrl: z.string().nullable().meta({ description: 'The public page, on the site (the viewer lands in their own language)' }),
  shareViews: z.int(),
  progress: z.int(),
  error: z.string().nullable(),
  /** Why it failed, as a code to translate (api/README.md lists them); null unless failed. */
  errorCode: z.string().nullable(),
  /** Which engine made it: 'local' is a preview rendered without an AI model. */
  engine: z.enum(VIDEO_ENGINES),
  refunded: z.boolean(),
  videoUrl: z.string().nullable().meta({ description: 'Carries a short-lived token, usable as <video src>' }),
  posterUrl: z.string().nullable(),
  /** For an edit: the video it was made from (a merge's first clip), kept as it was. */
  sourceId: z.string().nullable(),
  /** For an edit: what was done; null for a generation. */
  edit: videoEdit.nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  /** The run a generation belongs to: the variations made from one request share it. Null for edits and older videos. */
  runId: z.string().nullable(),
  /** Which variation of its run this is, from 1; null outside a run. */
  variation: z.int().nullable(),
  queuePosition: z.int().nullable().meta({ description: 'While queued: 1 when it is the next job to start; null otherwise' }),
  expectedStartAt: z.string().nullable().meta({ description: 'While queued: when it should start, estimated from recent render times' }),
  expectedStartSeconds: z.int().nullable().meta({ description: 'While queued: seconds from now until expectedStartAt' }),
});
export type VideoRecord = z.infer<typeof videoRecord>;

/** GET /api/videos/history?page=&per_page=&videoType= (10 a page unless asked; every kind unless one is named). */
export const videoHistoryQuery = pageQuery(10).extend({ videoType: z.enum(VIDEO_KINDS).optional() });
/** As the API reads it, the defaults filled in. */
export type VideoHistoryQuery = z.infer<typeof videoHistoryQuery>;
/** As a caller may send it. */
export type VideoHistoryQueryInput = z.input<typeof videoHistoryQuery>;

/**
 * GET /api/videos/{id}/file and /poster: the short-lived token the API's video and poster URLs carry, so a
 * <video> or <img> (which sends no bearer header) may load them.
 */
export const mediaLinkQuery = z.strictObject({ token: z.string().max(2048).optional() });
export type MediaLinkQuery = z.infer<typeof mediaLinkQuery>;

/** One page of GET /api/videos/history. */
export const videoHistoryPage = pageOf(videoRecord);
export type VideoHistoryPage = z.infer<typeof videoHistoryPage>;

/** Whether a video is published, as the share and unshare calls answer it. */
export const shareState = videoRecord.pick({ id: true, shared: true, sharedAt: true, shareUrl: true, shareViews: true });
export type ShareState = z.infer<typeof shareState>;

/** A shared video as its public page reads it (GET /api/public/videos/{id}): nothing of its owner. */
export const publicVideo = z.object({
  id: z.string(),
  type: z.enum(VIDEO_KINDS),
  prompt: z.string().nullable(),
  negativePrompt: z.string().nullable(),
  model: z.enum(MODELS),
  resolution: z.enum(RESOLUTIONS),
  /** An edit's real length can be any number of seconds ("2.5s"). */
  duration: z.string(),
  aspectRatio: z.enum(ASPECT_RATIOS),
  seed: z.int().nullable(),
  width: z.int(),
  height: z.int(),
  engine: z.enum(VIDEO_ENGINES),
  videoUrl: z.string(),
  posterUrl: z.string(),
  views: z.int(),
  sharedAt: z.string(),
});
export type PublicVideo = z.infer<typeof publicVideo>;

/** A queued job, as generate and an edit answer it (`replayed`: the same Idempotency-Key was seen before). */
export const generateReply = z.object({
  id: z.string(),
  status: z.enum(VIDEO_STATUSES),
  cost: z.int(),
  queue: z.enum(VIDEO_QUEUES),
  newBalance: z.int(),
  transactionId: z.string(),
  progress: z.int(),
  type: z.enum(VIDEO_KINDS),
  createdAt: z.string(),
  replayed: z.boolean(),
  /** The run of this request; `id` is its first variation and `videoIds` every one, in order. */
  runId: z.string().nullable(),
  videoIds: z.array(z.string()),
});
export type GenerateReply = z.infer<typeof generateReply>;

/** POST /api/videos/{id}/cancel: the job stopped and what its owner got back. */
export const videoCancelReply = z.object({
  id: z.string(),
  status: z.enum(VIDEO_STATUSES),
  refunded: z.int().meta({ description: 'Credits returned for this job (0 on the relaxed queue)' }),
  newBalance: z.int(),
});
export type VideoCancelReply = z.infer<typeof videoCancelReply>;

/** A queued edit, as POST /api/videos/edits answers it: `sourceId` is the video it was made from. */
export const editReply = generateReply.omit({ queue: true, runId: true, videoIds: true }).extend({ sourceId: z.string().optional() });
export type EditReply = z.infer<typeof editReply>;

/** A template's settings fill the generator: the priced ones, the frame shape and what to keep out. */
export const templateSettings = z.object({
  model: z.enum(MODELS),
  resolution: z.enum(RESOLUTIONS),
  duration: z.enum(DURATIONS),
  aspectRatio: z.enum(ASPECT_RATIOS),
  negativePrompt: z.string().optional(),
});
export type TemplateSettings = z.infer<typeof templateSettings>;

/** GET /api/videos/features: what each model takes here (the contract's table, narrowed to what this server's engine can send). */
export const generationFeatures = z.object({
  models: z.array(
    z.object({
      model: z.enum(MODELS),
      startFrame: z.boolean().meta({ description: 'text-to-video takes startImageId' }),
      endFrame: z.boolean().meta({ description: 'image-to-video takes endImageId' }),
      camera: z.enum(['control', 'prompt']).meta({ description: 'control: sent through the model’s camera parameter; prompt: written into the prompt' }),
      audio: z.boolean().meta({ description: 'takes audio: true' }),
    }),
  ),
  cameraMotions: z.array(z.enum(CAMERA_MOTIONS)),
  audioFactor: z.number().meta({ description: 'What a sound track multiplies the cost by' }),
});
export type GenerationFeatures = z.infer<typeof generationFeatures>;

/** A free video template (GET /api/video/templates). */
export const videoTemplate = z.object({
  id: z.string(),
  title: z.string(),
  category: z.string(),
  prompt: z.string(),
  settings: templateSettings,
  posterUrl: z.string(),
  previewUrl: z.string(),
  previewReady: z.boolean().meta({ description: 'False until the preview clip has been rendered (the URL answers 404 meanwhile): show the poster alone' }),
});
export type VideoTemplate = z.infer<typeof videoTemplate>;

/** GET /api/video/templates: the whole catalogue, in the asked language. */
export const templateCatalogue = z.array(videoTemplate);

/** GET /api/video/templates?lang=: the language of the titles, prompts and negative prompts (English without it). */
export const templatesQuery = z.strictObject({
  lang: z.enum(LANGUAGES).optional().meta({ description: 'The page’s language; the catalogue answers in it' }),
});
export type TemplatesQuery = z.infer<typeof templatesQuery>;

const videoId = z.string().min(1).max(100);

/**
 * POST /api/videos/edits and its estimate: the kind and the fields of that kind (api/README.md,
 * "Editing"). One flat object, as the API validates it; which fields each kind takes and needs is
 * checked by the API, so a stray or missing field gets its own message.
 */
export const editRequest = z.strictObject({
  kind: z.enum(EDIT_KINDS),
  videoId: videoId.optional().meta({
    description: 'The finished video to edit (every kind but merge); upscale takes it to the next resolution the plan allows (Pro 720p, Max 1080p)',
  }),
  videoIds: z
    .array(videoId)
    .max(50)
    .optional()
    .meta({ description: `merge: ${MERGE_MIN_CLIPS} to ${MERGE_MAX_CLIPS} of your finished videos, in order` }),
  start: z.number().min(0).max(3600).optional().meta({ description: 'trim: where the new clip starts, in seconds' }),
  end: z.number().min(0).max(3600).optional().meta({ description: 'trim: where it ends, in seconds' }),
  aspectRatio: z.enum(ASPECT_RATIOS).optional().meta({ description: 'reframe: the new shape' }),
  mode: z.enum(REFRAME_MODES).optional().meta({ description: 'reframe: crop around the focus (default) or fit over a blurred fill' }),
  focusX: z.number().min(0).max(1).optional().meta({ description: 'reframe crop: what to keep, 0 = left edge, 1 = right edge (default 0.5)' }),
  focusY: z.number().min(0).max(1).optional().meta({ description: 'reframe crop: 0 = top, 1 = bottom (default 0.5)' }),
  speed: z.literal(EDIT_SPEEDS).optional().meta({ description: 'speed: the playback factor' }),
  transition: z.enum(MERGE_TRANSITIONS).optional().meta({ description: 'merge: a hard cut (default) or a crossfade' }),
  duration: z.enum(DURATIONS).optional().meta({ description: 'extend: how much to add (default 5s)' }),
});
export type EditRequestBody = z.infer<typeof editRequest>;

/** What an edit would cost and make (POST /api/videos/edits/estimate); nothing is charged. */
export const editEstimate = z.object({
  kind: z.enum(EDIT_KINDS),
  cost: z.int(),
  balance: z.int(),
  enough: z.boolean(),
  seconds: z.number().meta({ description: 'How long the new clip will be' }),
  /** The new clip's length as a video states it ("7.5s"). */
  duration: z.string(),
  aspectRatio: z.enum(ASPECT_RATIOS),
  width: z.int(),
  height: z.int(),
});
export type EditEstimate = z.infer<typeof editEstimate>;

/** POST /api/upload: a picture kept for an image-to-video generation. */
export const uploadReply = z.object({ id: z.string(), width: z.int(), height: z.int(), mimeType: z.string(), size: z.int() });
export type UploadReply = z.infer<typeof uploadReply>;

/** DELETE /api/videos/{id} and DELETE /api/upload/{id}: what was deleted. */
export const deletedReply = z.object({ id: z.string(), deleted: z.boolean() });
export type DeletedReply = z.infer<typeof deletedReply>;

/** POST /api/public/videos/{id}/views: a shared video's views, this one counted. */
export const viewCountReply = z.object({ views: z.int() });
export type ViewCountReply = z.infer<typeof viewCountReply>;

/** POST /api/videos/webhooks/fal: the announcement was received, and whether it named a job of this server. */
export const falWebhookReply = z.object({ received: z.boolean(), matched: z.boolean() });
export type FalWebhookReply = z.infer<typeof falWebhookReply>;

/** The settings a prompt enhancer may draw on besides the prompt (all optional). */
export const PROMPT_MODES = ['text', 'image'] as const;
export type PromptMode = (typeof PROMPT_MODES)[number];

/** POST /api/videos/enhance-prompt: the prompt and the chosen settings. Nothing is charged. */
export const enhancePromptRequest = z.strictObject({
  prompt: z.string().max(1000),
  mode: z.enum(PROMPT_MODES),
  model: z.enum(MODELS).optional(),
  resolution: z.enum(RESOLUTIONS).optional(),
  duration: z.enum(DURATIONS).optional(),
  aspectRatio: z.enum(ASPECT_RATIOS).optional(),
  cameraMotion: z
    .enum(CAMERA_MOTIONS)
    .optional()
    .meta({ description: `The camera motion chosen for the video (${CAMERA_MOTIONS.join(', ')}); a fitting one is proposed when absent` }),
});
export type EnhancePromptRequest = z.infer<typeof enhancePromptRequest>;

export const ENHANCER_SOURCES = ['local', 'provider'] as const;
export type EnhancerSource = (typeof ENHANCER_SOURCES)[number];

/** A proposed prompt, for the person to edit, take or leave; generating it is what costs. */
export const enhancePromptReply = z.object({
  prompt: z.string(),
  source: z.enum(ENHANCER_SOURCES).meta({ description: 'local: the built-in enhancer (the same input gives the same proposal); provider: a language model' }),
  fallback: z.boolean().meta({ description: 'A language model is configured but did not answer usefully, so the local enhancer wrote this one' }),
});
export type EnhancePromptReply = z.infer<typeof enhancePromptReply>;
