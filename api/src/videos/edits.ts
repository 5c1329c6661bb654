import { randomUUID } from 'node:crypto';
import { formatSeconds } from '@reelmint/contract/pricing';
import type { EditEstimate, EditReply, EditRequestBody } from '@reelmint/contract/video-api';
import { spendInTransaction } from '../credits/ledger.ts';
import { isUniqueViolation } from '../db/database.ts';
import type { Video } from '../db/schema.ts';
import { AppError } from '../http/errors.ts';
import { keyReused, requestHash } from '../http/idempotency.ts';
import type { Services } from '../services.ts';
import { planEdit, round2 } from './edit-plan.ts';
import { frameSize } from './engine.ts';
import { activeJobCount, queuedJob } from './jobs.ts';

/** What an edit would cost and make, checked like the edit itself; nothing is charged. */
export async function estimateEdit(services: Services, userId: string, body: EditRequestBody): Promise<EditEstimate> {
  const plan = await planEdit(services, userId, body);
  const balance = (await services.db.selectFrom('users').select('balance').where('id', '=', userId).executeTakeFirst())?.balance ?? 0;
  const frame = frameSize(plan.resolution, plan.aspectRatio);
  return {
    kind: plan.spec.kind,
    cost: plan.cost,
    balance,
    enough: balance >= plan.cost,
    seconds: round2(plan.seconds),
    duration: formatSeconds(plan.seconds),
    aspectRatio: plan.aspectRatio,
    width: frame.width,
    height: frame.height,
  };
}

async function replyOf(services: Services, video: Video, replayed: boolean): Promise<EditReply> {
  const spend = await services.db.selectFrom('credit_ledger').select('balance_after').where('id', '=', video.spend_id).executeTakeFirst();
  return {
    id: video.id,
    status: video.status,
    cost: video.cost,
    newBalance: spend?.balance_after ?? 0,
    transactionId: video.spend_id,
    progress: video.progress,
    type: video.type,
    ...(video.source_id ? { sourceId: video.source_id } : {}),
    createdAt: video.created_at,
    replayed,
  };
}

/**
 * Queues an edit: it is checked (planEdit), charged and queued in one transaction, and makes a new video that keeps
 * its sources. With an Idempotency-Key a repeat of the same request answers the first edit (`replayed`), even when
 * both arrive at once; another request under the same key is refused.
 */
export async function queueEdit(services: Services, userId: string, clientKey: string | null, body: EditRequestBody): Promise<EditReply> {
  const key = clientKey ? `${userId}:${clientKey}` : null;
  const hash = requestHash('edit', body);
  const replay = async () => {
    if (!key) return null;
    const existing = await services.db.selectFrom('videos').selectAll().where('idempotency_key', '=', key).executeTakeFirst();
    if (!existing) return null;
    if (existing.request_hash !== hash) throw keyReused();
    return replyOf(services, existing, true);
  };
  const replayed = await replay();
  if (replayed) return replayed;

  const plan = await planEdit(services, userId, body);
  const first = plan.sources[0]!;
  const id = `vid_${randomUUID()}`;
  let video: Video;
  try {
    video = await services.db.transaction().execute(async (trx) => {
      const spend = await spendInTransaction(trx, services, {
        userId,
        amount: plan.cost,
        idempotencyKey: `edit:${id}`,
        source: 'edit',
        reason: `${plan.spec.kind} of ${plan.spec.sourceIds.join(', ')}`,
        metadata: {
          videoId: id,
          edit: plan.spec.kind,
          sourceIds: plan.spec.sourceIds,
          model: plan.model,
          resolution: plan.resolution,
          duration: formatSeconds(plan.seconds),
        },
      });
      if ((await activeJobCount(trx, userId)) >= services.maxActiveJobsPerUser) {
        throw new AppError(429, 'TOO_MANY_JOBS', `You can have at most ${services.maxActiveJobsPerUser} videos in progress at once. Wait for one to finish.`);
      }
      const row = queuedJob({
        run_id: null,
        variation: null,
        id,
        user_id: userId,
        type: 'edit',
        prompt: first.prompt,
        image_id: null,
        template_id: null,
        model: plan.model,
        resolution: plan.resolution,
        duration: formatSeconds(plan.seconds),
        cost: plan.cost,
        // Edits are paid work on the priority queue; only generations can be relaxed.
        relaxed: 0,
        spend_id: spend.id,
        engine: plan.spec.kind === 'extend' ? services.engine.name : plan.engine,
        aspect_ratio: plan.aspectRatio,
        negative_prompt: first.negative_prompt,
        seed: first.seed,
        source_id: first.id,
        edit: JSON.stringify(plan.spec),
        idempotency_key: key,
        request_hash: key ? hash : null,
        created_at: services.now().toISOString(),
      });
      await trx.insertInto('videos').values(row).execute();
      return row;
    });
  } catch (error) {
    const twin = await replay();
    if (twin) return twin;
    if (isUniqueViolation(error)) throw new AppError(409, 'CONFLICT', 'The request conflicted with another one; try again');
    throw error;
  }
  services.worker?.wake();
  return replyOf(services, video, false);
}
