import { randomInt, randomUUID } from 'node:crypto';
import { checkGenerationAccess, PLAN_FEATURES } from '@reelmint/contract/plans';
import { DEFAULT_ASPECT_RATIO, MODELS, SEED_MAX, VARIATIONS_MAX, creditCost, isVariationCount, runCost } from '@reelmint/contract/pricing';
import { MODEL_CONTROLS, isCameraMotion, modelWith } from '@reelmint/contract/generation-controls';
import type { CameraMotion, ControlName, ModelControls } from '@reelmint/contract/generation-controls';
import type { VideoModel } from '@reelmint/contract/pricing';
import type { AspectRatio, GenerationConfig } from '@reelmint/contract/pricing';
import type { GenerateReply, GenerateRequest } from '@reelmint/contract/video-api';
import { spendInTransaction } from '../credits/ledger.ts';
import { isUniqueViolation } from '../db/database.ts';
import type { Video } from '../db/schema.ts';
import { AppError, notFound, validation } from '../http/errors.ts';
import { keyReused, requestHash } from '../http/idempotency.ts';
import { currentSubscription, entitledPlan } from '../plans/subscriptions.ts';
import type { Services } from '../services.ts';
import { findTemplate } from '../templates/catalogue.ts';
import { activeJobCount, queuedJob } from './jobs.ts';

/** A generate request checked against the person's plan and the engine: what it makes and what it costs. */
export interface GenerationPlan {
  type: GenerateRequest['type'];
  config: GenerationConfig;
  aspectRatio: AspectRatio;
  prompt: string | null;
  imageId: string | null;
  templateId: string | null;
  negativePrompt: string | null;
  seed: number;
  startImageId: string | null;
  endImageId: string | null;
  cameraMotion: CameraMotion | null;
  /** Max's unlimited generations: queued after the paid ones, one at a time, for nothing. */
  relaxed: boolean;
  /** How many videos the run makes, each its own job. */
  variations: number;
  /** What each video costs (and is refunded on its own). */
  cost: number;
  /** What the run costs, charged in one spend (runCost). */
  total: number;
}

/** The reply to a generate request, and whether it is a job already queued under the same key. */
export interface GenerationOutcome {
  reply: GenerateReply;
  replayed: boolean;
}

/** The client's Idempotency-Key scoped to its owner, with the hash of the body it was first sent with. */
interface Claim {
  key: string;
  hash: string;
}

/** The text, picture or template a video starts from; an unknown picture or template stops it before any charge. */
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

/** What a model takes on this server: the contract's table, narrowed by what the engine can send. */
export function engineControls(services: Pick<Services, 'engine'>, model: VideoModel): ModelControls {
  return services.engine.controls?.(model) ?? MODEL_CONTROLS[model];
}

const CONTROL_WORDS: Record<ControlName, string> = { startFrame: 'start frame', endFrame: 'end frame', audio: 'audio' };

/** This server's table: each model's controls as its engine can send them. */
export function controlsTable(services: Pick<Services, 'engine'>): Record<VideoModel, ModelControls> {
  return Object.fromEntries(MODELS.map((model) => [model, engineControls(services, model)])) as Record<VideoModel, ModelControls>;
}

/** A control the model cannot take: refused before any charge, naming a model that can (`availableOn`). */
function controlUnavailable(services: Pick<Services, 'engine'>, control: ControlName, model: VideoModel): AppError {
  const other = modelWith(control, controlsTable(services));
  return new AppError(422, 'CONTROL_UNAVAILABLE', `The ${model} model takes no ${CONTROL_WORDS[control]} here${other ? `; ${other} does` : ''}`, {
    control,
    model,
    availableOn: other,
  });
}

/** A keyframe must be a picture the person uploaded: a video's id or anything unknown is refused before any charge. */
async function ownPicture(services: Services, userId: string, id: string, field: 'startImageId' | 'endImageId'): Promise<string> {
  const upload = await services.db.selectFrom('uploads').select('id').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  if (upload) return upload.id;
  const video = await services.db.selectFrom('videos').select('id').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  if (video) throw new AppError(422, 'FRAME_NOT_A_PICTURE', `${field} names a video; a keyframe must be a picture you uploaded`, { field });
  throw notFound('UPLOAD_NOT_FOUND', `${field}: no uploaded picture of yours has this id`);
}

/** The keyframes, camera motion and sound a request asks for, checked against what its model takes here. */
async function resolveControls(services: Services, userId: string, body: GenerateRequest) {
  let cameraMotion: CameraMotion | null = null;
  if (body.cameraMotion !== undefined) {
    if (!isCameraMotion(body.cameraMotion)) {
      throw new AppError(400, 'CAMERA_MOTION_UNKNOWN', `Unknown camera motion "${body.cameraMotion.slice(0, 40)}"`, { cameraMotion: body.cameraMotion });
    }
    cameraMotion = body.cameraMotion;
  }
  const controls = engineControls(services, body.model);
  if (body.startImageId !== undefined && body.type !== 'text-to-video')
    throw validation('startImageId is for text-to-video; an image video starts on its picture');
  if (body.endImageId !== undefined && body.type !== 'image-to-video') throw validation('endImageId is for image-to-video');
  if (body.startImageId !== undefined && !controls.startFrame) throw controlUnavailable(services, 'startFrame', body.model);
  if (body.endImageId !== undefined && !controls.endFrame) throw controlUnavailable(services, 'endFrame', body.model);
  if (body.audio && !controls.audio) throw controlUnavailable(services, 'audio', body.model);
  return {
    startImageId: body.startImageId === undefined ? null : await ownPicture(services, userId, body.startImageId, 'startImageId'),
    endImageId: body.endImageId === undefined ? null : await ownPicture(services, userId, body.endImageId, 'endImageId'),
    cameraMotion,
  };
}

/**
 * Checks a request against the source it names, the person's plan and what the engine can make, in that order,
 * and prices it. Nothing is written: a refusal here costs nothing.
 */
export async function planGeneration(services: Services, userId: string, body: GenerateRequest): Promise<GenerationPlan> {
  const variations = body.variations ?? 1;
  if (!isVariationCount(variations)) {
    throw new AppError(422, 'VARIATIONS_OUT_OF_RANGE', `A run makes 1 to ${VARIATIONS_MAX} variations; ${String(variations)} is not one of them`, {
      min: 1,
      max: VARIATIONS_MAX,
    });
  }
  if (body.queue === 'relaxed' && variations > 1) {
    throw new AppError(422, 'RELAXED_ONE_VARIATION', 'The relaxed queue makes one video at a time; generate variations with credits');
  }
  const config: GenerationConfig = { model: body.model, resolution: body.resolution, duration: body.duration, ...(body.audio ? { audio: true } : {}) };
  const { prompt, imageId, templateId } = await resolveSource(services, userId, body);
  const controls = await resolveControls(services, userId, body);
  const plan = entitledPlan(await currentSubscription(services, userId));
  const problems = checkGenerationAccess(config, PLAN_FEATURES[plan]);
  if (problems.length > 0) {
    throw new AppError(403, 'PLAN_UPGRADE_REQUIRED', problems[0]!.message, { upgradeRequired: true, problems });
  }
  const aspectRatio = body.aspectRatio ?? DEFAULT_ASPECT_RATIO;
  // A text video with a start frame is made by the model's image route.
  const mode = body.type === 'image-to-video' || controls.startImageId ? 'image' : body.type === 'template' ? 'template' : 'text';
  if (services.engine.offersAspectRatio && !services.engine.offersAspectRatio(config.model, mode, aspectRatio)) {
    throw new AppError(422, 'ASPECT_RATIO_UNAVAILABLE', `The ${config.model} model cannot make ${aspectRatio} videos of this kind here; choose another shape`, {
      aspectRatio,
    });
  }
  const relaxed = body.queue === 'relaxed';
  if (relaxed && !PLAN_FEATURES[plan].unlimitedGenerations) {
    throw new AppError(403, 'RELAXED_QUEUE_UNAVAILABLE', 'Generating without credits on the relaxed queue comes with Max', { upgradeRequired: true });
  }
  return {
    type: body.type,
    config,
    aspectRatio,
    prompt,
    imageId,
    templateId,
    negativePrompt: body.negativePrompt?.trim() || null,
    // Chosen here rather than by the engine, so the seed is known (and shown) from the start.
    seed: body.seed ?? randomInt(0, SEED_MAX + 1),
    ...controls,
    relaxed,
    variations,
    cost: relaxed ? 0 : creditCost(config),
    total: relaxed ? 0 : runCost(config, variations),
  };
}

/**
 * Pays for a planned run and queues its videos in one transaction: the one spend for every variation, the caps on
 * jobs in progress and the new rows commit together or not at all.
 */
export async function queueGeneration(services: Services, userId: string, plan: GenerationPlan, claim: Claim | null): Promise<Video[]> {
  const { config, relaxed, cost, total, variations } = plan;
  const runId = `run_${randomUUID()}`;
  const ids = Array.from({ length: variations }, () => `vid_${randomUUID()}`);
  return services.db.transaction().execute(async (trx) => {
    const spend = await spendInTransaction(trx, services, {
      userId,
      amount: total,
      idempotencyKey: `generation:${ids[0]}`,
      source: 'generation',
      reason: `${plan.type} ${config.model} ${config.resolution} ${config.duration}${variations > 1 ? ` x${variations}` : ''}${relaxed ? ' relaxed' : ''}`,
      metadata: { videoId: ids[0], ...(variations > 1 ? { runId, videoIds: ids } : {}), ...config, ...(relaxed ? { queue: 'relaxed' } : {}) },
    });
    // Counted after the spend: its row lock on the user makes this check-and-insert atomic
    // per user on PostgreSQL too, so concurrent requests cannot all slip under the cap.
    if ((await activeJobCount(trx, userId)) + variations > services.maxActiveJobsPerUser) {
      throw new AppError(429, 'TOO_MANY_JOBS', `You can have at most ${services.maxActiveJobsPerUser} videos in progress at once. Wait for one to finish.`, {
        max: services.maxActiveJobsPerUser,
      });
    }
    if (relaxed && (await activeJobCount(trx, userId, 'relaxed')) > 0) {
      throw new AppError(
        429,
        'RELAXED_JOB_ACTIVE',
        'Your relaxed video is still queued or rendering: one at a time. Wait for it to finish, or generate now with credits.',
      );
    }
    const createdAt = services.now().toISOString();
    const rows = ids.map((id, index) =>
      queuedJob({
        id,
        user_id: userId,
        type: plan.type,
        prompt: plan.prompt,
        image_id: plan.imageId,
        template_id: plan.templateId,
        model: config.model,
        resolution: config.resolution,
        duration: config.duration,
        cost,
        relaxed: relaxed ? 1 : 0,
        spend_id: spend.id,
        engine: services.engine.name,
        aspect_ratio: plan.aspectRatio,
        negative_prompt: plan.negativePrompt,
        start_image_id: plan.startImageId,
        end_image_id: plan.endImageId,
        camera_motion: plan.cameraMotion,
        audio: config.audio ? 1 : 0,
        // Each variation its own seed, the first the one asked for: the same request gives the same first clip.
        seed: (plan.seed + index) % (SEED_MAX + 1),
        source_id: null,
        edit: null,
        run_id: runId,
        variation: index + 1,
        // The key and the hash go on the first video, which answers a replay for the whole run.
        idempotency_key: index === 0 ? (claim?.key ?? null) : null,
        request_hash: index === 0 ? (claim?.hash ?? null) : null,
        created_at: createdAt,
      }),
    );
    await trx.insertInto('videos').values(rows).execute();
    return rows;
  });
}

/** What a generate request answers for a queued run: its first job, every job of it, the price and the balance the spend left. */
export async function generationReply(services: Services, video: Video, replayed: boolean): Promise<GenerateReply> {
  const run = video.run_id
    ? await services.db.selectFrom('videos').select('id').where('run_id', '=', video.run_id).orderBy('variation').execute()
    : [{ id: video.id }];
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
    runId: video.run_id,
    videoIds: run.map((row) => row.id),
  };
}

/**
 * The video already queued under this claim, or null. The same key with a different body is refused; rows from
 * before bodies were hashed are compared on the fields they kept.
 */
async function claimedGeneration(services: Services, claim: Claim, body: GenerateRequest): Promise<Video | null> {
  const existing = await services.db.selectFrom('videos').selectAll().where('idempotency_key', '=', claim.key).executeTakeFirst();
  if (!existing) return null;
  const sameRequest =
    existing.request_hash === null
      ? existing.type === body.type && existing.model === body.model && existing.resolution === body.resolution && existing.duration === body.duration
      : existing.request_hash === claim.hash;
  if (!sameRequest) throw keyReused();
  return existing;
}

/**
 * One generate request from start to finish: a replay of a job already queued under the client's key, or a new
 * video checked, paid for, queued and handed to the worker.
 */
export async function generateVideo(services: Services, userId: string, body: GenerateRequest, clientKey: string | null): Promise<GenerationOutcome> {
  const claim = clientKey ? { key: `${userId}:${clientKey}`, hash: requestHash('generate', body) } : null;
  const replay = async (): Promise<GenerationOutcome | null> => {
    const existing = claim ? await claimedGeneration(services, claim, body) : null;
    return existing ? { reply: await generationReply(services, existing, true), replayed: true } : null;
  };

  const replayed = await replay();
  if (replayed) return replayed;
  const plan = await planGeneration(services, userId, body);
  let video: Video;
  try {
    [video] = (await queueGeneration(services, userId, plan, claim)) as [Video, ...Video[]];
  } catch (error) {
    // A twin request with the same key committed first: answer with its job.
    const twin = await replay();
    if (twin) return twin;
    if (isUniqueViolation(error)) throw new AppError(409, 'CONFLICT', 'The request conflicted with another one; try again');
    throw error;
  }
  services.worker?.wake();
  return { reply: await generationReply(services, video, false), replayed: false };
}
