import { randomInt, randomUUID } from 'node:crypto';
import { checkGenerationAccess, PLAN_FEATURES } from '@reelmint/shared/plans';
import { DEFAULT_ASPECT_RATIO, SEED_MAX, creditCost } from '@reelmint/shared/pricing';
import type { AspectRatio, GenerationConfig } from '@reelmint/shared/pricing';
import type { GenerateReply, GenerateRequest } from '@reelmint/shared/video-api';
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
  /** Max's unlimited generations: queued after the paid ones, one at a time, for nothing. */
  relaxed: boolean;
  cost: number;
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

/**
 * Checks a request against the source it names, the person's plan and what the engine can make, in that order,
 * and prices it. Nothing is written: a refusal here costs nothing.
 */
export async function planGeneration(services: Services, userId: string, body: GenerateRequest): Promise<GenerationPlan> {
  const config: GenerationConfig = { model: body.model, resolution: body.resolution, duration: body.duration };
  const { prompt, imageId, templateId } = await resolveSource(services, userId, body);
  const plan = entitledPlan(await currentSubscription(services, userId));
  const problems = checkGenerationAccess(config, PLAN_FEATURES[plan]);
  if (problems.length > 0) {
    throw new AppError(403, 'PLAN_UPGRADE_REQUIRED', problems[0]!.message, { upgradeRequired: true, problems });
  }
  const aspectRatio = body.aspectRatio ?? DEFAULT_ASPECT_RATIO;
  const mode = body.type === 'image-to-video' ? 'image' : body.type === 'template' ? 'template' : 'text';
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
    relaxed,
    cost: relaxed ? 0 : creditCost(config),
  };
}

/**
 * Pays for a planned video and queues it in one transaction: the spend, the caps on jobs in progress and the new
 * row commit together or not at all.
 */
export async function queueGeneration(services: Services, userId: string, plan: GenerationPlan, claim: Claim | null): Promise<Video> {
  const { config, relaxed, cost } = plan;
  const id = `vid_${randomUUID()}`;
  return services.db.transaction().execute(async (trx) => {
    const spend = await spendInTransaction(trx, services, {
      userId,
      amount: cost,
      idempotencyKey: `generation:${id}`,
      source: 'generation',
      reason: `${plan.type} ${config.model} ${config.resolution} ${config.duration}${relaxed ? ' relaxed' : ''}`,
      metadata: { videoId: id, ...config, ...(relaxed ? { queue: 'relaxed' } : {}) },
    });
    // Counted after the spend: its row lock on the user makes this check-and-insert atomic
    // per user on PostgreSQL too, so concurrent requests cannot all slip under the cap.
    if ((await activeJobCount(trx, userId)) >= services.maxActiveJobsPerUser) {
      throw new AppError(429, 'TOO_MANY_JOBS', `You can have at most ${services.maxActiveJobsPerUser} videos in progress at once. Wait for one to finish.`);
    }
    if (relaxed && (await activeJobCount(trx, userId, 'relaxed')) > 0) {
      throw new AppError(
        429,
        'RELAXED_JOB_ACTIVE',
        'Your relaxed video is still queued or rendering: one at a time. Wait for it to finish, or generate now with credits.',
      );
    }
    const row = queuedJob({
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
      seed: plan.seed,
      source_id: null,
      edit: null,
      idempotency_key: claim?.key ?? null,
      request_hash: claim?.hash ?? null,
      created_at: services.now().toISOString(),
    });
    await trx.insertInto('videos').values(row).execute();
    return row;
  });
}

/** What a generate request answers for a queued video: its job, its price and the balance the spend left. */
export async function generationReply(services: Services, video: Video, replayed: boolean): Promise<GenerateReply> {
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
    video = await queueGeneration(services, userId, plan, claim);
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
